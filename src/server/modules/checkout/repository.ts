import { and, eq, inArray, ne } from 'drizzle-orm';
import type { AddonType } from '../../../domain/catalog/addons.ts';
import type { Database } from '../../db/client.ts';
import { checkoutAddOns, couponRedemptions, coupons } from './tables.ts';

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

    /** The coupon applied to the order, if any. */
    async appliedCoupon(orderId: number): Promise<CouponRow | null> {
      const [row] = await db
        .select({ coupon: coupons })
        .from(couponRedemptions)
        .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
        .where(eq(couponRedemptions.orderId, orderId));
      return row?.coupon ?? null;
    },

    /** Locks the coupon row: applying it counts its uses and inserts one while others wait. */
    async lockCouponByCode(code: string): Promise<CouponRow | null> {
      const [row] = await db.select().from(coupons).where(eq(coupons.code, code)).for('update');
      return row ?? null;
    },

    /** The order's redemption with its coupon, or null. */
    async redemption(orderId: number) {
      const [row] = await db
        .select({ heldAt: couponRedemptions.heldAt, coupon: coupons })
        .from(couponRedemptions)
        .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
        .where(eq(couponRedemptions.orderId, orderId));
      return row ?? null;
    },

    async holdRedemption(orderId: number, at: Date) {
      await db.update(couponRedemptions).set({ heldAt: at }).where(eq(couponRedemptions.orderId, orderId));
    },

    /** The orders (other than `orderId`) a coupon is applied to, and since when each holds it; only `userId`'s when given. */
    async redemptionOrders(
      couponId: number,
      orderId: number,
      userId?: number,
    ): Promise<{ orderId: number; heldAt: Date }[]> {
      return db
        .select({ orderId: couponRedemptions.orderId, heldAt: couponRedemptions.heldAt })
        .from(couponRedemptions)
        .where(
          and(
            eq(couponRedemptions.couponId, couponId),
            ne(couponRedemptions.orderId, orderId),
            userId === undefined ? undefined : eq(couponRedemptions.userId, userId),
          ),
        );
    },

    async setRedemption(orderId: number, couponId: number, userId: number) {
      await db
        .insert(couponRedemptions)
        .values({ orderId, couponId, userId })
        .onConflictDoUpdate({
          target: couponRedemptions.orderId,
          set: { couponId, createdAt: new Date(), heldAt: new Date() },
        });
    },

    removeRedemption(orderId: number) {
      return db
        .delete(couponRedemptions)
        .where(eq(couponRedemptions.orderId, orderId))
        .returning({ id: couponRedemptions.id });
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
