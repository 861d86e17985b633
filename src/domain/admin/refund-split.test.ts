import { describe, expect, it } from 'vitest';
import { priceCheckout } from '../checkout/cost-summary.ts';
import { E_VISA_SNAPSHOT } from '../checkout/testing.ts';
import { feesPaidOut, REFUND_SPLIT_TEXT, refundSplit, refundSplitWords } from './refund-split.ts';

/** New OCI card from the USA for two: $275 government fee and $3 ICWF each, $12 our fee, Expedite, $10 coupon. */
const summary = priceCheckout(
  {
    currency: 'USD',
    governmentFeeCents: 275_00,
    mandatoryFees: [{ label: 'ICWF', amountCents: 3_00 }],
    serviceFeeCents: 12_00,
    compareAtServiceFeeCents: null,
    feesPaidOnPortal: false,
  },
  2,
  [{ addon: 'Expedite', unitCents: 62_00, quantity: 1 }],
  { code: 'TEN', discountType: 'flat', value: 10_00 },
  { applies: false },
);

describe('refundSplit', () => {
  it('keeps government and third-party fees out of the policy’s amount; discounts come off our fees', () => {
    expect(summary.totalCents).toBe(2 * (275_00 + 3_00 + 12_00) + 62_00 - 10_00);
    const split = refundSplit(summary, { refundedCents: 0, remainingCents: summary.totalCents }, true);
    expect(split.nonRefundableLines).toEqual([
      { label: 'Government fee', amountCents: 550_00 },
      { label: 'ICWF', amountCents: 6_00 },
    ]);
    expect(split.nonRefundableCents).toBe(556_00);
    expect(split.refundableCents).toBe(24_00 + 62_00 - 10_00);
    expect(split.defaultCents).toBe(76_00);
    expect(split.feesCollected).toBe(true);
    expect(refundSplitWords(split)).toEqual({
      keepsFees: true,
      refundable: REFUND_SPLIT_TEXT.refundablePart,
      note: REFUND_SPLIT_TEXT.paidOut,
    });
  });

  it('keeps nothing of an e-Visa submitted on the portal: its fees were paid there, never to us', () => {
    const eVisa = priceCheckout(E_VISA_SNAPSHOT, 2, [], null, { applies: false });
    expect(eVisa.totalCents).toBe(24_00);
    const split = refundSplit(eVisa, { refundedCents: 0, remainingCents: 24_00 }, true);
    expect(split).toEqual({
      feesPaidOut: true,
      feesCollected: false,
      nonRefundableLines: [],
      nonRefundableCents: 0,
      refundableCents: 24_00,
      defaultCents: 24_00,
    });
    expect(refundSplitWords(split)).toEqual({
      keepsFees: false,
      refundable: REFUND_SPLIT_TEXT.refundableOurs,
      note: REFUND_SPLIT_TEXT.noneCollected,
    });
  });

  it('takes off what was refunded already and never offers more than is left, or anything unpaid', () => {
    expect(
      refundSplit(summary, { refundedCents: 50_00, remainingCents: summary.totalCents - 50_00 }, true).defaultCents,
    ).toBe(26_00);
    expect(refundSplit(summary, { refundedCents: 600_00, remainingCents: 32_00 }, true).defaultCents).toBe(0);
    expect(refundSplit(summary, { refundedCents: 0, remainingCents: 20_00 }, true).defaultCents).toBe(20_00);
    expect(refundSplit(summary, null, true).defaultCents).toBe(0);
  });

  it('gives the fees back too when the order never went to the authorities (cancelled before it was submitted)', () => {
    expect(feesPaidOut(['Payment pending', 'Order pending', 'In review', 'Cancelled'])).toBe(false);
    expect(feesPaidOut(['Payment pending', 'Order pending', 'In review', 'Submitted', 'Rejected'])).toBe(true);
    const split = refundSplit(summary, { refundedCents: 0, remainingCents: summary.totalCents }, false);
    expect(split).toEqual({
      feesPaidOut: false,
      feesCollected: true,
      nonRefundableLines: [],
      nonRefundableCents: 0,
      refundableCents: summary.totalCents,
      defaultCents: summary.totalCents,
    });
    expect(refundSplitWords(split).note).toBe(REFUND_SPLIT_TEXT.notPaidOut);
  });
});
