import type { Database } from '../../db/client.ts';
import { createCouponUseRepository } from './coupon-use-repository.ts';

/**
 * An order's use of a coupon (issue 28): which coupon the order holds a use of, and since when
 * (an unpaid order holds it for COUPON_HOLD_MS). Checkout owns the coupons and their rules and
 * calls these under the coupon row's lock, so two orders racing for its last use end with one.
 */
export function createCouponUses() {
  return {
    /** The coupon the order uses and when it last took the use, or null. */
    couponUse(on: Database, orderId: number): Promise<{ couponId: number; heldAt: Date } | null> {
      return createCouponUseRepository(on).find(orderId);
    },

    /** The order takes its coupon's use again from `at` (a payment starts). */
    holdCouponUse(on: Database, orderId: number, at: Date): Promise<void> {
      return createCouponUseRepository(on).hold(orderId, at);
    },

    /** Other orders using the coupon, and since when each holds it; only `userId`'s when given. */
    otherCouponUses(
      on: Database,
      couponId: number,
      orderId: number,
      userId?: number,
    ): Promise<{ orderId: number; heldAt: Date }[]> {
      return createCouponUseRepository(on).others(couponId, orderId, userId);
    },

    /** The order uses this coupon now (replacing the one it had). */
    takeCouponUse(on: Database, orderId: number, couponId: number, userId: number): Promise<void> {
      return createCouponUseRepository(on).set(orderId, couponId, userId);
    },

    /** Gives the order's coupon use back; false when it had none. */
    async releaseCouponUse(on: Database, orderId: number): Promise<boolean> {
      return (await createCouponUseRepository(on).remove(orderId)).length > 0;
    },

    /** How many orders each coupon is applied to (the back office's coupon list). */
    couponUseCounts(on: Database, couponIds: readonly number[]): Promise<Map<number, number>> {
      return createCouponUseRepository(on).counts(couponIds);
    },
  };
}
