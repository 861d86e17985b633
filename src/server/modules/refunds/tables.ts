import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Currency } from '../../../domain/catalog/money.ts';
import { orders } from '../orders/tables.ts';
import { users } from '../users/tables.ts';

export type RefundStatus = 'Received' | 'In review' | 'Approved' | 'Rejected' | 'Refunded';
/** Who asked: the customer (the public form), or our cancellation of a paid order (decision 0150). */
export type RefundOrigin = 'customer' | 'cancellation';

export const refundRequests = pgTable('refund_requests', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** Reference number shown to the customer, e.g. 'RF-7K3Q9M2X'. */
  reference: text('reference').notNull().unique(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'restrict' }),
  email: text('email').notNull(),
  reason: text('reason').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').$type<Currency>().notNull(),
  status: text('status').$type<RefundStatus>().notNull().default('Received'),
  origin: text('origin').$type<RefundOrigin>().notNull().default('customer'),
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** The back office's decision (decision 0069): the amount approved, or why it was rejected… */
  approvedCents: integer('approved_cents'),
  rejectionReason: text('rejection_reason'),
  /** …who decided and when. */
  decidedByUserId: integer('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
});
