import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { RefundOrigin } from '../../../domain/admin/refunds.ts';
import type { Currency } from '../../../domain/catalog/money.ts';
import type { RefundRequestStatus } from '../../../domain/refunds/order-refunds.ts';
import { orders } from '../orders/tables.ts';
import { users } from '../users/tables.ts';

export type RefundStatus = RefundRequestStatus;
export const refundRequests = pgTable(
  'refund_requests',
  {
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
    /** Why less than was asked was approved, as the customer is told; null for a full approval (decision 0187). */
    partialReason: text('partial_reason'),
    /**
     * A refund staff started on the order desk: the form's one-time key, so the same form sent twice
     * finds the request it made instead of refunding again (decision 0187). Null for other origins.
     */
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [uniqueIndex('refund_requests_order_idempotency_key_idx').on(t.orderId, t.idempotencyKey)],
);
