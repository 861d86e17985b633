import { describe, expect, it } from 'vitest';
import { formatMoney } from '../catalog/money.ts';
import {
  COUPON_MESSAGES,
  type Coupon,
  checkCoupon,
  couponCodeSchema,
  couponDiscountCents,
  couponLimitReached,
} from './coupons.ts';

const FIRST10: Coupon = {
  code: 'FIRST10',
  description: '10% off our service fee',
  discountType: 'percentage',
  value: 10,
  platform: 'sevadocs',
  startsAt: new Date('2026-01-01T00:00:00Z'),
  endsAt: new Date('2027-01-01T00:00:00Z'),
  minimumOrderCents: 50_00,
  usageLimit: 3,
  perCustomerLimit: 1,
  isActive: true,
};
const context = {
  now: new Date('2026-06-01T00:00:00Z'),
  platform: 'sevadocs' as const,
  actualCostCents: 100_00,
  use: { total: 0, byCustomer: 0 },
  format: (cents: number) => formatMoney({ amountCents: cents, currency: 'USD' }),
};

describe('coupon rules', () => {
  it('accepts a valid coupon', () => {
    expect(checkCoupon(FIRST10, context)).toEqual({ ok: true });
  });

  it.each([
    ['unknown', null, context, COUPON_MESSAGES.unknown],
    ['switched off', { ...FIRST10, isActive: false }, context, COUPON_MESSAGES.unknown],
    [
      'another platform',
      { ...FIRST10, platform: 'sevaphotos' as const },
      context,
      COUPON_MESSAGES.wrongPlatform('sevaphotos'),
    ],
    ['not started', FIRST10, { ...context, now: new Date('2025-12-31T23:59:59Z') }, COUPON_MESSAGES.notYet],
    ['expired', FIRST10, { ...context, now: new Date('2027-01-01T00:00:00Z') }, COUPON_MESSAGES.expired],
    ['used by the customer', FIRST10, { ...context, use: { total: 1, byCustomer: 1 } }, COUPON_MESSAGES.alreadyUsed],
    ['used up', FIRST10, { ...context, use: { total: 3, byCustomer: 0 } }, COUPON_MESSAGES.usedUp],
    [
      'under the minimum',
      FIRST10,
      { ...context, actualCostCents: 49_99 },
      'This coupon needs an order of at least $50.',
    ],
  ])('refuses a coupon that is %s', (_, coupon, ctx, message) => {
    expect(checkCoupon(coupon, ctx)).toEqual({ ok: false, message });
  });

  it('discounts within our fee', () => {
    expect(couponDiscountCents({ discountType: 'percentage', value: 10 }, 12_00)).toBe(1_20);
    expect(couponDiscountCents({ discountType: 'flat', value: 10_00 }, 12_00)).toBe(10_00);
    expect(couponDiscountCents({ discountType: 'flat', value: 10_00 }, 4_00)).toBe(4_00);
    expect(couponDiscountCents({ discountType: 'percentage', value: 150 }, 4_00)).toBe(4_00);
  });

  it('reads codes case-insensitively and asks for one', () => {
    expect(couponCodeSchema.parse(' first10 ')).toBe('FIRST10');
    expect(couponCodeSchema.safeParse('  ').error?.issues[0]?.message).toBe(COUPON_MESSAGES.empty);
  });
});

describe('couponLimitReached', () => {
  it('names the limit other orders already fill (the customer’s first), or null while both have room', () => {
    const limits = { usageLimit: 2, perCustomerLimit: 1 };
    expect(couponLimitReached(limits, { total: 1, byCustomer: 0 })).toBeNull();
    expect(couponLimitReached(limits, { total: 2, byCustomer: 0 })).toBe('usedUp');
    expect(couponLimitReached(limits, { total: 2, byCustomer: 1 })).toBe('alreadyUsed');
    expect(couponLimitReached({ usageLimit: null, perCustomerLimit: null }, { total: 99, byCustomer: 99 })).toBeNull();
  });
});
