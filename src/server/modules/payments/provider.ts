import type { IncomingHttpHeaders } from 'node:http';
import type { Currency } from '../../../domain/catalog/money.ts';
import type {
  ConfirmPayment,
  PaymentMethod,
  PaymentProviderName,
  ProviderCheckout,
} from '../../../domain/payments/payment.ts';

/**
 * What checkout needs from a payment provider (docs/decisions/0055). Shaped so Stripe Checkout
 * Sessions (create → hosted page URL; `checkout.session.*` events; retrieve the session), Square
 * Web Payments (a client token paid on our page; async signature check; GetPayment) and Razorpay
 * orders (create → order id for Checkout; HMAC events; fetch the order's payments) each fit.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /**
   * The currencies it charges, preferred first. An order in another currency is charged in the
   * first of them at the stored exchange rate (Razorpay: INR), or not offered when there is none.
   */
  readonly chargeCurrencies: readonly Currency[];
  /**
   * The origins its on-page checkout loads scripts from, calls and frames (the pages' content
   * security policy allows them); none for hosted-page providers.
   */
  readonly browserHosts?: { script?: readonly string[]; connect?: readonly string[]; frame?: readonly string[] };
  /** Opens a payment for the amount; the same `attemptKey` again answers the same payment. */
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /**
   * Verifies what the browser handed back after paying on our page or returning from the
   * provider's (Square's card token is charged here, with the attempt key as idempotency key;
   * Razorpay's signature is checked; Stripe's session is retrieved) and answers the provider's
   * own record of the payment. Throws PaymentConfirmationError when the evidence does not hold.
   * Absent for providers that only confirm through their webhook (the sandbox).
   */
  confirmPayment?(input: ConfirmPaymentInput): Promise<ConfirmedPayment>;
  /**
   * A failed try leaves the payment payable at the provider, so the attempt it failed may still be
   * paid and confirmed: Razorpay's order takes another try in the same Checkout window (a UPI
   * payment declined, then one that goes through). Absent: a failed attempt is over.
   */
  readonly payableAfterFailure?: boolean;
  /**
   * How long the payment the provider opens stays payable (Stripe's Checkout Session: an hour);
   * absent when it lasts as long as our attempt. An attempt is not continued past it, or the
   * customer would be sent to the provider's "expired" page until its late event closed it.
   */
  readonly payableForMs?: number;
  /**
   * Checks the signature over the raw body and answers the event; throws
   * WebhookVerificationError for anything forged, malformed or outside the provider's tolerance.
   * Async: some providers' checks are (Square's).
   */
  verifyWebhook(rawBody: string, headers: IncomingHttpHeaders): Promise<ProviderEvent>;
  /**
   * Closes an unpaid payment so it can no longer be paid (Stripe expires the session; the sandbox
   * refuses its link). Absent where the provider cannot (Razorpay's orders stay payable, Square's
   * form is made anew per attempt): a payment that still arrives there is a stray charge, refunded.
   * Closing one already paid or closed is not an error.
   */
  closePayment?(providerPaymentId: string): Promise<void>;
  /** The provider's own record of the payment now: what the webhook job trusts, not the event. */
  fetchPayment(providerPaymentId: string): Promise<ProviderPayment>;
  /**
   * Throws RefundRefusedError, or an SDK error with a 4xx status (`refundRefused`), when the
   * provider certainly made no refund; any other throw leaves it unknown whether it did.
   */
  refund(input: {
    providerPaymentId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ refundId: string }>;
  /**
   * The provider's record of refund `refundId` of the payment (one staff made by hand in its
   * dashboard): null when it has no such refund, or the refund is of another payment.
   */
  findRefund(input: { providerPaymentId: string; refundId: string }): Promise<ProviderRefund | null>;
}

/** A refund as its provider records it: the amount in the payment's currency, and how it stands. */
export interface ProviderRefund {
  amountCents: number;
  /** `pending`: made, the money on its way (Square's refunds start so, a bank's take days). */
  status: 'succeeded' | 'pending' | 'failed';
}

export interface CreatePaymentInput {
  order: { id: number; displayId: string; title: string; email: string };
  amountCents: number;
  currency: Currency;
  /** Derived from the order and the attempt number; every provider call of the attempt carries it. */
  attemptKey: string;
  /** Where the provider sends the customer back after paying (the result page confirms and polls)… */
  returnUrl: string;
  /** …and after giving up on its page (the checkout, to choose again). */
  cancelUrl: string;
  /**
   * When the attempt was opened: parameters derived from it (Stripe's session expiry) are the same
   * on every create call of the attempt, as a provider's idempotency check requires.
   */
  openedAt: Date;
}

export interface CreatedPayment {
  /**
   * The provider's id for what it created (Stripe's session, Razorpay's order, the sandbox's
   * payment); null when nothing exists there until the customer pays on our page (Square: the
   * payment is created by `confirmPayment`, whose id is recorded then).
   */
  providerPaymentId: string | null;
  /** A hosted page to send the customer to (Stripe, sandbox)… */
  redirectUrl: string | null;
  /** …or what the provider's browser script needs on our page (Square, Razorpay). */
  checkout: ProviderCheckout | null;
}

export interface ConfirmPaymentInput {
  /** The attempt being paid: its provider id (null before Square's charge), key and charge. */
  attempt: { providerPaymentId: string | null; attemptKey: string; amountCents: number; currency: Currency };
  order: CreatePaymentInput['order'];
  confirmation: ConfirmPayment;
}

export interface ConfirmedPayment {
  /**
   * The provider's payment id to record on the attempt (Square's new payment; else unchanged), or
   * null when the provider refused before any payment existed (a card Square declined without
   * creating one): `payment` is then the failure that fails the attempt.
   */
  providerPaymentId: string | null;
  payment: ProviderPayment;
}

export interface ProviderEvent {
  /** The provider's event id: the inbox keeps each (provider, id) once. */
  id: string;
  type: string;
  /** The payment the event is about, or null for events checkout does not act on. */
  providerPaymentId: string | null;
  /**
   * Our attempt key when the provider echoes it (Stripe's client_reference_id, Square's
   * reference_id, Razorpay's receipt): finds the attempt even when the event arrives before the
   * provider's id was recorded on it.
   */
  attemptKey: string | null;
  payload: unknown;
}

export interface ProviderPayment {
  /**
   * `expired`: closed unpaid at the provider (a Stripe session expired, a sandbox link refused);
   * `refunded`: paid, then given back in full.
   */
  status: 'pending' | 'succeeded' | 'failed' | 'refunded' | 'expired';
  amountCents: number;
  currency: Currency;
  /**
   * The card's fingerprint where the provider gives one (Stripe's and Square's card fingerprint,
   * the sandbox's test card): the same card, whoever pays with it, has the same one. Referrals
   * compare it (a friend paying with the referrer's card earns nothing).
   */
  cardFingerprint?: string;
  /** How it was paid, where the provider says (card, UPI, netbanking…). */
  method?: PaymentMethod;
}

/** A webhook that must be refused with 400 and not stored. */
export class WebhookVerificationError extends Error {}

/** Browser-sent evidence of a payment that the provider does not bear out: a 400, nothing changes. */
export class PaymentConfirmationError extends Error {}

/** A refund the provider certainly did not make (found before the call, or refused by it). */
export class RefundRefusedError extends Error {}

/**
 * Whether a refund call's error means no refund was made. The SDKs (Stripe, Square, Razorpay) put
 * the HTTP status on what they throw as `statusCode`: a 4xx is a refusal, except 408 (timed out)
 * and 409 (Stripe's "the same key is still being processed"), which say nothing of the outcome,
 * like a 5xx, a network error or a timeout (decision 0170).
 */
export function refundRefused(error: unknown): boolean {
  if (error instanceof RefundRefusedError) return true;
  const status = typeof error === 'object' && error !== null ? (error as { statusCode?: unknown }).statusCode : null;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 408 && status !== 409;
}
