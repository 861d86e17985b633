import { useCallback, useEffect, useRef, useState } from 'react';
import { formatMoney } from '../../../domain/catalog/money.ts';
import { DEFAULT_CONTACT } from '../../../domain/config/site.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { confirmPayment } from '../../lib/order-api.ts';
import { useSessionStore } from '../../lib/stores/session-store.ts';
import type { PayWidgetProps } from './pay-widget-props.ts';

export const RAZORPAY_TEXT = {
  opening: 'Opening Razorpay’s secure payment window…',
  open: (amount: string) =>
    `Pay ${amount} in the Razorpay window (UPI, cards, netbanking). Closing it brings you back here.`,
  verifying: 'Payment made. Verifying it with Razorpay…',
  loadFailed: 'We could not load Razorpay’s payment window. Check your connection and try again.',
  verifyFailed: 'We could not verify this payment.',
  tryAgain: 'Try again',
  otherWay: 'Choose another way to pay',
} as const;

/** What Razorpay Checkout hands `handler` after a successful payment. */
interface RazorpaySuccess {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/** The part of checkout.js's global this widget uses. */
export interface RazorpayCheckoutConstructor {
  new (options: {
    key: string;
    order_id: string;
    amount: number;
    currency: string;
    name: string;
    description: string;
    prefill?: { email?: string };
    handler(response: RazorpaySuccess): void;
    modal: { ondismiss(): void; escape?: boolean };
    theme?: { color: string };
  }): { open(): void };
}

declare global {
  interface Window {
    Razorpay?: RazorpayCheckoutConstructor;
  }
}

const loads = new Map<string, Promise<RazorpayCheckoutConstructor>>();

/** Adds checkout.js once (the CSP allows its origin, decision 0061); a failed load can be tried again. */
function loadCheckout(src: string): Promise<RazorpayCheckoutConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  let pending = loads.get(src);
  if (!pending) {
    pending = new Promise<RazorpayCheckoutConstructor>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => (window.Razorpay ? resolve(window.Razorpay) : reject(new Error('no Razorpay')));
      script.onerror = () => {
        script.remove();
        reject(new Error('checkout.js did not load'));
      };
      document.head.append(script);
    });
    pending.catch(() => loads.delete(src));
    loads.set(src, pending);
  }
  return pending;
}

type Phase = 'opening' | 'open' | 'verifying' | 'failed';

/**
 * Razorpay Checkout on our page (docs/decisions/0061): UPI (a QR code on desktop, the UPI apps on
 * a phone), cards, netbanking and wallets, in INR. Its handler's payment signature goes to the
 * server, which verifies it and asks Razorpay; closing the window brings the Pay button back.
 */
export default function PayRazorpay({ orderRef, payment, checkout, onSettled, onCancel }: PayWidgetProps) {
  const email = useSessionStore((s) => s.user?.email);
  const [phase, setPhase] = useState<Phase>('opening');
  const [error, setError] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  /** The payment Checkout reported, once it did: a retry verifies it again rather than paying twice. */
  const paid = useRef<RazorpaySuccess | null>(null);
  const amount = formatMoney(payment);

  const verify = useCallback(
    (response: RazorpaySuccess) => {
      paid.current = response;
      setPhase('verifying');
      setError(null);
      confirmPayment(orderRef, {
        provider: 'razorpay',
        razorpayOrderId: response.razorpay_order_id,
        razorpayPaymentId: response.razorpay_payment_id,
        razorpaySignature: response.razorpay_signature,
      })
        .then(({ data }) => onSettled(data))
        .catch((failure: unknown) => {
          setError(errorMessage(failure, RAZORPAY_TEXT.verifyFailed));
          setPhase('failed');
        });
    },
    [onSettled, orderRef],
  );

  const open = useCallback(async () => {
    if (checkout.kind !== 'razorpay') return;
    setPhase('opening');
    setError(null);
    let Razorpay: RazorpayCheckoutConstructor;
    try {
      Razorpay = await loadCheckout(checkout.scriptUrl);
    } catch {
      setError(RAZORPAY_TEXT.loadFailed);
      setPhase('failed');
      return;
    }
    const rzp = new Razorpay({
      key: checkout.keyId,
      order_id: checkout.orderId,
      amount: payment.amountCents,
      currency: payment.currency,
      name: DEFAULT_CONTACT.companyName,
      description: `Order ${orderRef}`,
      ...(email ? { prefill: { email } } : {}),
      handler: verify,
      modal: { ondismiss: onCancel },
      theme: { color: '#1d4ed8' },
    });
    rzp.open();
    setPhase('open');
  }, [checkout, email, onCancel, orderRef, payment, verify]);

  // Opens once when shown (not again when a prop's identity changes, nor twice in StrictMode).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void open();
  }, [open]);

  // The failure is announced (role=alert) and takes focus, so a keyboard user is at its buttons.
  useEffect(() => {
    if (phase === 'failed') alertRef.current?.focus();
  }, [phase]);

  if (phase === 'failed') {
    return (
      <div ref={alertRef} tabIndex={-1} className="space-y-3 outline-none">
        <p role="alert" className="field-error">
          {error}
        </p>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-primary"
            onClick={() => (paid.current ? verify(paid.current) : void open())}
          >
            {RAZORPAY_TEXT.tryAgain}
          </button>
          {paid.current ? null : (
            <button type="button" className="btn-outline" onClick={onCancel}>
              {RAZORPAY_TEXT.otherWay}
            </button>
          )}
        </div>
      </div>
    );
  }
  const message =
    phase === 'opening'
      ? RAZORPAY_TEXT.opening
      : phase === 'open'
        ? RAZORPAY_TEXT.open(amount)
        : RAZORPAY_TEXT.verifying;
  return (
    <p role="status" className="text-sm text-slate-700">
      {message}
    </p>
  );
}
