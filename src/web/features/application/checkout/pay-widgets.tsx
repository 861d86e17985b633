import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { Payment, ProviderCheckout } from '../../../../domain/payments/payment.ts';

/**
 * What a provider's on-page checkout (Square's card form, Razorpay's Checkout) is given: the open
 * attempt and its public checkout values. It loads the provider's script itself, takes the
 * payment, sends the provider's evidence to `confirmPayment` and reports the server's answer.
 */
export interface PayWidgetProps {
  orderRef: string;
  payment: Payment;
  checkout: ProviderCheckout;
  /** The server's state of the payment after confirming (COMPLETED, FAILED or still PENDING). */
  onSettled(payment: Payment): void;
  /** The customer closed the provider's form without paying: the Pay button comes back. */
  onCancel(): void;
}

/**
 * One lazily loaded module per on-page provider (docs/decisions/0058): its code and the provider's
 * script reach the browser only when the customer pays with it, so the checkout's first load stays
 * within the JavaScript budget. Hosted-page providers (Stripe, the sandbox) need none.
 */
export const PAY_WIDGETS: {
  [K in ProviderCheckout['kind']]?: LazyExoticComponent<ComponentType<PayWidgetProps>>;
} = {
  razorpay: lazy(() => import('./pay-razorpay.tsx')),
};

/** The lazily loaded widget for an on-page checkout, or null when this build has none for it. */
export const payWidgetFor = (checkout: ProviderCheckout) => PAY_WIDGETS[checkout.kind] ?? null;
