import { useEffect, useId, useRef, useState } from 'react';
import { formatMoney } from '../../../domain/catalog/money.ts';
import type { ProviderCheckout } from '../../../domain/payments/payment.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { confirmPayment } from '../../lib/order-api.ts';
import type { PayWidgetProps } from './pay-widget-props.ts';

export const SQUARE_TEXT = {
  heading: 'Pay by card',
  loading: 'Loading the secure card form…',
  /** As the Pay button before it (pay-button.tsx, not imported: that module lazily imports this one). */
  pay: (amount: string) => `Pay ${amount}`,
  paying: 'Paying…',
  cancel: 'Choose another way to pay',
  loadFailed: 'The card form could not be loaded. Check your connection and try again, or choose another way to pay.',
  cardInvalid: 'Check your card details and try again.',
  failed: 'We could not take the payment. Please try again.',
  secured: 'Your card details go straight to Square, our card processor; we never see or keep them.',
} as const;

/** The parts of Square's Web Payments SDK (window.Square) this form uses. */
interface SquareCard {
  attach(target: HTMLElement): Promise<void>;
  tokenize(verification?: object): Promise<{ status: string; token?: string; errors?: { message: string }[] }>;
  destroy(): Promise<unknown>;
}
export interface SquareWebSdk {
  payments(applicationId: string, locationId: string): { card(): Promise<SquareCard> };
}
declare global {
  interface Window {
    Square?: SquareWebSdk;
  }
}

let loading: Promise<SquareWebSdk> | null = null;

/** Adds Square's script once (the page's CSP allows its host). */
function loadSquare(scriptUrl: string): Promise<SquareWebSdk> {
  if (window.Square) return Promise.resolve(window.Square);
  loading ??= new Promise<SquareWebSdk>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.onload = () => (window.Square ? resolve(window.Square) : reject(new Error('Square did not load')));
    script.onerror = () => {
      script.remove();
      reject(new Error('Square did not load'));
    };
    document.head.append(script);
  }).finally(() => {
    // Loaded, window.Square is the cache; failed, the next form tries again.
    loading = null;
  });
  return loading;
}

/** Square's `Card.tokenize` details that let Square run the buyer's bank check (3-D Secure) itself. */
function verificationFor(payment: PayWidgetProps['payment']) {
  return {
    amount: (payment.amountCents / 100).toFixed(2),
    currencyCode: payment.currency,
    intent: 'CHARGE',
    customerInitiated: true,
    sellerKeyedIn: false,
    billingContact: {},
  };
}

type Phase = 'loading' | 'ready' | 'paying' | 'unavailable';

/**
 * Square's card form on our page (docs/decisions/0060): its script is loaded only now, the card is
 * entered in Square's frames, and the single-use token goes to our server, which charges the
 * attempt's amount. Whatever the server answers (paid, declined, still confirming) is handed on.
 */
export default function PaySquare(props: PayWidgetProps) {
  return props.checkout.kind === 'square' ? <SquareCardForm {...props} square={props.checkout} /> : null;
}

function SquareCardForm({
  orderRef,
  payment,
  square,
  onSettled,
  onCancel,
}: PayWidgetProps & { square: Extract<ProviderCheckout, { kind: 'square' }> }) {
  const container = useRef<HTMLDivElement>(null);
  const card = useRef<SquareCard | null>(null);
  // Set before any render: a double click pays once.
  const busy = useRef(false);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  const errorId = useId();

  useEffect(() => {
    let gone = false;
    let attached: SquareCard | null = null;
    (async () => {
      try {
        const sdk = await loadSquare(square.scriptUrl);
        const created = await sdk.payments(square.applicationId, square.locationId).card();
        if (gone || !container.current) return void created.destroy();
        await created.attach(container.current);
        attached = created;
        card.current = created;
        if (!gone) setPhase('ready');
      } catch {
        if (!gone) {
          setPhase('unavailable');
          setError(SQUARE_TEXT.loadFailed);
        }
      }
    })();
    return () => {
      gone = true;
      card.current = null;
      void attached?.destroy();
    };
  }, [square.scriptUrl, square.applicationId, square.locationId]);

  // A new error is announced and takes the focus, so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (error) alertRef.current?.focus();
  }, [error]);

  const pay = async () => {
    if (busy.current || phase !== 'ready' || !card.current) return;
    busy.current = true;
    setPhase('paying');
    setError(null);
    try {
      const result = await card.current.tokenize(verificationFor(payment));
      if (result.status !== 'OK' || !result.token) {
        setError(result.errors?.[0]?.message ?? SQUARE_TEXT.cardInvalid);
        setPhase('ready');
        busy.current = false;
        return;
      }
      const { data } = await confirmPayment(orderRef, { provider: 'square', sourceId: result.token });
      onSettled(data);
    } catch (failure) {
      setError(errorMessage(failure, SQUARE_TEXT.failed));
      setPhase('ready');
      busy.current = false;
    }
  };

  const amount = formatMoney(payment);
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-xl border border-slate-300 p-4">
      <h3 id={headingId} className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <Icon name="lock-keyhole" className="size-4" />
        {SQUARE_TEXT.heading}
      </h3>
      <p role="status" className="text-sm text-slate-600">
        {phase === 'loading' ? SQUARE_TEXT.loading : ''}
      </p>
      {/* Square renders its card frame here; min-height keeps the page from jumping when it arrives. */}
      <div ref={container} className={phase === 'unavailable' ? 'hidden' : 'min-h-[5.5rem]'} />
      {error ? (
        <p id={errorId} ref={alertRef} role="alert" tabIndex={-1} className="field-error outline-none">
          <Icon name="circle-alert" className="mt-0.5 size-4" />
          {error}
        </p>
      ) : null}
      {phase === 'unavailable' ? null : (
        <button
          type="button"
          className="btn-primary w-full"
          aria-disabled={phase !== 'ready' || undefined}
          aria-describedby={error ? errorId : undefined}
          onClick={() => void pay()}
        >
          <Icon
            name={phase === 'paying' ? 'loader-circle' : 'lock-keyhole'}
            className={phase === 'paying' ? 'size-5 animate-spin' : 'size-5'}
          />
          {phase === 'paying' ? SQUARE_TEXT.paying : SQUARE_TEXT.pay(amount)}
        </button>
      )}
      <button type="button" className="btn-outline w-full" disabled={phase === 'paying'} onClick={onCancel}>
        <Icon name="arrow-left" className="size-5" />
        {SQUARE_TEXT.cancel}
      </button>
      <p className="text-xs text-slate-600">{SQUARE_TEXT.secured}</p>
    </section>
  );
}
