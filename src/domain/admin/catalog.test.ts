import { describe, expect, it } from 'vitest';
import { amountToCents, centsToAmount, packagePriceEditSchema } from './catalog.ts';
import { couponCreateSchema } from './coupons.ts';

describe('amounts typed in the back office', () => {
  it.each([
    ['275', 27500],
    ['15.90', 1590],
    ['15.9', 1590],
    [' 1,250.05 ', 125005],
    ['1,25,000', 12500000],
    ['0', 0],
  ])('reads %j as %i cents', (text, cents) => {
    expect(amountToCents(text)).toBe(cents);
  });

  it.each(['', '-5', '1.234', 'abc', '1e3', '12.', '25,50', '1,2,3', '12,34.5'])('refuses %j', (text) => {
    expect(amountToCents(text)).toBeNull();
  });

  it('shows cents as an amount with two decimals', () => {
    expect(centsToAmount(1590)).toBe('15.90');
    expect(centsToAmount(27500)).toBe('275.00');
  });
});

describe('the price edit schema', () => {
  it('takes whole cents only and needs a field', () => {
    expect(packagePriceEditSchema.safeParse({ serviceFeeCents: 7900 }).success).toBe(true);
    expect(packagePriceEditSchema.safeParse({ serviceFeeCents: 79.5 }).success).toBe(false);
    expect(packagePriceEditSchema.safeParse({}).success).toBe(false);
  });
});

describe('the coupon create schema', () => {
  const base = { code: 'fall-10', description: 'Fall', discountType: 'flat', value: 1000, platform: 'sevadocs' };
  it('upper-cases the code and fills the defaults', () => {
    expect(couponCreateSchema.parse(base)).toMatchObject({
      code: 'FALL-10',
      isActive: true,
      isPublic: false,
      usageLimit: null,
      minimumOrderCents: 0,
    });
  });

  it('checks the value against its type and the window', () => {
    const pct = couponCreateSchema.safeParse({ ...base, discountType: 'percentage', value: 101 });
    expect(pct.error?.issues[0]).toMatchObject({ path: ['value'], message: 'A percentage must be from 1 to 100.' });
    const window = couponCreateSchema.safeParse({
      ...base,
      startsAt: '2030-01-02T00:00:00Z',
      endsAt: '2030-01-01T00:00:00Z',
    });
    expect(window.error?.issues[0]).toMatchObject({ path: ['endsAt'], message: 'The end must be after the start.' });
  });
});
