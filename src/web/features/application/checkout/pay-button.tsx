import { useRef, useState } from 'react';
import type { Currency } from '../../../../domain/catalog/money.ts';
import { formatMoney } from '../../../../domain/catalog/money.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { startPayment } from '../../../lib/application-api.ts';

export const PAY_TEXT = {
  pay: (amount: string) => `Pay ${amount}`,
  starting: 'Opening the payment page…',
  failed: 'We could not start the payment. Please try again.',
} as const;

/** Leaves for the provider's page (a full navigation: it is not one of our routes). */
export const goTo = {
  url(url: string) {
    window.location.assign(url);
  },
};

/**
 * Starts (or continues) a payment of the server's total and goes to the provider's page. A second
 * click while the first is under way does nothing (the ref is set before any render), and the
 * server continues an open attempt rather than making another (decision 0055).
 */
export function PayButton({
  orderRef,
  amountCents,
  currency,
  label = PAY_TEXT.pay(formatMoney({ amountCents, currency })),
}: {
  orderRef: string;
  amountCents: number;
  currency: Currency;
  label?: string;
}) {
  const running = useRef(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const pay = async () => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    setError(null);
    try {
      const { data } = await startPayment(orderRef);
      if (!data.redirectUrl) throw new Error('no payment page');
      goTo.url(data.redirectUrl);
    } catch (failure) {
      setError(errorMessage(failure, PAY_TEXT.failed));
      running.current = false;
      setPending(false);
    }
  };

  return (
    <div>
      <button
        type="button"
        className="btn-primary w-full"
        aria-disabled={pending || undefined}
        aria-describedby={error ? 'pay-error' : undefined}
        onClick={() => void pay()}
      >
        <Icon
          name={pending ? 'loader-circle' : 'lock-keyhole'}
          className={pending ? 'size-5 animate-spin' : 'size-5'}
        />
        {label}
      </button>
      <p role="status" className="mt-2 text-sm text-slate-600">
        {pending ? PAY_TEXT.starting : ''}
      </p>
      {error ? (
        <p id="pay-error" role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
