import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { couponRedemptions } from './coupon-use-tables.ts';

/** The orders' uses of coupons. Create it over the caller's `tx` (holding the coupon's lock) to count and write. */
export function createCouponUseRepository(db: Database) {
  return {
    /** The order's coupon use, or null. */
    async find(orderId: number): Promise<{ couponId: number; heldAt: Date } | null> {
      const [row] = await db
        .select({ couponId: couponRedemptions.couponId, heldAt: couponRedemptions.heldAt })
        .from(couponRedemptions)
        .where(eq(couponRedemptions.orderId, orderId));
      return row ?? null;
    },

    async hold(orderId: number, at: Date) {
      await db.update(couponRedemptions).set({ heldAt: at }).where(eq(couponRedemptions.orderId, orderId));
    },

    /** The orders (other than `orderId`) a coupon is applied to, and since when each holds it; only `userId`'s when given. */
    async others(couponId: number, orderId: number, userId?: number): Promise<{ orderId: number; heldAt: Date }[]> {
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

    async set(orderId: number, couponId: number, userId: number) {
      await db
        .insert(couponRedemptions)
        .values({ orderId, couponId, userId })
        .onConflictDoUpdate({
          target: couponRedemptions.orderId,
          set: { couponId, createdAt: new Date(), heldAt: new Date() },
        });
    },

    remove(orderId: number) {
      return db
        .delete(couponRedemptions)
        .where(eq(couponRedemptions.orderId, orderId))
        .returning({ id: couponRedemptions.id });
    },

    /** How many orders each coupon is applied to. */
    async counts(couponIds: readonly number[]): Promise<Map<number, number>> {
      if (couponIds.length === 0) return new Map();
      const rows = await db
        .select({ couponId: couponRedemptions.couponId, n: count() })
        .from(couponRedemptions)
        .where(inArray(couponRedemptions.couponId, [...couponIds]))
        .groupBy(couponRedemptions.couponId);
      return new Map(rows.map((r) => [r.couponId, r.n]));
    },
  };
}
