import { describe, expect, it } from 'vitest';
import {
  type DatedPrice,
  daysBetween,
  feeDay,
  formatFeeDate,
  orderFeeChangeSentence,
  pricesOnDay,
  sameOutsideFees,
  scheduledChangeNotice,
} from './fee-schedule.ts';

const ICWF = { label: 'ICWF', amountCents: 200 };
const VFS = { label: 'VFS Global service fee', amountCents: 1590 };

function row(id: number, effectiveFrom: string | null, governmentFeeCents: number, extra: Partial<DatedPrice> = {}) {
  return {
    id,
    applyingFrom: 'US',
    citizenship: null,
    destination: null,
    effectiveFrom,
    governmentFeeCents,
    mandatoryFees: [ICWF, VFS],
    serviceFeeCents: 5900,
    feesPaidOnPortal: false,
    ...extra,
  };
}

// The minor passport renewal: $50 until 30 June 2026, $90 from 1 July 2026 (catalog-facts §2).
const MINOR = [row(2, '2026-07-01', 9000), row(1, null, 5000)];

describe('the fee in force on a day', () => {
  it('takes the row with the latest date on or before the day, a null date counting as since always', () => {
    expect(pricesOnDay(MINOR, '2026-06-30').map((p) => p.governmentFeeCents)).toEqual([5000]);
    expect(pricesOnDay(MINOR, '2026-07-01').map((p) => p.governmentFeeCents)).toEqual([9000]);
    expect(pricesOnDay(MINOR, '2026-11-29').map((p) => p.governmentFeeCents)).toEqual([9000]);
  });

  it('names the next change of the outside fees, and none once it took effect', () => {
    const [before] = pricesOnDay(MINOR, '2026-06-30');
    expect(before?.scheduledChange).toEqual({
      id: 2,
      effectiveFrom: '2026-07-01',
      governmentFeeCents: 9000,
      mandatoryFees: [ICWF, VFS],
      totalCents: 9000 + 200 + 1590 + 5900,
    });
    expect(pricesOnDay(MINOR, '2026-07-01')[0]?.scheduledChange).toBeNull();
  });

  it('keeps each choice of countries apart, and leaves out a choice whose first row is still ahead', () => {
    const rows = [...MINOR, row(3, '2027-01-01', 6700, { applyingFrom: 'CA' })];
    expect(pricesOnDay(rows, '2026-11-29').map((p) => p.id)).toEqual([2]);
    expect(pricesOnDay(rows, '2027-01-01').map((p) => p.id)).toEqual([2, 3]);
  });

  it('does not call a later row that changes only our service fee a fee change', () => {
    const rows = [row(1, null, 5000), row(2, '2027-01-01', 5000, { serviceFeeCents: 4900 })];
    expect(pricesOnDay(rows, '2026-11-29')[0]?.scheduledChange).toBeNull();
  });

  it('reads the day in UTC', () => {
    expect(feeDay(new Date('2026-06-30T23:59:59Z'))).toBe('2026-06-30');
    expect(feeDay(new Date('2026-07-01T00:00:00Z'))).toBe('2026-07-01');
  });

  it('compares outside fees line by line', () => {
    expect(sameOutsideFees(row(1, null, 5000), row(2, null, 5000))).toBe(true);
    expect(sameOutsideFees(row(1, null, 5000), row(2, null, 5000, { mandatoryFees: [ICWF] }))).toBe(false);
    expect(daysBetween('2027-06-01', '2027-07-01')).toBe(30);
  });
});

describe('what the pages and the e-mail say', () => {
  const price = {
    currency: 'USD' as const,
    governmentFeeCents: 5000,
    mandatoryFees: [ICWF, VFS],
    feesPaidOnPortal: false,
  };

  it('announces a change before it takes effect', () => {
    expect(formatFeeDate('2027-07-01')).toBe('1 July 2027');
    const [before] = pricesOnDay([row(1, null, 5000), row(2, '2027-07-01', 9000)], '2027-06-30');
    expect(scheduledChangeNotice({ ...price, scheduledChange: before?.scheduledChange ?? null })).toBe(
      'From 1 July 2027 the government fee is $90 (total $166.90).',
    );
    expect(scheduledChangeNotice({ ...price, scheduledChange: null })).toBeNull();
  });

  it('announces a change of a fee paid on the portal without a new total of ours', () => {
    const rows = [row(1, null, 2500), row(2, '2027-04-01', 1000)].map((r) => ({ ...r, feesPaidOnPortal: true }));
    const [before] = pricesOnDay(rows, '2027-03-31');
    expect(before?.scheduledChange?.totalCents).toBe(5900);
    expect(
      scheduledChangeNotice({ ...price, feesPaidOnPortal: true, scheduledChange: before?.scheduledChange ?? null }),
    ).toBe('From 1 April 2027 the government fee is $10, paid on the official portal.');
  });

  it('names an outsourcer fee that changes with the government fee', () => {
    const next = { ...VFS, amountCents: 1650 };
    const [before] = pricesOnDay(
      [row(1, null, 5000), row(2, '2027-07-01', 9000, { mandatoryFees: [ICWF, next] })],
      '2027-06-30',
    );
    expect(scheduledChangeNotice({ ...price, scheduledChange: before?.scheduledChange ?? null })).toBe(
      'From 1 July 2027 the government fee is $90 and the VFS Global service fee is $16.50 (total $167.50).',
    );
  });

  it('tells an unpaid order what it costs before and after', () => {
    const order = { displayId: 'DOC-12345678', currency: 'USD' as const };
    const change = { effectiveFrom: '2027-07-01', governmentFeeCents: 9000, mandatoryFees: [ICWF, VFS] };
    expect(orderFeeChangeSentence(order, price, change, { nowCents: 7690, afterCents: 11690 }, false)).toBe(
      'From 1 July 2027 the government fee is $90. Paid before then, your order DOC-12345678 costs $76.90; from that day its total becomes $116.90.',
    );
    expect(orderFeeChangeSentence(order, price, change, { nowCents: 7690, afterCents: 11690 }, true)).toBe(
      'Since 1 July 2027 the government fee is $90, so the total of your order DOC-12345678 is now $116.90 (it was $76.90).',
    );
  });

  it('names the coupon a lower fee takes the order below the minimum of: ahead, and once it went', () => {
    const order = { displayId: 'DOC-12345678', currency: 'USD' as const };
    const change = { effectiveFrom: '2027-07-01', governmentFeeCents: 1000, mandatoryFees: [ICWF, VFS] };
    const totals = { nowCents: 7190, afterCents: 3690, droppedCoupon: { code: 'SAVE5', minimumOrderCents: 7690 } };
    expect(orderFeeChangeSentence(order, price, change, totals, false)).toBe(
      'From 1 July 2027 the government fee is $10. Paid before then, your order DOC-12345678 costs $71.90; from that day its total becomes $36.90. From that day your coupon SAVE5 no longer applies. This coupon needs an order of at least $76.90.',
    );
    expect(orderFeeChangeSentence(order, price, change, totals, true)).toBe(
      'Since 1 July 2027 the government fee is $10, so the total of your order DOC-12345678 is now $36.90 (it was $71.90). Your coupon SAVE5 is no longer available and has been removed. Please check the new total before paying.',
    );
  });
});
