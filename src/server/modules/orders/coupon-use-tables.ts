import { index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { coupons } from '../checkout/tables.ts';
import { users } from '../users/tables.ts';
import { orders } from './tables.ts';

// The order's use of a coupon is the order's (issue 28): the coupons themselves, their rules and
// limits, are checkout's catalogue; which order holds one of their uses, and since when, is here.

/**
 * A coupon applied to an order: one row per order (the order's applied coupon), counted against
 * the coupon's limits. Applying locks the coupon row, counts, then inserts, so two checkouts
 * racing for its last use end with one row.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .unique()
      // Any kind of order: service applications and photo orders take coupons alike.
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the use was last taken (applied, or a payment started): an unpaid order holds it for COUPON_HOLD_MS. */
    heldAt: timestamp('held_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('coupon_redemptions_coupon_user_idx').on(t.couponId, t.userId)],
);
