import { integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Currency } from '../../../domain/catalog/money.ts';
import type { PaymentProviderName } from '../../../domain/payments/payment.ts';
import { timestamps } from '../../db/columns.ts';
import type { SandboxMethod } from './sandbox.ts';

// The providers' own records: their webhook inbox, the sandbox provider's side and the exchange
// rates a converted charge uses. What an order was charged and given back is the order's ledger
// (orders/ledger-tables.ts: payment attempts and refunds).

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
    /**
     * The provider's event as verified, kept while it waits to be processed (processing re-reads the
     * provider), then cleared: it carries the payer's e-mail, name, phone or UPI ID, which the
     * order's ledger does not need and an erasure would not find.
     */
    payload: jsonb('payload').$type<unknown>(),
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
  /** The fingerprint of the test card or UPI ID the payment was made with, when one was typed. */
  cardFingerprint: text('card_fingerprint'),
  /** How the customer chose to pay on the sandbox's page; null until settled (and on rows before it was asked). */
  method: text('method').$type<SandboxMethod>(),
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
