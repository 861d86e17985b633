import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '../../../domain/catalog/money.ts';
import { checkoutHref, PAYMENT_MESSAGES, type PaidOrderKind, type Payment } from '../../../domain/payments/payment.ts';
import { OrderNotFound } from '../../components/order-not-found.tsx';
import { PremiumSupportCard } from '../../components/premium-support-card.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { PAYMENT_CALLS } from '../../lib/payment-calls.ts';
import { PayButton } from './pay-button.tsx';

/** How often the page asks while the provider's confirmation (the webhook) has not landed. */
export const POLL_MS = 1500;

export const RESULT_TEXT = {
  confirming: 'Confirming your payment…',
  confirmingLead: 'This usually takes a few seconds. Keep this page open; it updates by itself.',
  completedTitle: 'Payment received',
  completedLead: (amount: string, order: string) =>
    `We received ${amount} for order ${order}. A receipt is on its way to your e-mail.`,
  nextFormsIncomplete:
    'What happens next: finish every member’s form and upload the documents still missing. Once everything is in, our team starts on your application.',
  nextOrderPending:
    'What happens next: everything is in, so our team reviews your application. We will let you know as it moves on.',
  nextPhotoOrder:
    'What happens next: your fitted photos are ready to download on your order page, each at its exact size. Any prints follow as you chose.',
  failedTitle: 'Your payment did not go through',
  failedLead:
    'The payment was declined or could not be confirmed, so your order is not paid and still waits in Payment pending. You can try again.',
  tryAgain: 'Try again',
  toOrder: 'Go to your order',
  backToOrder: 'Back to your order',
  toCheckout: 'Go to checkout',
} as const;

/** How the page names the order, by kind. */
const ORDER_NOUN: Record<PaidOrderKind, string> = { service: 'Application', photo: 'Photo order' };

const isNotFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

function Result({ payment, orderRef, kind }: { payment: Payment; orderRef: string; kind: PaidOrderKind }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The result replaces "Confirming…": the focus moves to it so a screen reader reads it next.
  useEffect(() => heading.current?.focus(), []);
  const amount = formatMoney({ amountCents: payment.amountCents, currency: payment.currency });

  if (payment.state === 'COMPLETED') {
    return (
      <div className="card space-y-4">
        <Icon name="circle-check" className="size-10 text-green-700" />
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight text-slate-900 outline-none">
          {RESULT_TEXT.completedTitle}
        </h1>
        <p className="text-slate-800">{RESULT_TEXT.completedLead(amount, orderRef)}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
          <dt className="text-slate-600">Order</dt>
          <dd className="font-medium text-slate-900">{orderRef}</dd>
          <dt className="text-slate-600">Amount paid</dt>
          <dd className="font-medium text-slate-900">{amount}</dd>
          <dt className="text-slate-600">Order status</dt>
          <dd className="font-medium text-slate-900">{payment.orderStatus}</dd>
        </dl>
        <p className="text-slate-700">
          {kind === 'photo'
            ? RESULT_TEXT.nextPhotoOrder
            : payment.orderStatus === 'Forms incomplete'
              ? RESULT_TEXT.nextFormsIncomplete
              : RESULT_TEXT.nextOrderPending}
        </p>
        {payment.premiumSupport ? <PremiumSupportCard support={payment.premiumSupport} /> : null}
        <Link to={PAYMENT_CALLS[kind].orderHref(orderRef)} className="btn-primary">
          {RESULT_TEXT.toOrder}
          <Icon name="arrow-right" />
        </Link>
      </div>
    );
  }
  return (
    <div className="card space-y-4">
      <Icon name="circle-alert" className="size-10 text-red-700" />
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight text-slate-900 outline-none">
        {RESULT_TEXT.failedTitle}
      </h1>
      <p className="text-slate-800">{RESULT_TEXT.failedLead}</p>
      <div className="max-w-sm">
        <PayButton
          orderRef={orderRef}
          kind={kind}
          amountCents={payment.amountCents}
          currency={payment.currency}
          label={RESULT_TEXT.tryAgain}
        />
      </div>
      <Link to={PAYMENT_CALLS[kind].orderHref(orderRef)} className="font-semibold text-brand-700 underline">
        {RESULT_TEXT.backToOrder}
      </Link>
    </div>
  );
}

/**
 * Stripe sends the customer back with its session's id: the page asks the server once to verify
 * that session with Stripe, which can show COMPLETED before the webhook lands. Polling stays the
 * main path: a refused or failed confirmation leaves the page polling as before.
 */
function useConfirmStripeSession(
  kind: PaidOrderKind,
  orderRef: string | null,
  sessionId: string | null,
  payment: Payment | null | undefined,
) {
  const queryClient = useQueryClient();
  const asked = useRef(false);
  const pendingStripe = payment?.state === 'PENDING' && payment.provider === 'stripe';
  useEffect(() => {
    if (!orderRef || !sessionId || !pendingStripe || asked.current) return;
    asked.current = true;
    const calls = PAYMENT_CALLS[kind];
    calls.confirm(orderRef, { provider: 'stripe', sessionId }).then(
      (res) => queryClient.setQueryData(calls.paymentKey(orderRef), res.data),
      () => {},
    );
  }, [kind, orderRef, sessionId, pendingStripe, queryClient]);
}

/**
 * /service-payment-success?orderId=DOC-… and /photo-payment-success?orderId=PHO-… (SPEC.md §2,
 * decisions 0056, 0065): where the provider sends the customer back. It shows the server's record of the latest attempt (SPEC.md §4 COMPLETED or FAILED),
 * asking again every POLL_MS while it is still pending (the webhook has not landed yet). Back from
 * Stripe, `stripeSessionId` (its `session_id`) is confirmed once.
 */
export function PaymentResultPage({
  orderRef,
  stripeSessionId = null,
  kind = 'service',
}: {
  orderRef: string | null;
  stripeSessionId?: string | null;
  kind?: PaidOrderKind;
}) {
  const calls = PAYMENT_CALLS[kind];
  const payment = useQuery({
    queryKey: calls.paymentKey(orderRef ?? ''),
    queryFn: async () => (await calls.latest(orderRef ?? '')).data,
    enabled: orderRef !== null,
    refetchInterval: (query) => (query.state.data?.state === 'PENDING' ? POLL_MS : false),
    retry: (count, error) => !isNotFound(error) && count < 2,
  });
  useConfirmStripeSession(kind, orderRef, stripeSessionId, payment.data);
  if (orderRef === null || (payment.isError && isNotFound(payment.error))) return <OrderNotFound />;

  return (
    <div className="bg-slate-50/60">
      <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6 desk:py-14">
        <p className="eyebrow">
          {ORDER_NOUN[kind]} {orderRef}
        </p>
        <div className="mt-3">
          {payment.isError ? (
            <LoadError what="your payment" onRetry={() => void payment.refetch()} />
          ) : payment.data === null ? (
            <div className="card space-y-4">
              <h1 className="text-3xl font-bold tracking-tight text-slate-900">{PAYMENT_MESSAGES.notStarted}</h1>
              <Link to={checkoutHref(orderRef, kind)} className="btn-primary">
                {RESULT_TEXT.toCheckout}
                <Icon name="arrow-right" />
              </Link>
            </div>
          ) : payment.data && payment.data.state !== 'PENDING' ? (
            <Result payment={payment.data} orderRef={orderRef} kind={kind} />
          ) : (
            <div className="card">
              <h1 className="text-3xl font-bold tracking-tight text-slate-900">Thank you</h1>
              <p role="status" aria-live="polite" className="mt-4 flex items-center gap-2 text-lg text-slate-800">
                <Icon name="loader-circle" className="size-5 animate-spin" />
                {RESULT_TEXT.confirming}
              </p>
              <p className="mt-2 text-slate-600">{RESULT_TEXT.confirmingLead}</p>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
