import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

describe('formatMoney', () => {
  it('drops cents on whole amounts and keeps two digits otherwise', () => {
    expect(formatMoney({ amountCents: 1200, currency: 'USD' })).toBe('$12');
    expect(formatMoney({ amountCents: 1590, currency: 'USD' })).toBe('$15.90');
    expect(formatMoney({ amountCents: 899, currency: 'USD' })).toBe('$8.99');
    expect(formatMoney({ amountCents: 740, currency: 'CAD' })).toBe('CA$7.40');
    expect(formatMoney({ amountCents: 250000, currency: 'INR' })).toBe('₹2,500');
  });
});
