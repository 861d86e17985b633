import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Currency } from '../../../domain/catalog/money.ts';
import { formatMoney } from '../../../domain/catalog/money.ts';
import {
  nothingToPay,
  type PaidOrderKind,
  type Payment,
  type PaymentOption,
  type PaymentProviderName,
  paymentResultHref,
} from '../../../domain/payments/payment.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { goTo } from '../../lib/go-to.ts';
import { getPaymentOptions, startPayment } from '../../lib/order-api.ts';
import { ORDER_KIND_PAGES } from '../../lib/order-kind-pages.ts';
import { payWidgetFor } from './pay-widgets.tsx';

export const PAY_TEXT = {
  pay: (amount: string) => `Pay ${amount}`,
  /** Discounts cover the whole total: the order is confirmed with no payment (decision 0163). */
  confirm: 'Confirm order (nothing to pay)',
  confirming: 'Confirming your order…',
  payWith: 'Pay with',
  converted: (rate: string, from: Currency, to: Currency) => `Charged in ${to} at 1 ${from} = ${rate} ${to}`,
  starting: 'Opening the payment page…',
  loadingWidget: 'Loading the secure payment form…',
  failed: 'We could not start the payment. Please try again.',
  noWidget: 'This payment method cannot be used in this browser. Please choose another one.',
} as const;

function ProviderChoice({
  options,
  orderCurrency,
  chosen,
  onChoose,
}: {
  options: PaymentOption[];
  orderCurrency: Currency;
  chosen: PaymentProviderName;
  onChoose(provider: PaymentProviderName): void;
}) {
  const name = useId();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-900">{PAY_TEXT.payWith}</legend>
      {options.map((option) => (
        <label
          key={option.provider}
          className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
        >
          <input
            type="radio"
            name={name}
            value={option.provider}
            checked={chosen === option.provider}
            onChange={() => onChoose(option.provider)}
            className="mt-1"
          />
          <span className="min-w-0 text-sm">
            <span className="block font-semibold text-slate-900">{option.label}</span>
            <span className="block text-slate-700">
              {formatMoney(option)}
              {option.exchangeRate
                ? ` · ${PAY_TEXT.converted(option.exchangeRate, orderCurrency, option.currency)}`
                : ''}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * Starts (or continues) a payment of the server's total with the chosen provider: a hosted page
 * is a navigation; an on-page checkout (Square, Razorpay) loads its widget only now. A second
 * click while the first is under way does nothing (the ref is set before any render), and the
 * server continues an open attempt rather than making another (decisions 0055, 0058).
 */
export function PayButton({
  orderRef,
  amountCents,
  currency,
  label,
  kind = 'service',
  readiness = '',
  blockedBy = null,
  onRefused,
}: {
  orderRef: string;
  /** Which kind of order is paid: an application (DOC-…) or a photo order (PHO-…). */
  kind?: PaidOrderKind;
  /** The order's total, shown until the providers' charges are known. */
  amountCents: number;
  currency: Currency;
  label?: string;
  /**
   * What the order still needs before payment, in any form that changes with it: a refusal shown
   * ("Before paying, please add…") goes once the customer has given something since.
   */
  readiness?: string;
  /**
   * What the order still needs before it can be paid, known before Pay is pressed (a photo order
   * with no photo it can deliver): Pay is disabled, and this says why beside it.
   */
  blockedBy?: string | null;
  /**
   * The server refused to start the payment because the order changed under the page (a 409: a
   * total changed in another tab, a coupon gone, the order paid): the caller reads the order again
   * and shows it as it is now, where it knows how to (the photo flow, at its review step). Without
   * it, every query of the order's kind is read again.
   */
  onRefused?(message: string): void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pages = ORDER_KIND_PAGES[kind];
  const running = useRef(false);
  const [pending, setPending] = useState(false);
  // `untilReady`: a refusal naming what the order still needs ("Before paying, please add…"), which
  // goes once the customer has given something since. Any other (a total that changed) stays.
  const [error, setError] = useState<{ message: string; untilReady: boolean } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new readiness is the reason to clear it.
  useEffect(() => setError((shown) => (shown?.untilReady ? null : shown)), [readiness]);
  // A refusal takes the focus where Pay was pressed: the customer reads why before anything else.
  // In the commit that shows it (a layout effect): a passive one ran a moment after the line
  // appeared, and a test reading the focus as the line appeared found it still on the page.
  const errorLine = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => {
    if (error) errorLine.current?.focus();
  }, [error]);
  const [chosen, setChosen] = useState<PaymentProviderName | null>(null);
  const [onPage, setOnPage] = useState<Payment | null>(null);
  // Back from an on-page form the customer closed: the focus returns to the Pay button it replaced.
  const payButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (onPage || !refocus.current) return;
    refocus.current = false;
    payButton.current?.focus();
  }, [onPage]);
  // Without the options (still loading, or failed) Pay uses the server's default provider.
  // Asked again whenever the total changes (an add-on, a coupon): each option's charge follows it.
  // The previous list stays meanwhile, so the choice does not flicker away.
  const options = useQuery({
    queryKey: [...pages.optionsKey(orderRef), amountCents, currency],
    queryFn: async () => (await getPaymentOptions(orderRef)).data,
    placeholderData: keepPreviousData,
  });
  const list = options.data ?? [];
  const selected = list.find((o) => o.provider === chosen) ?? list[0] ?? null;
  // Unconverted, a provider charges the order's total, which the page knows before the options do.
  const charge = selected?.exchangeRate ? selected : { amountCents, currency };
  // Nothing to pay: no provider is chosen or called; the server confirms the order at once.
  const free = nothingToPay(amountCents);

  const finish = () => {
    running.current = false;
    setPending(false);
  };

  const pay = async () => {
    if (running.current || blockedBy) return;
    running.current = true;
    setPending(true);
    setError(null);
    try {
      // The total the page shows goes with it: the server refuses rather than charge another one.
      const { data } = await startPayment(orderRef, { amountCents, currency }, selected?.provider);
      if (data.state === 'COMPLETED') return void navigate(paymentResultHref(orderRef, kind));
      if (data.redirectUrl) return goTo.url(data.redirectUrl);
      if (!data.checkout) throw new Error(PAY_TEXT.noWidget);
      setOnPage(data);
    } catch (failure) {
      const message = errorMessage(failure, PAY_TEXT.failed);
      const refused = failure instanceof ApiError && failure.status === 409;
      setError({ message, untilReady: refused && 'missing' in failure.fieldErrors });
      // The order changed under the customer (a new total, a coupon dropped, a status moved): show it as it is now.
      if (refused) {
        if (onRefused) onRefused(message);
        else void queryClient.invalidateQueries({ queryKey: pages.allKey });
      }
      finish();
    }
  };

  const Widget = onPage?.checkout ? payWidgetFor(onPage.checkout) : null;
  return (
    <div className="space-y-3">
      {list.length > 1 && !free ? (
        <ProviderChoice
          options={list}
          orderCurrency={currency}
          chosen={selected?.provider ?? list[0]?.provider ?? 'sandbox'}
          onChoose={(provider) => {
            if (!running.current) setChosen(provider);
          }}
        />
      ) : null}
      {Widget && onPage?.checkout ? (
        <Suspense fallback={<p role="status">{PAY_TEXT.loadingWidget}</p>}>
          <Widget
            orderRef={orderRef}
            payment={onPage}
            checkout={onPage.checkout}
            onSettled={() => void navigate(paymentResultHref(orderRef, kind))}
            onCancel={() => {
              refocus.current = true;
              setOnPage(null);
              finish();
            }}
          />
        </Suspense>
      ) : (
        <button
          ref={payButton}
          type="button"
          className={blockedBy ? 'btn-primary w-full cursor-not-allowed opacity-60' : 'btn-primary w-full'}
          aria-disabled={pending || Boolean(blockedBy) || undefined}
          aria-describedby={[blockedBy ? 'pay-blocked' : '', error ? 'pay-error' : ''].join(' ').trim() || undefined}
          onClick={() => void pay()}
        >
          <Icon
            name={pending ? 'loader-circle' : 'lock-keyhole'}
            className={pending ? 'size-5 animate-spin' : 'size-5'}
          />
          {label ?? (free ? PAY_TEXT.confirm : PAY_TEXT.pay(formatMoney(charge)))}
        </button>
      )}
      {blockedBy ? (
        <p id="pay-blocked" className="text-sm font-medium text-amber-900">
          {blockedBy}
        </p>
      ) : null}
      <p role="status" className="text-sm text-slate-600">
        {pending && !onPage ? (free ? PAY_TEXT.confirming : PAY_TEXT.starting) : ''}
      </p>
      {error ? (
        <p id="pay-error" ref={errorLine} tabIndex={-1} role="alert" className="field-error outline-none">
          {error.message}
        </p>
      ) : null}
    </div>
  );
}
