import { and, eq, inArray } from 'drizzle-orm';
import type { AddonType } from '../../../domain/catalog/addons.ts';
import type { Database } from '../../db/client.ts';
import { checkoutAddOns, coupons } from './tables.ts';

export type CouponRow = typeof coupons.$inferSelect;

export function createCheckoutRepository(db: Database) {
  return {
    listAddOns(orderId: number) {
      return db
        .select({ addon: checkoutAddOns.addon, memberId: checkoutAddOns.memberId })
        .from(checkoutAddOns)
        .where(eq(checkoutAddOns.orderId, orderId));
    },

    /** The ids of orders that chose `addon`, as a subquery (the back office's queue filter). */
    orderIdsWithAddOn(addon: AddonType) {
      return db
        .selectDistinct({ id: checkoutAddOns.orderId })
        .from(checkoutAddOns)
        .where(eq(checkoutAddOns.addon, addon));
    },

    /** Which of these orders chose `addon`. */
    async withAddOn(orderIds: readonly number[], addon: AddonType): Promise<Set<number>> {
      if (orderIds.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ id: checkoutAddOns.orderId })
        .from(checkoutAddOns)
        .where(and(eq(checkoutAddOns.addon, addon), inArray(checkoutAddOns.orderId, [...orderIds])));
      return new Set(rows.map((r) => r.id));
    },

    async replaceAddOns(orderId: number, rows: { addon: AddonType; memberId: number | null }[]) {
      await db.delete(checkoutAddOns).where(eq(checkoutAddOns.orderId, orderId));
      if (rows.length > 0) await db.insert(checkoutAddOns).values(rows.map((r) => ({ orderId, ...r })));
    },

    async couponById(id: number): Promise<CouponRow | null> {
      const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
      return row ?? null;
    },

    /** Locks the coupon row: applying it counts its uses and inserts one while others wait. */
    async lockCouponByCode(code: string): Promise<CouponRow | null> {
      const [row] = await db.select().from(coupons).where(eq(coupons.code, code)).for('update');
      return row ?? null;
    },

    /** Locks the coupon row by its id (an order's coupon, counted again under the lock). */
    async lockCoupon(id: number): Promise<CouponRow | null> {
      const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).for('update');
      return row ?? null;
    },

    listPublicCoupons(platform: CouponRow['platform']) {
      return db
        .select()
        .from(coupons)
        .where(and(eq(coupons.platform, platform), eq(coupons.isActive, true), eq(coupons.isPublic, true)))
        .orderBy(coupons.code);
    },
  };
}
