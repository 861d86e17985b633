import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feesPaidOut, refundSplit } from '../admin/refund-split.ts';
import { FEE_REFUND_MARK, priceCheckout } from './cost-summary.ts';
import { PAID_LINES_TEXT, paidLines, receiptLine, receiptTime, wasPaid } from './receipt.ts';
import { OCI_SNAPSHOT } from './testing.ts';

const OCI = OCI_SNAPSHOT;

describe('the paid lines (receipt e-mail and order page, issue 28)', () => {
  it('words each line as the receipt does: value, its note, "was …", "not refundable once submitted"', () => {
    const s = priceCheckout(OCI, 2, [], { code: 'FIRST10', discountType: 'percentage', value: 10 }, { applies: false });
    const paid = paidLines(s);
    expect(paid.lines.map((l) => [l.label, l.value])).toEqual(
      s.lines.filter((l) => l.kind !== 'summary').map(receiptLine),
    );
    expect(paid.lines.find((l) => l.id === 'government-fee')?.value).toBe(
      '$550 ($275 × 2, not refundable once submitted)',
    );
    expect(paid.lines.find((l) => l.id === 'coupon-discount')?.value).toMatch(/^-\$.+ \(FIRST10\)$/);
    expect(paid.notes).toEqual([
      {
        id: 'package-cost-per-member',
        label: 'Package Cost Per Member',
        value: expect.stringMatching(/\(was \$318\.90\)$/),
      },
    ]);
    expect(PAID_LINES_TEXT.total).toBe('Total paid');
  });

  it('marks the government and third-party fees as the refund policy treats them: kept only once submitted', () => {
    const s = priceCheckout(OCI, 2, [], null, { applies: false });
    const fees = s.lines.filter((l) => l.refundable === false);
    expect(fees.map((l) => l.id)).toContain('government-fee');
    for (const fee of fees) expect(receiptLine(fee)[1]).toContain(`, ${FEE_REFUND_MARK.note})`);
    // The mark's "once submitted" is the split's rule: before Submitted a refund gives the fees
    // back in full (a customer refunded then must not read "not refundable"); from it on, it keeps them.
    expect(feesPaidOut(['Payment pending', 'Order pending', 'In review', 'Cancelled'])).toBe(false);
    expect(refundSplit(s, null, false).nonRefundableCents).toBe(0);
    expect(feesPaidOut(['Payment pending', 'Order pending', 'In review', 'Submitted'])).toBe(true);
    expect(refundSplit(s, null, true).nonRefundableCents).toBe(fees.reduce((sum, l) => sum + l.amountCents, 0));
  });

  it('keeps what the portal takes under the total of an e-Visa order, not among the paid lines', () => {
    const s = priceCheckout({ ...OCI, feesPaidOnPortal: true }, 1, [], null, { applies: false });
    const paid = paidLines(s);
    expect(paid.lines.map((l) => l.id)).toEqual(['service-fee', 'convenience-fees']);
    expect(paid.totalCents).toBe(12_00);
    expect(paid.notes.map((n) => [n.label, n.value])).toEqual([
      ['Package Cost Per Member', '$12 (was $24)'],
      ['Paid by you on the official portal, not in this total', '$294.90'],
    ]);
  });

  it('the listed figures always add up to the total paid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 0, max: 100 }),
        fc.boolean(),
        (members, percent, referral) => {
          const coupon = percent > 0 ? ({ code: 'X', discountType: 'percentage', value: percent } as const) : null;
          const s = priceCheckout(OCI, members, [], coupon, { applies: referral });
          const paid = paidLines(s);
          expect(paid.lines.reduce((sum, l) => sum + l.amountCents, 0)).toBe(paid.totalCents);
        },
      ),
    );
  });

  it('an order was paid when it left Payment pending other than by a cancellation', () => {
    expect(wasPaid([{ fromStatus: null, status: 'Payment pending' }])).toBe(false);
    expect(
      wasPaid([
        { fromStatus: null, status: 'Payment pending' },
        { fromStatus: 'Payment pending', status: 'Cancelled' },
      ]),
    ).toBe(false);
    expect(
      wasPaid([
        { fromStatus: null, status: 'Payment pending' },
        { fromStatus: 'Payment pending', status: 'Forms incomplete' },
        { fromStatus: 'Forms incomplete', status: 'Cancelled' },
      ]),
    ).toBe(true);
  });
});

describe('the receipt time', () => {
  it('says the day and time in UTC, so an evening payment in the USA is not read as the next day', () => {
    // 8:12 pm in New York on 5 December is already 6 December in UTC.
    expect(receiptTime(new Date('2026-12-06T01:12:09Z'))).toBe('6 December 2026, 01:12 UTC');
    expect(receiptTime(new Date('2027-01-01T00:05:00Z'))).toBe('1 January 2027, 00:05 UTC');
    expect(receiptTime(new Date('2026-07-14T23:59:59Z'))).toBe('14 July 2026, 23:59 UTC');
  });
});
