import { z } from 'zod';
import { CURRENCIES, type Currency } from '../catalog/money.ts';
import { premiumSupportSchema } from '../checkout/premium-support.ts';
import { ROUTES } from '../config/routes.ts';
import type { OrderKind } from '../orders/order-kind.ts';

/**
 * Checkout's payment as the browser sees it (docs/decisions/0055): which providers exist, the
 * state of an order's latest payment attempt, and the messages of the payment calls.
 */

/** Providers the app can offer; configuration (PAYMENT_PROVIDERS) says which ones it does. */
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe', 'square', 'razorpay'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/**
 * Who took an order's payment, as its ledger records it: a provider, or `none` for an order whose
 * discounts cover its whole total (a 100 % coupon), settled with no provider and nothing charged (decision 0163).
 */
export const NO_PROVIDER = 'none';
export const LEDGER_PROVIDERS = [...PAYMENT_PROVIDERS, NO_PROVIDER] as const;
export type LedgerProviderName = (typeof LEDGER_PROVIDERS)[number];

/** An order whose discounts cover its whole total: confirmed with no provider (decision 0163). */
export const nothingToPay = (totalCents: number) => totalCents <= 0;

/**
 * How a successful payment was made, as its provider reports it: staff reconcile and refund by it
 * (a UPI refund goes back to the payer's bank account, a card's to the card). `other` is any
 * method we do not name (a Stripe wallet, Razorpay's EMI…).
 */
export const PAYMENT_METHODS = ['card', 'upi', 'netbanking', 'wallet', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Card',
  upi: 'UPI',
  netbanking: 'Netbanking',
  wallet: 'Wallet',
  other: 'Other method',
};

/** A provider's own name for the method (Stripe's `card`, Square's `CARD`, Razorpay's `upi`), as ours. */
export function paymentMethodOf(providerName: string | null | undefined): PaymentMethod | undefined {
  if (!providerName) return undefined;
  const name = providerName.toLowerCase();
  return (PAYMENT_METHODS as readonly string[]).includes(name) ? (name as PaymentMethod) : 'other';
}

/** How checkout names each provider to the customer (SPEC.md §1's payment badges). */
export const PAYMENT_PROVIDER_LABELS: Record<PaymentProviderName, string> = {
  sandbox: 'Test payment (no money is taken)',
  stripe: 'Card (Stripe)',
  square: 'Card (Square)',
  razorpay: 'UPI, cards and netbanking in INR (Razorpay)',
};

/** A ledger's provider as the customer saw it at checkout (a receipt, a refund's e-mail), not its key. */
export const providerLabel = (provider: string) => PAYMENT_PROVIDER_LABELS[provider as PaymentProviderName] ?? provider;

/** Which kind of order is paid: a service application (DOC-…) or a photo order (PHO-…). */
export type PaidOrderKind = OrderKind;

/**
 * The payment result page of an order, where providers return the customer: SPEC.md §2
 * /service-payment-success for applications, /photo-payment-success for photo orders.
 */
export function paymentResultHref(ref: string, kind: PaidOrderKind = 'service'): string {
  const page = kind === 'photo' ? ROUTES.PHOTO_PAYMENT_SUCCESS : ROUTES.SERVICE_PAYMENT_SUCCESS;
  return `${page}?${new URLSearchParams({ orderId: ref })}`;
}

/**
 * Where a customer pays, and goes back to after giving up on a provider's page: the application's
 * checkout (/checkout?orderId=DOC-…, decision 0088; `/service-order?…&checkout=1` redirects there),
 * or the photo order's step 4 (review and pay).
 */
export function checkoutHref(ref: string, kind: PaidOrderKind = 'service'): string {
  if (kind === 'photo') return `${ROUTES.PHOTO_ORDER}?${new URLSearchParams({ orderId: ref, step: '4' })}`;
  return `${ROUTES.CHECKOUT}?${new URLSearchParams({ orderId: ref })}`;
}

/** SPEC.md §4's payment result states, plus PENDING while the provider has not confirmed yet. */
export const PAYMENT_RESULT_STATES = ['COMPLETED', 'FAILED', 'PENDING'] as const;
export type PaymentResultState = (typeof PAYMENT_RESULT_STATES)[number];

/**
 * An attempt's own record: `created` before the provider answered, `pending` while the customer
 * pays, then `succeeded` or `failed`. `superseded`: closed unpaid because a newer attempt opened or
 * the order's total changed (closed at the provider too, where it can be). `stray`: money the
 * order cannot take (paid after it was superseded or expired, a second payment, an amount or
 * currency that is not the order's, a coupon whose uses ran out): recorded, refunded automatically
 * in full, and shown to staff. `mismatched` is the older name of a stray amount (rows before
 * stray charges were refunded automatically).
 */
export const PAYMENT_ATTEMPT_STATUSES = [
  'created',
  'pending',
  'succeeded',
  'failed',
  'mismatched',
  'superseded',
  'stray',
] as const;
export type PaymentAttemptStatus = (typeof PAYMENT_ATTEMPT_STATUSES)[number];

/** Attempts a customer may still pay: at most one per order (issue 28). */
export const OPEN_ATTEMPT_STATUSES = ['created', 'pending'] as const satisfies readonly PaymentAttemptStatus[];

export function resultState(status: PaymentAttemptStatus): PaymentResultState {
  if (status === 'succeeded') return 'COMPLETED';
  if (status === 'created' || status === 'pending') return 'PENDING';
  return 'FAILED';
}

/**
 * Why an attempt closed with nothing taken, when no one declined it: the result page says so
 * rather than "declined", since the customer's next step is to check the order's total, not to
 * retry the same one. The payment answer is the order's latest attempt, so a superseded one was
 * closed by a change to the order (a new total, other photos) or its cancellation, never by a
 * newer payment.
 */
export const PAYMENT_CLOSED_REASONS = ['order-changed', 'cancelled', 'expired'] as const;
export type PaymentClosedReason = (typeof PAYMENT_CLOSED_REASONS)[number];

export function closedBecause(
  attempt: { status: PaymentAttemptStatus; expiresAt: Date | null; updatedAt: Date },
  orderStatus: string,
): PaymentClosedReason | null {
  if (attempt.status === 'superseded') return orderStatus === 'Cancelled' ? 'cancelled' : 'order-changed';
  // The ledger records a provider's expiry as a failure. One recorded once the attempt's own time
  // was up is said as expired: by then the link could not be paid, whatever the provider called it.
  if (attempt.status === 'failed' && attempt.expiresAt && attempt.updatedAt.getTime() >= attempt.expiresAt.getTime()) {
    return 'expired';
  }
  return null;
}

/** Why money went back: a staff decision on a refund request, or a stray charge refunded automatically. */
export const PAYMENT_REFUND_REASONS = ['requested', 'stray'] as const;
export type PaymentRefundReason = (typeof PAYMENT_REFUND_REASONS)[number];

/** A refund is `pending` from its reservation until the provider answers, then `succeeded` or `failed`. */
export const PAYMENT_REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type PaymentRefundStatus = (typeof PAYMENT_REFUND_STATUSES)[number];

/**
 * An order's money as staff read it (the order desk): every attempt with what it charged and how
 * it ended, and every refund, automatic ones included.
 */
export const paymentLedgerSchema = z.object({
  attempts: z.array(
    z.object({
      attempt: z.int().min(1),
      provider: z.enum(LEDGER_PROVIDERS),
      status: z.enum(PAYMENT_ATTEMPT_STATUSES),
      amountCents: z.int(),
      currency: z.enum(CURRENCIES),
      orderTotalCents: z.int(),
      orderCurrency: z.enum(CURRENCIES),
      exchangeRate: z.string().nullable(),
      providerPaymentId: z.string().nullable(),
      /** How the customer paid, once the provider took the money (null before, and for older attempts). */
      method: z.enum(PAYMENT_METHODS).nullable(),
      createdAt: z.iso.datetime(),
      updatedAt: z.iso.datetime(),
    }),
  ),
  refunds: z.array(
    z.object({
      attempt: z.int().min(1),
      reason: z.enum(PAYMENT_REFUND_REASONS),
      amountCents: z.int(),
      currency: z.enum(CURRENCIES),
      providerAmountCents: z.int(),
      status: z.enum(PAYMENT_REFUND_STATUSES),
      createdAt: z.iso.datetime(),
    }),
  ),
});
export type PaymentLedger = z.infer<typeof paymentLedgerSchema>;

export const PAYMENT_MESSAGES = {
  started: 'Payment started. Continue to the payment page.',
  loaded: 'Payment loaded',
  notStarted: 'No payment has been started for this order yet.',
  notPayable: 'This order is not waiting for a payment.',
  /** The checkout of an order that no longer waits for a payment, by its status (every other one is paid). */
  notPayableNow: (status: string) =>
    status === 'Cancelled'
      ? 'This order was cancelled, so nothing more can be paid on it.'
      : status === 'Refunded'
        ? 'This order was refunded, so nothing more can be paid on it.'
        : `This order is paid (${status}). See it on your order page.`,
  /** An order whose discounts cover its whole total, confirmed without a payment (decision 0163). */
  nothingToPay: 'Your order is confirmed. Its discounts cover the whole total, so there was nothing to pay.',
  nothingToPayRemark: 'Nothing to pay: the discounts cover the whole total.',
  providerNotOffered: 'This payment method is not offered.',
  confirmed: 'Payment verified',
  noOpenPayment: 'There is no payment waiting for confirmation on this order. Start the payment again.',
  confirmationRefused:
    'We could not verify this payment with the provider. If money was taken, this page shows it as soon as the provider confirms it.',
  providerUnavailable: 'The payment provider could not be reached. Please try again in a moment.',
  webhookInvalid: 'The webhook signature could not be verified.',
  webhookReceived: 'Webhook received',
  paymentNotFound: 'We could not find this payment.',
  simulateSuccess: 'Simulate successful payment',
  simulateFailure: 'Simulate failed payment',
  /** The sandbox's play of a provider whose event comes late (the charge is taken, the notice held). */
  simulateLateNotice: 'Simulate a payment whose notice comes late',
  sendNotice: 'Send the held notice now',
  /** The sandbox's UPI field: a UPI ID is name@bank. */
  upiIdInvalid: 'Enter a UPI ID like name@bank.',
  paidRemark: 'Payment received. Thank you!',
  signInToPay: 'Your session has ended. Sign in, open your order and continue to payment again.',
  /** The page's total is not the order's any more (another tab or window changed the order): nothing was started. */
  totalChanged: (total: string) =>
    `The total changed to ${total} since this page was opened (the order was changed in another tab or window). Check your order and pay again.`,
  /** Before payment, what the order still needs from the customer. */
  stillNeeded: (missing: readonly string[]) => `Before paying, please add: ${missing.join('; ')}.`,
  /** A payment link closed because a newer payment started or the order changed (the sandbox's page). */
  linkClosed:
    'This payment link has closed: your order changed or a newer payment was started. Go back to your order to pay its current total.',
  /** The customer's e-mail when a stray charge went back: "we refunded $372.90: the payment arrived after your order changed". */
  strayRefunded: (amount: string, because: string) => `We refunded ${amount}: ${because}.`,
  /** The stray refund's e-mail, after it: where the order stands, so no one reads "refunded" as "unpaid" or the reverse. */
  strayOrderUnpaid: (total: string, link: string) =>
    `Your order is not paid yet: its total is now ${total}. Pay it here: ${link}`,
  strayOrderCancelled: 'Your order is cancelled: nothing more is due.',
  strayOrderPaid: (link: string) =>
    `Your order is paid: this was a second payment, and nothing more is due. See your order at any time: ${link}`,
} as const;

/** Why a charge could not be taken by its order (the stray charge's e-mail completes "We refunded $X: …"). */
export const STRAY_CHARGE_REASONS = {
  'order-changed': 'the payment arrived after your order changed',
  'newer-payment': 'you had started a newer payment for your order by then',
  'already-paid': 'your order had already been paid',
  cancelled: 'the payment arrived after your order was cancelled',
  amount: 'the amount paid was not your order’s total',
  coupon: 'your coupon had been used up by the time the payment arrived, so your order’s total changed',
  /** Paid, then given back in full at the provider (by its staff, or automatically) before we saw it. */
  refunded: 'it was refunded at the payment provider before it reached your order',
} as const;
export type StrayChargeReason = keyof typeof STRAY_CHARGE_REASONS;
const STRAY_CHARGE_REASON_KEYS = Object.keys(STRAY_CHARGE_REASONS) as [StrayChargeReason, ...StrayChargeReason[]];

/**
 * Money an attempt took that its order could not (a `stray` attempt), given back in full: what the
 * provider charged, in its currency, and why (null for attempts that went stray before the reason
 * was kept). The payment answer gives the newest one found since its attempt opened: the attempt
 * itself, or an older one paid in another tab after this one started.
 */
export const returnedChargeSchema = z.object({
  amountCents: z.int().min(0),
  currency: z.enum(CURRENCIES),
  reason: z.enum(STRAY_CHARGE_REASON_KEYS).nullable(),
  /** The refund: on its way (`pending`), made, or refused by the provider (`failed`: our team sees to it). */
  refund: z.enum(PAYMENT_REFUND_STATUSES),
});
export type ReturnedCharge = z.infer<typeof returnedChargeSchema>;

/**
 * What a stray charge's refund gives back, in the currency the provider charged: the refund row
 * keeps it in the order's currency too, which differs only for a converted charge (Razorpay's
 * INR). One rule for the e-mail, the payment page and the order page, so they name one amount.
 */
export function strayChargeAmount({
  attempt,
  refund,
}: {
  attempt: { exchangeRate: string | null; currency: Currency };
  refund: { providerAmountCents: number; currency: Currency };
}) {
  return {
    amountCents: refund.providerAmountCents,
    currency: attempt.exchangeRate ? attempt.currency : refund.currency,
  };
}

/**
 * A stray charge as the customer's order page lists it: every one of the order's, oldest first,
 * with who took it and when, and where its refund stands (the order's own payment is not one).
 */
export const strayChargeSchema = returnedChargeSchema.extend({
  provider: z.enum(LEDGER_PROVIDERS),
  /** When the charge reached the order and was found stray (its refund was reserved then). */
  receivedAt: z.iso.datetime(),
  /** When the refund was made (`refund` is `succeeded`); else null. */
  refundedAt: z.iso.datetime().nullable(),
});
export type StrayCharge = z.infer<typeof strayChargeSchema>;

/**
 * A provider the order can be paid with, and what it would charge: the order's own total, or that
 * total converted at the stored rate when the provider charges another currency (Razorpay: INR),
 * shown to the customer before paying.
 */
export const paymentOptionSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  label: z.string(),
  amountCents: z.int().min(0),
  currency: z.enum(CURRENCIES),
  /** "1 USD = 83.25 INR" as a decimal string when converted; null when the order's currency is charged. */
  exchangeRate: z.string().nullable(),
});
export type PaymentOption = z.infer<typeof paymentOptionSchema>;

/**
 * What the provider's browser script needs to take the payment on our own page, by provider; null
 * for providers whose page the customer is sent to (`redirectUrl`). Public values only: never a
 * secret key.
 */
export const providerCheckoutSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('square'),
    applicationId: z.string(),
    locationId: z.string(),
    /** Square's Web Payments SDK script (sandbox or production host). */
    scriptUrl: z.url(),
  }),
  z.object({
    kind: z.literal('razorpay'),
    keyId: z.string(),
    /** Razorpay's order id (`order_…`) the Checkout pays. */
    orderId: z.string(),
    scriptUrl: z.url(),
  }),
]);
export type ProviderCheckout = z.infer<typeof providerCheckoutSchema>;

/**
 * What the browser hands back after paying on our page, for the server to verify with the
 * provider (SPEC.md §7 `/verify-payment/`, `/payment/verify-payment/stripe`). It is evidence to
 * check, never the word that the order is paid: the server asks the provider itself.
 */
export const confirmPaymentSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('stripe'), sessionId: z.string().min(1).max(255) }),
  z.object({
    provider: z.literal('square'),
    /** The card token from Square's Web Payments SDK. */
    sourceId: z.string().min(1).max(500),
    /** Square's buyer verification (SCA) token, when the SDK asked for one. */
    verificationToken: z.string().min(1).max(2000).optional(),
  }),
  z.object({
    provider: z.literal('razorpay'),
    razorpayOrderId: z.string().min(1).max(100),
    razorpayPaymentId: z.string().min(1).max(100),
    razorpaySignature: z.string().min(1).max(200),
  }),
]);
export type ConfirmPayment = z.infer<typeof confirmPaymentSchema>;

/**
 * The query parameter Stripe's success URL carries the Checkout Session's id in, back to
 * /service-payment-success (docs/decisions/0059).
 */
export const STRIPE_SESSION_ID_PARAM = 'session_id';

/** A total as the customer's page shows it beside Pay: the order's own total and currency, never a conversion. */
/** An order's total is a PostgreSQL integer of cents: a shown total beyond it cannot be the order's. */
const MAX_TOTAL_CENTS = 2_147_483_647;

export const shownTotalSchema = z.object({
  amountCents: z.int().min(0).max(MAX_TOTAL_CENTS),
  currency: z.enum(CURRENCIES),
});
export type ShownTotal = z.infer<typeof shownTotalSchema>;

export const startPaymentSchema = z.object({
  /** Which configured provider to pay with; the first configured one when left out. */
  provider: z.enum(PAYMENT_PROVIDERS).optional(),
  /**
   * The total the page showed when Pay was pressed. A guard only: the server charges the order's
   * own total, and refuses (409, `totalChanged`) to start when that is not the one shown (the
   * order changed in another tab or window), rather than charge what the customer did not see.
   */
  shownTotal: shownTotalSchema.optional(),
});
export type StartPayment = z.infer<typeof startPaymentSchema>;

export const paymentSchema = z.object({
  attempt: z.int().min(1),
  provider: z.enum(LEDGER_PROVIDERS),
  state: z.enum(PAYMENT_RESULT_STATES),
  /** What the provider charges: the order's total, or its conversion (see `exchangeRate`). */
  amountCents: z.int().min(0),
  currency: z.enum(CURRENCIES),
  exchangeRate: z.string().nullable(),
  /** The order's total in its own currency that the charge was worked out from (the same when not converted). */
  orderTotal: z.object({ amountCents: z.int().min(0), currency: z.enum(CURRENCIES) }),
  /** Where the customer pays (a hosted checkout page) while the attempt is pending; else null. */
  redirectUrl: z.string().nullable(),
  /** What the provider's script needs to take the payment on our page, while pending; else null. */
  checkout: providerCheckoutSchema.nullable(),
  /** The order's status now (the success page shows it next to the payment's state). */
  orderStatus: z.string(),
  /** Why the attempt closed with nothing taken, when no one declined it (FAILED only); else null. */
  closedBecause: z.enum(PAYMENT_CLOSED_REASONS).nullable(),
  /** A charge the order could not take, found since this attempt opened, being given back; else null. */
  returned: returnedChargeSchema.nullable(),
  /** The order's premium support contact when its total reaches the minimum (SPEC.md §9); else null. */
  premiumSupport: premiumSupportSchema.nullable(),
  updatedAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;
