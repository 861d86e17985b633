import type { Payment, ProviderCheckout } from '../../../domain/payments/payment.ts';

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
