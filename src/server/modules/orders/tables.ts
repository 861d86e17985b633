import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Currency } from '../../../domain/catalog/money.ts';
import type { CostSummary } from '../../../domain/checkout/cost-summary.ts';
import type { OrderKind } from '../../../domain/orders/order-kind.ts';
import type { StatusActor } from '../../../domain/orders/status.ts';
import { timestamps } from '../../db/columns.ts';
import { users } from '../users/tables.ts';

/**
 * Every order a customer places, service application (DOC-…) or photo order (PHO-…). The
 * application and photo modules keep their details in their own tables keyed by this id;
 * this table is what the dashboard, order history and refunds read.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Customer-facing id: 'DOC-000123' or 'PHO-000123'. */
    displayId: text('display_id').notNull().unique(),
    kind: text('kind').$type<OrderKind>().notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The e-mail the order was placed with (refund requests are checked against it). */
    email: text('email').notNull(),
    title: text('title').notNull(),
    status: text('status').notNull().default('Payment pending'),
    totalCents: integer('total_cents').notNull().default(0),
    currency: text('currency').$type<Currency>().notNull().default('USD'),
    /**
     * The client's key for the request that created the order: the same key from the same user
     * answers this order again instead of creating another (null for orders created otherwise).
     */
    idempotencyKey: text('idempotency_key'),
    ...timestamps,
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    // The back office's queue (decision 0077): its default order, newest first, and one status in
    // that order are read from an index instead of sorting every order for one page.
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    uniqueIndex('orders_user_idempotency_key_idx').on(t.userId, t.idempotencyKey),
  ],
);

/** Every status change with who made it, when and why (DESIGN.md §1). */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    remark: text('remark'),
    /** Who made the change: the customer, the system (payment, last upload) or staff. */
    changedBy: text('changed_by').$type<StatusActor>().notNull().default('system'),
    /** The customer or staff member who made it; null for the system. */
    changedByUserId: integer('changed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId)],
);

/**
 * What an order is charged: the priced lines (package per member or photo plan, add-ons, coupon,
 * discounts, fees, currency) its stored total was last set from (`orders.setCharged`, the one place
 * that stores them, for every kind). After payment nothing is priced again, so this is what the
 * customer paid for: the receipt, the order desk and refunds list its lines, and the referral reward
 * asks whether it carried the referral discount (pricing again later could answer differently once
 * the catalog or the customer's orders change). The kinds price; the order keeps the result.
 */
export const orderChargedSummaries = pgTable('order_charged_summaries', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  summary: jsonb('summary').$type<CostSummary>().notNull(),
  pricedAt: timestamp('priced_at', { withTimezone: true }).notNull().defaultNow(),
});
