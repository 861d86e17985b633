import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Currency } from '../../../domain/catalog/money.ts';
import type {
  PaymentAttemptStatus,
  PaymentProviderName,
  PaymentRefundReason,
  ProviderCheckout,
} from '../../../domain/payments/payment.ts';
import { timestamps } from '../../db/columns.ts';
import { orders } from '../orders/tables.ts';

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
    provider: text('provider').$type<PaymentProviderName>().notNull(),
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
    /**
     * When the attempt stops being payable: never after the order's coupon hold ends (a coupon's use
     * is not held for a payment that could still arrive later). Null for attempts opened before
     * attempts expired.
     */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payment_attempts_order_attempt_idx').on(t.orderId, t.attemptNumber),
    uniqueIndex('payment_attempts_provider_payment_idx').on(t.provider, t.providerPaymentId),
  ],
);

/**
 * Every verified webhook event of every provider, once (unique provider + event id): written with
 * the job that processes it, so an event answered 200 is processed even after a crash.
 */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    /** The payment the event names (null: an event checkout does not act on). */
    providerPaymentId: text('provider_payment_id'),
    /** Our attempt key when the provider echoes it: finds an attempt whose provider id is not recorded yet. */
    attemptKey: text('attempt_key'),
    /** The provider's event as verified (for the record; processing re-reads the provider). */
    payload: jsonb('payload').$type<unknown>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('payment_webhook_events_provider_event_idx').on(t.provider, t.eventId)],
);

/**
 * The sandbox provider's own side: what a real provider keeps on its servers (the payment, its
 * amount and outcome), so the webhook job re-reads it exactly as it re-reads Stripe's session.
 */
export const sandboxPayments = pgTable('sandbox_payments', {
  id: text('id').primaryKey(),
  /** The caller's idempotency key: a second create with it answers this payment. */
  idempotencyKey: text('idempotency_key').notNull().unique(),
  orderDisplayId: text('order_display_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').$type<Currency>().notNull(),
  status: text('status').$type<'open' | 'succeeded' | 'failed' | 'refunded' | 'expired'>().notNull().default('open'),
  /** The fingerprint of the test card the payment was made with, when one was typed. */
  cardFingerprint: text('card_fingerprint'),
  returnUrl: text('return_url').notNull(),
  ...timestamps,
});

/**
 * The stored exchange rates (SPEC.md's currency-rate service, docs/decisions/0061): what a
 * provider that charges another currency (Razorpay: INR) converts an order's total at. One row per
 * pair, replaced by the operator's `npm run rates:set` or the optional refresh job.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    fromCurrency: text('from_currency').$type<Currency>().notNull(),
    toCurrency: text('to_currency').$type<Currency>().notNull(),
    /** Units of `toCurrency` per unit of `fromCurrency`, a decimal string (EXCHANGE_RATE_PATTERN). */
    rate: text('rate').notNull(),
    /** Where it came from: `seed`, `operator`, or the refresh URL's host. */
    source: text('source').notNull(),
    /** When the source gave it: its age decides whether using it is logged as stale. */
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.fromCurrency, t.toCurrency] })],
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
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull().default('pending'),
    /** A staff decision on a refund request, or a stray charge given back automatically. */
    reason: text('reason').$type<PaymentRefundReason>().notNull().default('requested'),
    providerRefundId: text('provider_refund_id'),
    ...timestamps,
  },
  (t) => [index('payment_refunds_order_idx').on(t.orderId)],
);

/** The sandbox provider's refunds, one per idempotency key (a repeated call answers the same). */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  paymentId: text('payment_id')
    .notNull()
    .references(() => sandboxPayments.id, { onDelete: 'restrict' }),
  amountCents: integer('amount_cents').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
