import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AddonType } from '../../../domain/catalog/addons.ts';
import type { CouponPlatform, DiscountType } from '../../../domain/checkout/coupons.ts';
import { timestamps } from '../../db/columns.ts';
import { applicationMembers, applicationOrders } from '../applications/tables.ts';

/**
 * The add-ons chosen on a service order (decision 0054): a per-member add-on (photo enhancement)
 * has one row per member it is chosen for, and goes with the member; a per-order add-on has one
 * row with no member. Priced from the catalog's `addon_prices` whenever the total is computed.
 */
export const checkoutAddOns = pgTable(
  'checkout_add_ons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => applicationOrders.orderId, { onDelete: 'cascade' }),
    addon: text('addon').$type<AddonType>().notNull(),
    memberId: integer('member_id').references(() => applicationMembers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('checkout_add_ons_member_idx').on(t.orderId, t.addon, t.memberId).where(sql`${t.memberId} IS NOT NULL`),
    uniqueIndex('checkout_add_ons_order_idx').on(t.orderId, t.addon).where(sql`${t.memberId} IS NULL`),
  ],
);

/** Coupons (SPEC.md §3 discount types, §7 `/coupons-management/platform`). Codes are stored upper-case. */
export const coupons = pgTable(
  'coupons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    description: text('description').notNull(),
    discountType: text('discount_type').$type<DiscountType>().notNull(),
    /** Cents for flat, percent for percentage. */
    value: integer('value').notNull(),
    platform: text('platform').$type<CouponPlatform>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    minimumOrderCents: integer('minimum_order_cents').notNull().default(0),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    /** Listed by `/coupons-management/platform`; a private code still works when typed. */
    isPublic: boolean('is_public').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check('coupons_code_upper_check', sql`${t.code} = upper(${t.code})`),
    check('coupons_value_check', sql`${t.value} >= 0 AND (${t.discountType} <> 'percentage' OR ${t.value} <= 100)`),
    check('coupons_limits_check', sql`coalesce(${t.usageLimit}, 1) >= 1 AND coalesce(${t.perCustomerLimit}, 1) >= 1`),
  ],
);
