import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CheckoutSnapshot, type CostLine, PORTAL_FEES_LINE, priceCheckout } from './cost-summary.ts';
import { hasPremiumSupport, PREMIUM_SUPPORT_MINIMUM_CENTS } from './premium-support.ts';
import { referralDiscountApplies } from './referral.ts';
import { E_VISA_SNAPSHOT, OCI_SNAPSHOT } from './testing.ts';

const OCI = OCI_SNAPSHOT;
const NO_REFERRAL = { applies: false };

const byId = (lines: CostLine[], id: string) => lines.find((l) => l.id === id);

describe('priceCheckout', () => {
  it('lists the spec line items, the fees apart, and the total', () => {
    const s = priceCheckout(
      OCI,
      2,
      [
        { addon: 'Photo Enhancement', unitCents: 10_00, quantity: 2 },
        { addon: 'Expedite', unitCents: 62_00, quantity: 1 },
        { addon: 'Apostilled', unitCents: 60_00, quantity: 1 },
      ],
      null,
      NO_REFERRAL,
    );
    expect(s.lines.map((l) => [l.label, l.value, l.subValue])).toEqual([
      ['Package Cost Per Member', '$306.90', '$318.90'],
      ['Members', 'x2', undefined],
      ['Government fee', '$550', '$275 × 2'],
      ['VFS Global service fee', '$39.80', '$19.90 × 2'],
      ['Our service fee', '$24', '$12 × 2'],
      ['Photo Enhancer', '$20', '$10 × 2'],
      ['Expedite', '$62', undefined],
      ['Apostilled', '$60', undefined],
      ['Convenience Fees', '$0', undefined],
      ['Actual Cost', '$755.80', undefined],
    ]);
    expect(s.totalCents).toBe(755_80);
    expect(s.governmentFeeCents).toBe(550_00);
    expect(s.thirdPartyFeeCents).toBe(39_80);
    expect(s.ourFeeCents).toBe(166_00);
    expect(byId(s.lines, 'government-fee')).toMatchObject({ refundable: false });
    expect(byId(s.lines, 'service-fee')).toMatchObject({ refundable: true });
  });

  it('charges our fee alone when the customer pays the government fee on the portal (the e-Visa), and says what the portal takes', () => {
    const eVisa = E_VISA_SNAPSHOT;
    const s = priceCheckout(eVisa, 2, [], { code: 'FIRST10', discountType: 'flat', value: 5_00 }, NO_REFERRAL);
    expect(s.lines.map((l) => [l.label, l.value, l.subValue])).toEqual([
      ['Package Cost Per Member', '$12', '$24'],
      ['Members', 'x2', undefined],
      ['Our service fee', '$24', '$12 × 2'],
      ['Convenience Fees', '$0', undefined],
      ['Actual Cost', '$24', undefined],
      ['Paid by you on the official portal, not in this total', '$51.26', '$25.63 × 2'],
      ['Coupon Discount', '-$5', 'FIRST10'],
    ]);
    expect(byId(s.lines, PORTAL_FEES_LINE)?.kind).toBe('summary');
    expect(s.totalCents).toBe(19_00);
    expect(s.governmentFeeCents).toBe(0);
    expect(s.thirdPartyFeeCents).toBe(0);
    expect(s.ourFeeCents).toBe(19_00);
    // The same price collected by us is every fee, as before.
    expect(priceCheckout({ ...eVisa, feesPaidOnPortal: false }, 2, [], null, NO_REFERRAL).totalCents).toBe(75_26);
  });

  it('shows each discount once: Actual Cost less the discount lines is the total', () => {
    const s = priceCheckout(OCI, 2, [], { code: 'FIRST10', discountType: 'percentage', value: 10 }, { applies: true });
    const actual = byId(s.lines, 'actual-cost');
    const discounts = s.lines.filter((line) => /discount/i.test(line.label));
    // The referral's and the coupon's lines, and no third line repeating their sum.
    expect(discounts.map((line) => line.id)).toEqual(['referral-discount', 'coupon-discount']);
    const off = discounts.reduce((sum, line) => sum + line.amountCents, 0);
    expect((actual?.amountCents ?? 0) + off).toBe(s.totalCents);
  });

  it('takes a percentage coupon off our fee only', () => {
    const s = priceCheckout(OCI, 1, [], { code: 'FIRST10', discountType: 'percentage', value: 10 }, NO_REFERRAL);
    expect(byId(s.lines, 'coupon-discount')).toMatchObject({
      label: 'Coupon Discount',
      value: '-$1.20',
      subValue: 'FIRST10',
    });
    expect(s.totalCents).toBe(306_90 - 1_20);
  });

  it('never takes a flat coupon beyond our fee', () => {
    const s = priceCheckout(OCI, 1, [], { code: 'BIG', discountType: 'flat', value: 1000_00 }, NO_REFERRAL);
    expect(s.couponDiscountCents).toBe(12_00);
    expect(s.totalCents).toBe(275_00 + 19_90);
  });

  it('gives the referral discount as its own line, before the coupon', () => {
    const s = priceCheckout(OCI, 1, [], { code: 'FIRST10', discountType: 'percentage', value: 10 }, { applies: true });
    expect(byId(s.lines, 'referral-discount')).toMatchObject({ label: 'Referral discount', value: '-$5' });
    expect(s.couponDiscountCents).toBe(70);
    expect(s.totalCents).toBe(306_90 - 5_00 - 70);
    expect(referralDiscountApplies({ referred: true, earlierApplications: 0 })).toBe(true);
    expect(referralDiscountApplies({ referred: true, earlierApplications: 1 })).toBe(false);
    expect(referralDiscountApplies({ referred: false, earlierApplications: 0 })).toBe(false);
  });

  it('shows CAD amounts in CAD', () => {
    const s = priceCheckout({ ...OCI, currency: 'CAD', compareAtServiceFeeCents: null }, 1, [], null, NO_REFERRAL);
    expect(s.currency).toBe('CAD');
    expect(byId(s.lines, 'service-fee')?.value).toBe('CA$12');
    expect(byId(s.lines, 'discount')).toBeUndefined();
  });

  it('flags premium support from 100 in the order currency', () => {
    expect(PREMIUM_SUPPORT_MINIMUM_CENTS).toBe(10_000);
    expect(hasPremiumSupport(99_99)).toBe(false);
    expect(hasPremiumSupport(100_00)).toBe(true);
    const free = { ...OCI, governmentFeeCents: 0, mandatoryFees: [], serviceFeeCents: 50_00 };
    expect(priceCheckout(free, 1, [], null, NO_REFERRAL).premiumSupport).toBe(false);
    expect(priceCheckout(free, 2, [], null, NO_REFERRAL).premiumSupport).toBe(true);
  });

  it('holds for any order: total ≥ 0, fees untouched (or left to the portal), lines add up', () => {
    const cents = fc.integer({ min: 0, max: 500_000 });
    fc.assert(
      fc.property(
        cents,
        fc.array(cents, { maxLength: 3 }),
        cents,
        fc.option(cents, { nil: null }),
        fc.integer({ min: 1, max: 10 }),
        fc.array(
          fc.tuple(
            fc.constantFrom('Photo Enhancement', 'Expedite', 'Apostilled' as const),
            cents,
            fc.integer({ min: 0, max: 10 }),
          ),
          { maxLength: 3 },
        ),
        fc.option(fc.tuple(fc.constantFrom('flat', 'percentage' as const), fc.integer({ min: 0, max: 1_000_000 })), {
          nil: null,
        }),
        fc.boolean(),
        fc.boolean(),
        (gov, fees, service, was, n, addOns, coupon, referred, onPortal) => {
          const snapshot: CheckoutSnapshot = {
            currency: 'USD',
            governmentFeeCents: gov,
            mandatoryFees: fees.map((amountCents, i) => ({ label: `Fee ${i}`, amountCents })),
            serviceFeeCents: service,
            compareAtServiceFeeCents: was,
            feesPaidOnPortal: onPortal,
          };
          const s = priceCheckout(
            snapshot,
            n,
            addOns.map(([addon, unitCents, quantity]) => ({ addon, unitCents, quantity })),
            coupon && {
              code: 'X',
              discountType: coupon[0],
              value: coupon[0] === 'percentage' ? coupon[1] % 101 : coupon[1],
            },
            { applies: referred },
          );
          expect(s.totalCents).toBeGreaterThanOrEqual(0);
          expect(s.ourFeeCents).toBeGreaterThanOrEqual(0);
          expect(s.governmentFeeCents).toBe(onPortal ? 0 : gov * n);
          const portal = s.lines.find((l) => l.id === PORTAL_FEES_LINE)?.amountCents ?? 0;
          expect(portal).toBe(onPortal ? (gov + fees.reduce((a, b) => a + b, 0)) * n : 0);
          expect(s.totalCents).toBe(s.governmentFeeCents + s.thirdPartyFeeCents + s.ourFeeCents);
          const counted = s.lines.filter((l) => l.kind !== 'summary').reduce((sum, l) => sum + l.amountCents, 0);
          expect(counted).toBe(s.totalCents);
        },
      ),
    );
  });
});
