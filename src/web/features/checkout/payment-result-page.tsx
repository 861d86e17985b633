import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '../../../domain/catalog/money.ts';
import { INITIAL_ORDER_STATUS } from '../../../domain/orders/status.ts';
import {
  checkoutHref,
  NO_PROVIDER,
  type PaidOrderKind,
  type Payment,
  STRAY_CHARGE_REASONS,
} from '../../../domain/payments/payment.ts';
import {
  CLOSED_TEXT,
  closedLinkReason,
  NOT_PAID_AFTER_MS,
  NOT_PAID_POLL_MS,
  NOT_PAID_TEXT,
  type PaymentResultView,
  paymentResultView,
  REFUND_POLL_FOR_MS,
  REFUND_POLL_MS,
} from '../../../domain/payments/payment-result.ts';
import { STRAY_CHARGES_TEXT } from '../../../domain/payments/stray-charges.ts';
import { SECOND_LOOK_TEXT } from '../../../domain/photos/second-look.ts';
import { OrderNotFound } from '../../components/order-not-found.tsx';
import { PremiumSupportCard } from '../../components/premium-support-card.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { TAP_TARGET } from '../../components/ui/tap-target.ts';
import { UnbrokenRefs } from '../../components/ui/unbroken-refs.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { applicationKeys, getApplication, getChecklist } from '../../lib/application-api.ts';
import { confirmPayment, getPayment } from '../../lib/order-api.ts';
import { ORDER_KIND_PAGES } from '../../lib/order-kind-pages.ts';
import { putAnswer } from '../../lib/query-client.tsx';
import { PayButton } from './pay-button.tsx';
import { STILL_TO_DO_TEXT, stillToDoAfterPayment } from './still-to-do.ts';

/** How often the page asks while the provider's confirmation (the webhook) has not landed. */
export const POLL_MS = 1500;

export const RESULT_TEXT = {
  confirming: 'Confirming your payment…',
  confirmingLead: 'This usually takes a few seconds. Keep this page open; it updates by itself.',
  completedTitle: 'Payment received',
  completedLead: (amount: string, order: string) =>
    `We received ${amount} for order ${order}. A receipt is on its way to your e-mail.`,
  /** An order whose discounts cover its whole total: confirmed with no payment (provider `none`). */
  confirmedTitle: 'Order confirmed',
  confirmedLead: (order: string) =>
    `Your order ${order} is confirmed. Its discounts cover the whole total, so there was nothing to pay. A receipt is on its way to your e-mail.`,
  nextOrderPending:
    'What happens next: everything is in, so our team reviews your application. We will let you know as it moves on.',
  nextPhotoOrder:
    'What happens next: your fitted photos are ready to download on your order page, each at its exact size. Any prints follow as you chose.',
  /** …when a photo waits for a person's check: its file is held until they approve it, and the prints with it. */
  nextPhotoOrderChecked:
    'What happens next: your fitted photos are ready to download on your order page, each at its exact size, except a photo a person checks: it is ready once they approve it. Any prints wait for that approval too, then follow as you chose.',
  failedTitle: 'Your payment did not go through',
  failedLead:
    'The payment was declined or could not be confirmed, so your order is not paid and still waits in Payment pending. You can try again.',
  /** The order no longer waits for a payment (cancelled, or paid by another attempt meanwhile). */
  failedLeadNotWaiting: (status: string) =>
    `This payment was not taken, and your order no longer waits for one: it is ${status} now.`,
  /** A charge the order could not take (a stray attempt), given back in full. */
  returnedTitle: (refunded: boolean) => (refunded ? 'We refunded your payment' : 'We are refunding your payment'),
  returnedLead: (amount: string, because: string, refunded: boolean) =>
    `We received ${amount}, but ${because}, so we ${refunded ? 'refunded' : 'are refunding'} all of it to the card or account you paid with. Your bank may take a few days to show it.`,
  /** Given back at the payment provider before it reached the order (reason `refunded`): we refunded nothing. */
  returnedAtProviderTitle: 'Your payment was given back',
  returnedAtProviderLead: (amount: string) =>
    `We received ${amount}, but it was refunded at the payment provider before it reached your order, so it did not pay for it. The money goes back to the card or account you paid with; your bank may take a few days to show it.`,
  /** The provider refused the refund: a person sees to it (the order page says it the same way). */
  returnedByHand: STRAY_CHARGES_TEXT.byHand,
  /** Paid, and a second payment (another tab, a second try) given back. */
  alsoReturned: (amount: string, refunded: boolean) =>
    `We also received a second payment of ${amount} for this order and ${refunded ? 'refunded' : 'are refunding'} all of it to the card or account you paid with.`,
  /** Paid, and a second payment that was given back at the payment provider before it reached us. */
  alsoReturnedAtProvider: (amount: string) =>
    `We also received a second payment of ${amount} for this order; it was refunded at the payment provider, to the card or account you paid with.`,
  /** A stray charge from before its reason was kept. */
  returnedBecause: 'your order could not take it',
  payCurrentTotal: 'Your order is not paid: pay its current total on your order page.',
  tryAgain: 'Try again',
  toOrder: 'Go to your order',
  backToOrder: 'Back to your order',
} as const;

/** How the page names the order, by kind. */
const ORDER_NOUN: Record<PaidOrderKind, string> = { service: 'Application', photo: 'Photo order' };

const isNotFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * What comes after paying an application: our team's review once everything is in, or what is
 * actually left while it waits in Forms incomplete, read from the order's to-do and checklist
 * (forms not reviewed, uploads, the documents our team prepared in the print pack).
 */
function ServiceNext({ orderRef, orderStatus }: { orderRef: string; orderStatus: string }) {
  const waiting = orderStatus === 'Forms incomplete';
  const order = useQuery({
    queryKey: applicationKeys.order(orderRef),
    queryFn: async () => (await getApplication(orderRef)).data,
    enabled: waiting,
  });
  const checklist = useQuery({
    queryKey: applicationKeys.checklist(orderRef),
    queryFn: async () => (await getChecklist(orderRef)).data,
    enabled: waiting,
  });
  if (!waiting) return <p className="text-slate-700">{RESULT_TEXT.nextOrderPending}</p>;
  if (order.isError || checklist.isError) return <p className="text-slate-700">{STILL_TO_DO_TEXT.unknown}</p>;
  if (!order.data || !checklist.data) return null;
  return <p className="text-slate-700">{stillToDoAfterPayment(order.data, checklist.data)}</p>;
}

function Result({
  payment,
  orderRef,
  kind,
  personCheck,
}: {
  payment: Payment;
  orderRef: string;
  kind: PaidOrderKind;
  personCheck: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The result replaces "Confirming…": the focus moves to it so a screen reader reads it next.
  useEffect(() => heading.current?.focus(), []);
  const amount = formatMoney({ amountCents: payment.amountCents, currency: payment.currency });

  if (payment.state === 'COMPLETED') {
    const nothingPaid = payment.provider === NO_PROVIDER;
    return (
      <div className="card space-y-4">
        <Icon name="circle-check" className="size-10 text-green-700" />
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight text-slate-900 outline-none">
          {nothingPaid ? RESULT_TEXT.confirmedTitle : RESULT_TEXT.completedTitle}
        </h1>
        <p className="text-slate-800">
          <UnbrokenRefs
            text={nothingPaid ? RESULT_TEXT.confirmedLead(orderRef) : RESULT_TEXT.completedLead(amount, orderRef)}
          />
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
          <dt className="text-slate-600">Order</dt>
          <dd className="font-medium text-slate-900">{orderRef}</dd>
          <dt className="text-slate-600">Amount paid</dt>
          <dd className="font-medium text-slate-900">{amount}</dd>
          <dt className="text-slate-600">Order status</dt>
          <dd className="font-medium text-slate-900">{payment.orderStatus}</dd>
        </dl>
        {kind === 'photo' ? (
          <p className="text-slate-700">
            {personCheck ? RESULT_TEXT.nextPhotoOrderChecked : RESULT_TEXT.nextPhotoOrder}
          </p>
        ) : (
          <ServiceNext orderRef={orderRef} orderStatus={payment.orderStatus} />
        )}
        {payment.returned ? (
          <p role="note" className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-slate-900">
            {payment.returned.reason === 'refunded'
              ? RESULT_TEXT.alsoReturnedAtProvider(
                  formatMoney({ amountCents: payment.returned.amountCents, currency: payment.returned.currency }),
                )
              : RESULT_TEXT.alsoReturned(
                  formatMoney({ amountCents: payment.returned.amountCents, currency: payment.returned.currency }),
                  payment.returned.refund === 'succeeded',
                )}
          </p>
        ) : null}
        {personCheck ? (
          <p role="note" className="rounded-xl border border-sky-200 bg-sky-50 p-3 text-slate-900">
            {SECOND_LOOK_TEXT.promise}
          </p>
        ) : null}
        {payment.premiumSupport ? <PremiumSupportCard support={payment.premiumSupport} /> : null}
        <Link to={ORDER_KIND_PAGES[kind].orderHref(orderRef)} className="btn-primary">
          {RESULT_TEXT.toOrder}
          <Icon name="arrow-right" />
        </Link>
      </div>
    );
  }
  return <NotTaken payment={payment} orderRef={orderRef} kind={kind} heading={heading} />;
}

/**
 * A FAILED attempt: declined, closed, or paid when the order could no longer take it (a stray
 * charge, given back in full). "Try again" only for a decline while the order still waits for a
 * payment: after a stray charge or a closed link the order's total may have changed, which its
 * page or its checkout shows before anything is charged.
 */
function NotTaken({
  payment,
  orderRef,
  kind,
  heading,
}: {
  payment: Payment;
  orderRef: string;
  kind: PaidOrderKind;
  heading: RefObject<HTMLHeadingElement | null>;
}) {
  const { returned } = payment;
  const waiting = payment.orderStatus === INITIAL_ORDER_STATUS;
  const orderHref = ORDER_KIND_PAGES[kind].orderHref(orderRef);
  const closed = closedLinkReason(payment);
  if (returned) {
    const amount = formatMoney({ amountCents: returned.amountCents, currency: returned.currency });
    const because = returned.reason ? STRAY_CHARGE_REASONS[returned.reason] : RESULT_TEXT.returnedBecause;
    const refunded = returned.refund === 'succeeded';
    const atProvider = returned.reason === 'refunded';
    return (
      <div className="card space-y-4">
        <Icon name="circle-alert" className="size-10 text-saffron-600" />
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight text-slate-900 outline-none">
          {atProvider ? RESULT_TEXT.returnedAtProviderTitle : RESULT_TEXT.returnedTitle(refunded)}
        </h1>
        <p className="text-slate-800">
          {atProvider
            ? RESULT_TEXT.returnedAtProviderLead(amount)
            : RESULT_TEXT.returnedLead(amount, because, refunded)}
        </p>
        {returned.refund === 'failed' ? <p className="text-slate-800">{RESULT_TEXT.returnedByHand}</p> : null}
        {waiting ? <p className="text-slate-800">{RESULT_TEXT.payCurrentTotal}</p> : null}
        <Link to={orderHref} className="btn-primary">
          {RESULT_TEXT.toOrder}
          <Icon name="arrow-right" />
        </Link>
      </div>
    );
  }
  if (closed) {
    return (
      <div className="card space-y-4">
        <Icon name="circle-alert" className="size-10 text-saffron-600" />
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight text-slate-900 outline-none">
          {CLOSED_TEXT.title[closed]}
        </h1>
        <p className="text-slate-800">{CLOSED_TEXT.lead[closed]}</p>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          {waiting ? (
            <Link to={checkoutHref(orderRef, kind)} className="btn-primary">
              {CLOSED_TEXT.checkTotal}
              <Icon name="arrow-right" />
            </Link>
          ) : null}
          <Link to={orderHref} className={waiting ? 'btn-outline' : 'btn-primary'}>
            {waiting ? RESULT_TEXT.backToOrder : RESULT_TEXT.toOrder}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="card space-y-4">
      <Icon name="circle-alert" className="size-10 text-red-700" />
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight text-slate-900 outline-none">
        {RESULT_TEXT.failedTitle}
      </h1>
      <p className="text-slate-800">
        {waiting ? RESULT_TEXT.failedLead : RESULT_TEXT.failedLeadNotWaiting(payment.orderStatus)}
      </p>
      {waiting ? (
        <div className="max-w-sm">
          <PayButton
            orderRef={orderRef}
            kind={kind}
            amountCents={payment.orderTotal.amountCents}
            currency={payment.orderTotal.currency}
            label={RESULT_TEXT.tryAgain}
          />
        </div>
      ) : null}
      <Link to={orderHref} className={waiting ? `${TAP_TARGET} font-semibold text-brand-700 underline` : 'btn-primary'}>
        {waiting ? RESULT_TEXT.backToOrder : RESULT_TEXT.toOrder}
      </Link>
    </div>
  );
}

/**
 * Back without paying (issue 28): the order is not paid, and the two ways on. Not focused when it
 * replaces "Confirming…" on a timer (the customer may be reading or tabbing); the page's status
 * line announces it.
 */
function NotPaid({ orderRef, kind, started }: { orderRef: string; kind: PaidOrderKind; started: boolean }) {
  return (
    <div className="card space-y-4">
      <Icon name="circle-alert" className="size-10 text-saffron-600" />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{NOT_PAID_TEXT.title}</h1>
      <p className="text-slate-800">{started ? NOT_PAID_TEXT.lead : NOT_PAID_TEXT.leadNoAttempt}</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Link to={checkoutHref(orderRef, kind)} className="btn-primary">
          <Icon name="lock-keyhole" className="size-5" />
          {NOT_PAID_TEXT.payNow}
        </Link>
        <Link to={ORDER_KIND_PAGES[kind].orderHref(orderRef)} className="btn-outline">
          {NOT_PAID_TEXT.backToOrder}
        </Link>
      </div>
    </div>
  );
}

/** True once `ms` have passed since the page opened (a timer, so fake timers drive it in tests). */
function useWaited(ms: number): boolean {
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return waited;
}

/**
 * What the page's status line says, for screen readers, as the view changes. A final result takes
 * the focus to its heading instead (read once, not twice).
 */
const ANNOUNCED: Record<PaymentResultView, string> = {
  loading: '',
  confirming: RESULT_TEXT.confirming,
  completed: '',
  failed: '',
  'not-paid': `${NOT_PAID_TEXT.title}. ${NOT_PAID_TEXT.payNow} or go ${NOT_PAID_TEXT.backToOrder.toLowerCase()}.`,
};

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
    confirmPayment(orderRef, { provider: 'stripe', sessionId }).then(
      (res) => putAnswer(queryClient, ORDER_KIND_PAGES[kind].paymentKey(orderRef), res.data),
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
  personCheck = false,
}: {
  orderRef: string | null;
  stripeSessionId?: string | null;
  kind?: PaidOrderKind;
  /** A photo of the order waits for a person's second look (issue 31 §4): the promise is shown. */
  personCheck?: boolean;
}) {
  const pages = ORDER_KIND_PAGES[kind];
  const waited = useWaited(NOT_PAID_AFTER_MS);
  const refundWaitOver = useWaited(REFUND_POLL_FOR_MS);
  const payment = useQuery({
    queryKey: pages.paymentKey(orderRef ?? ''),
    queryFn: async () => (await getPayment(orderRef ?? '')).data,
    enabled: orderRef !== null,
    // Asks while nothing is final: often at first, then less once the page says "Not paid yet".
    // A refund is queued after the charge is recorded, so "We are refunding" is usually read
    // first: asked slowly for a while, it turns into "We refunded" without a reload.
    refetchInterval: (query) => {
      const data = query.state.data;
      if (data?.returned) return data.returned.refund === 'pending' && !refundWaitOver ? REFUND_POLL_MS : false;
      if (data !== null && data?.state !== 'PENDING') return false;
      return waited || data === null ? NOT_PAID_POLL_MS : POLL_MS;
    },
    // Back in a tab left on a result (a refund still pending, a FAILED retried and paid in another
    // tab), the page reads the payment again whatever its age.
    refetchOnWindowFocus: 'always',
    retry: (count, error) => !isNotFound(error) && count < 2,
  });
  useConfirmStripeSession(kind, orderRef, stripeSessionId, payment.data);
  if (orderRef === null || (payment.isError && isNotFound(payment.error))) return <OrderNotFound />;
  // A charge given back since this attempt opened (another tab's payment) is said at once, pending or not.
  const view: PaymentResultView =
    payment.data?.returned && payment.data.state === 'PENDING'
      ? 'failed'
      : paymentResultView(payment.data, waited ? NOT_PAID_AFTER_MS : 0);

  return (
    <div className="bg-slate-50/60">
      <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6 desk:py-14">
        <p className="eyebrow">
          {ORDER_NOUN[kind]} {orderRef}
        </p>
        {/* One status line for the whole page, always there, so each change of state is announced. */}
        <p role="status" aria-live="polite" className="sr-only">
          {payment.isError ? '' : ANNOUNCED[view]}
        </p>
        <div className="mt-3">
          {payment.isError ? (
            <LoadError what="your payment" onRetry={() => void payment.refetch()} />
          ) : view === 'not-paid' ? (
            <NotPaid orderRef={orderRef} kind={kind} started={payment.data !== null} />
          ) : payment.data && (view === 'completed' || view === 'failed') ? (
            <Result payment={payment.data} orderRef={orderRef} kind={kind} personCheck={personCheck} />
          ) : (
            <div className="card">
              <h1 className="text-3xl font-bold tracking-tight text-slate-900">Thank you</h1>
              <p className="mt-4 flex items-center gap-2 text-lg text-slate-800">
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
