import { z } from 'zod';
import { type Currency, formatMoney } from '../catalog/money.ts';

export const COUPON_PLATFORMS = ['sevadocs', 'sevaphotos'] as const;
export type CouponPlatform = (typeof COUPON_PLATFORMS)[number];

/** SPEC.md §3 discount types. */
export const DISCOUNT_TYPES = ['flat', 'percentage'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** What the coupon calls answer, word for word (the spec has none; decision 0054). */
export const COUPON_MESSAGES = {
  applied: 'Coupon applied',
  removed: 'Coupon removed',
  empty: 'Please enter a coupon code.',
  unknown: 'This coupon code is not valid. Please check it and try again.',
  notYet: 'This coupon is not active yet.',
  expired: 'This coupon has expired.',
  /** Says which orders it is for (a walk read "cannot be used for this order" on a first photo order as a fault). */
  wrongPlatform: (platform: CouponPlatform) =>
    platform === 'sevaphotos'
      ? 'This coupon is for SevaPhotos photo orders, not for applications.'
      : 'This coupon is for SevaDocs applications, not for photo orders.',
  usedUp: 'This coupon has already been used the maximum number of times.',
  alreadyUsed: 'You have already used this coupon.',
  minimumNotMet: (minimum: string) => `This coupon needs an order of at least ${minimum}.`,
  noCoupon: 'No coupon is applied to this order.',
  released: (code: string) =>
    `Your coupon ${code} is no longer available and has been removed. Please check the new total before paying.`,
  /** A lapsed hold checked again found the coupon no longer usable: `reason` is that check's message. */
  releasedBecause: (code: string, reason: string) =>
    `Your coupon ${code} has been removed: ${reason.charAt(0).toLowerCase()}${reason.slice(1)} Please check the new total before paying.`,
  /** A change the customer made took the order below the coupon's minimum order, so the coupon went. */
  releasedBelowMinimum: (code: string, minimum: string) =>
    `Your coupon ${code} no longer applies and has been removed: it needs an order of at least ${minimum}. Please check the new total before paying.`,
} as const;

/**
 * An unpaid order holds its coupon's use this long after the coupon was applied or a payment was
 * last started; after that the use counts only once the order is paid, so orders abandoned before
 * paying do not use up a limited coupon (docs/decisions/0054). Starting a payment takes the use
 * again (or drops the coupon if it has gone meanwhile), so a payment never completes on a use
 * another order has taken.
 */
export const COUPON_HOLD_MS = 24 * 60 * 60 * 1000;

export const couponCodeSchema = z
  .string(COUPON_MESSAGES.empty)
  .trim()
  .min(1, COUPON_MESSAGES.empty)
  .max(40, COUPON_MESSAGES.unknown)
  .transform((code) => code.toUpperCase());

export interface Coupon {
  code: string;
  description: string;
  discountType: DiscountType;
  /** Cents off for a flat coupon (the same number in the order's currency); percent (1–100) for a percentage. */
  value: number;
  platform: CouponPlatform;
  startsAt: Date | null;
  endsAt: Date | null;
  /** Compared with the order's actual cost (before discounts), in its currency. */
  minimumOrderCents: number;
  /** Uses overall; null for no limit. */
  usageLimit: number | null;
  /** Uses per customer; null for no limit. */
  perCustomerLimit: number | null;
  isActive: boolean;
}

/** A coupon a reprice took off an order: the order no longer reaches its minimum order. */
export type DroppedCoupon = Pick<Coupon, 'code' | 'minimumOrderCents'>;

/** What the customer is told of a coupon a lower total dropped: its minimum, in the order's currency. */
export const droppedCouponNotice = (coupon: DroppedCoupon, currency: Currency) =>
  COUPON_MESSAGES.releasedBelowMinimum(coupon.code, formatMoney({ amountCents: coupon.minimumOrderCents, currency }));

export interface CouponUse {
  /** Redemptions by everyone, and by this customer, on orders other than this one. */
  total: number;
  byCustomer: number;
}

export type CouponCheck = { ok: true } | { ok: false; message: string };

/** Whether a coupon may be used now on an order of `actualCostCents` (minimum shown with `format`). */
export function checkCoupon(
  coupon: Coupon | null,
  context: {
    now: Date;
    platform: CouponPlatform;
    actualCostCents: number;
    use: CouponUse;
    format: (cents: number) => string;
  },
): CouponCheck {
  const fail = (message: string): CouponCheck => ({ ok: false, message });
  if (!coupon?.isActive) return fail(COUPON_MESSAGES.unknown);
  if (coupon.platform !== context.platform) return fail(COUPON_MESSAGES.wrongPlatform(coupon.platform));
  if (coupon.startsAt && context.now < coupon.startsAt) return fail(COUPON_MESSAGES.notYet);
  if (coupon.endsAt && context.now >= coupon.endsAt) return fail(COUPON_MESSAGES.expired);
  const limit = couponLimitReached(coupon, context.use);
  if (limit) return fail(COUPON_MESSAGES[limit]);
  if (context.actualCostCents < coupon.minimumOrderCents)
    return fail(COUPON_MESSAGES.minimumNotMet(context.format(coupon.minimumOrderCents)));
  return { ok: true };
}

/**
 * Which of the coupon's limits its uses on other orders already reach, or null: a new use (or a
 * held one confirmed when its payment settles) needs both to have room.
 */
export function couponLimitReached(
  coupon: Pick<Coupon, 'usageLimit' | 'perCustomerLimit'>,
  use: CouponUse,
): 'alreadyUsed' | 'usedUp' | null {
  if (coupon.perCustomerLimit !== null && use.byCustomer >= coupon.perCustomerLimit) return 'alreadyUsed';
  if (coupon.usageLimit !== null && use.total >= coupon.usageLimit) return 'usedUp';
  return null;
}

/** What a coupon takes off our fee (never more than it; the government fee is never touched). */
export function couponDiscountCents(coupon: Pick<Coupon, 'discountType' | 'value'>, ourFeeCents: number): number {
  const wanted =
    coupon.discountType === 'flat' ? coupon.value : Math.round((ourFeeCents * Math.min(coupon.value, 100)) / 100);
  return Math.max(0, Math.min(wanted, ourFeeCents));
}
