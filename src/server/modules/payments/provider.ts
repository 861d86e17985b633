import type { IncomingHttpHeaders } from 'node:http';
import type { Currency } from '../../../domain/catalog/money.ts';
import type { PaymentProviderName } from '../../../domain/payments/payment.ts';

/**
 * What checkout needs from a payment provider (docs/decisions/0055). Shaped so Stripe Checkout
 * Sessions (create → hosted page URL; `checkout.session.*` events; retrieve the session), Square
 * Web Payments (a client token paid on our page; async signature check; GetPayment) and Razorpay
 * orders (create → order id for Checkout; HMAC events; fetch the order's payments) each fit.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Opens a payment for the amount; the same `attemptKey` again answers the same payment. */
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /**
   * Checks the signature over the raw body and answers the event; throws
   * WebhookVerificationError for anything forged, malformed or outside the provider's tolerance.
   * Async: some providers' checks are (Square's).
   */
  verifyWebhook(rawBody: string, headers: IncomingHttpHeaders): Promise<ProviderEvent>;
  /** The provider's own record of the payment now: what the webhook job trusts, not the event. */
  fetchPayment(providerPaymentId: string): Promise<ProviderPayment>;
  refund(input: {
    providerPaymentId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ refundId: string }>;
}

export interface CreatePaymentInput {
  order: { id: number; displayId: string; title: string; email: string };
  amountCents: number;
  currency: Currency;
  /** Derived from the order and the attempt number; every provider call of the attempt carries it. */
  attemptKey: string;
  /** Where the provider sends the customer back after paying or giving up. */
  returnUrl: string;
}

export interface CreatedPayment {
  providerPaymentId: string;
  /** A hosted page to send the customer to (Stripe, sandbox)… */
  redirectUrl: string | null;
  /** …or what the provider's browser script needs on our page (Square, Razorpay). */
  clientSecret: string | null;
}

export interface ProviderEvent {
  /** The provider's event id: the inbox keeps each (provider, id) once. */
  id: string;
  type: string;
  /** The payment the event is about, or null for events checkout does not act on. */
  providerPaymentId: string | null;
  payload: unknown;
}

export interface ProviderPayment {
  status: 'pending' | 'succeeded' | 'failed' | 'refunded';
  amountCents: number;
  currency: Currency;
}

/** A webhook that must be refused with 400 and not stored. */
export class WebhookVerificationError extends Error {}
