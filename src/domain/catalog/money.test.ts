import { describe, expect, it } from 'vitest';
import { convertCents, formatMoney, ungroupedAmount } from './money.ts';

describe('formatMoney', () => {
  it('drops cents on whole amounts and keeps two digits otherwise', () => {
    expect(formatMoney({ amountCents: 1200, currency: 'USD' })).toBe('$12');
    expect(formatMoney({ amountCents: 1590, currency: 'USD' })).toBe('$15.90');
    expect(formatMoney({ amountCents: 899, currency: 'USD' })).toBe('$8.99');
    expect(formatMoney({ amountCents: 740, currency: 'CAD' })).toBe('CA$7.40');
    expect(formatMoney({ amountCents: 250000, currency: 'INR' })).toBe('₹2,500');
  });

  it('groups rupees in lakhs and crores, as India writes them; dollars in thousands', () => {
    expect(formatMoney({ amountCents: 85_00_000_00, currency: 'INR' })).toBe('₹85,00,000');
    expect(formatMoney({ amountCents: 1_25_00_000_50, currency: 'INR' })).toBe('₹1,25,00,000.50');
    expect(formatMoney({ amountCents: 8_500_000_00, currency: 'USD' })).toBe('$8,500,000');
    expect(formatMoney({ amountCents: 8_500_000_00, currency: 'CAD' })).toBe('CA$8,500,000');
  });
});

describe('convertCents', () => {
  it('converts at a decimal rate in integer arithmetic, rounding half up to the cent', () => {
    expect(convertCents(184_40, '83.25')).toBe(15_351_30);
    expect(convertCents(1, '0.5')).toBe(1);
    expect(convertCents(1, '0.499999')).toBe(0);
    // 0.1 + 0.2 style float error would give 29999.999…; integers do not.
    expect(convertCents(100_00, '3')).toBe(300_00);
    expect(convertCents(9_007_199_254, '1.000001')).toBe(9_007_208_261);
  });

  it('refuses a malformed, negative or zero rate and a fractional amount', () => {
    for (const rate of ['', '-1', '1e3', '83.1234567', '0', '0.000000', ' 83']) {
      expect(() => convertCents(100, rate), rate).toThrow(RangeError);
    }
    expect(() => convertCents(1.5, '2')).toThrow(RangeError);
  });
});

describe('ungroupedAmount', () => {
  it('drops commas that group thousands as the US writes them, or lakhs as India does', () => {
    expect(ungroupedAmount('1,250')).toBe('1250');
    expect(ungroupedAmount('1,250.50')).toBe('1250.50');
    expect(ungroupedAmount('12,34,567.89')).toBe('1234567.89');
    expect(ungroupedAmount('25.50')).toBe('25.50');
  });

  it('refuses any other comma: a decimal comma is not a grouping', () => {
    for (const text of ['25,50', '1,2', '1,2345', ',250', '1,250,', '1.250,50', '12,3,456']) {
      expect(ungroupedAmount(text), text).toBeNull();
    }
  });
});
