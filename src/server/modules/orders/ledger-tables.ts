import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Currency } from '../../../domain/catalog/money.ts';
import type {
  LedgerProviderName,
  PaymentAttemptStatus,
  PaymentMethod,
  PaymentRefundReason,
  PaymentRefundStatus,
  ProviderCheckout,
  StrayChargeReason,
} from '../../../domain/payments/payment.ts';
import { timestamps } from '../../db/columns.ts';
import { orders } from './tables.ts';

// The order's ledger (issue 28): every try at paying it and every refund of it belong to the
// order, whichever provider took the money; payments records them through the orders service and
// keeps only the providers' own records (its webhook inbox, the sandbox's side, exchange rates).

/**
 * One try at paying an order (docs/decisions/0055). A double click answers the same attempt; a
 * retry after a failure, another provider or a changed total is a new one. The idempotency key
 * (order + attempt number) goes with every provider call for the attempt.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    provider: text('provider').$type<LedgerProviderName>().notNull(),
    attemptNumber: integer('attempt_number').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** Null until the provider answered the create call. */
    providerPaymentId: text('provider_payment_id'),
    /** The hosted page the customer pays on, while the attempt is open… */
    redirectUrl: text('redirect_url'),
    /** …or what the provider's script needs to take the payment on our page. */
    checkout: jsonb('checkout').$type<ProviderCheckout>(),
    /** What the provider is asked to charge: the order's total, or its conversion at `exchangeRate`. */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    /** The order's total when the attempt started: a success counts only while the total is still this. */
    orderTotalCents: integer('order_total_cents').notNull(),
    orderCurrency: text('order_currency').$type<Currency>().notNull(),
    /** Units of `currency` per unit of `orderCurrency` (a decimal string), when converted; else null. */
    exchangeRate: text('exchange_rate'),
    status: text('status').$type<PaymentAttemptStatus>().notNull().default('created'),
    /** The paying card's fingerprint, when the provider gave one with the success (ProviderPayment). */
    cardFingerprint: text('card_fingerprint'),
    /** How it was paid, when the provider said with the success (ProviderPayment). */
    method: text('method').$type<PaymentMethod>(),
    /**
     * Why a `stray` attempt's money could not be the order's, which the success page tells the
     * customer; null otherwise, and for attempts that went stray before it was kept.
     */
    strayReason: text('stray_reason').$type<StrayChargeReason>(),
    /**
     * When the attempt stops being payable: never after the order's coupon hold ends (a coupon's use
     * is not held for a payment that could still arrive later). Null for attempts opened before
     * attempts expired.
     */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /**
     * The address the customer started it from (siteUrlFor: SITE_URL's whenever that is set), for
     * the receipt's link: sent by the provider's webhook, which carries no visitor's address.
     */
    returnOrigin: text('return_origin'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payment_attempts_order_attempt_idx').on(t.orderId, t.attemptNumber),
    uniqueIndex('payment_attempts_provider_payment_idx').on(t.provider, t.providerPaymentId),
  ],
);

/**
 * Money given back on a paid order (issue 13, decision 0069). A row is reserved `pending` in the
 * transaction that decides the refund (holding the order's lock, so two decisions cannot both
 * spend what is left), then the provider is called with its key and the row records the answer.
 * Pending and succeeded rows count against what is left refundable; a failed one frees its amount.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => paymentAttempts.id, { onDelete: 'restrict' }),
    /** Sent with the provider call: a retry of the call refunds once. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** In the order's currency (what staff decide and the customer is told)… */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    /** …and in the currency the provider charged (different only for a converted charge). */
    providerAmountCents: integer('provider_amount_cents').notNull(),
    status: text('status').$type<PaymentRefundStatus>().notNull().default('pending'),
    /** A staff decision on a refund request, or a stray charge given back automatically. */
    reason: text('reason').$type<PaymentRefundReason>().notNull().default('requested'),
    providerRefundId: text('provider_refund_id'),
    /**
     * Set while a process is calling the provider for this refund, until when it may (decision
     * 0170): one call per refund at a time, as Razorpay's refunds take no idempotency key.
     */
    callingUntil: timestamp('calling_until', { withTimezone: true }),
    /**
     * A call of it ended without a clear answer: the provider may have made it, so a later
     * refusal (an expired idempotency key, a rotated API key) does not fail it (decision 0170).
     */
    mayHaveRefunded: boolean('may_have_refunded').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('payment_refunds_order_idx').on(t.orderId),
    // One refund at the provider is one row: a refund staff made by hand is recorded once (decision 0171).
    uniqueIndex('payment_refunds_provider_refund_idx').on(t.providerRefundId),
  ],
);
