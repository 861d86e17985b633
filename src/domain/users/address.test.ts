import { describe, expect, it } from 'vitest';
import { addressInputSchema, normalizePostalCode } from './address.ts';
import { USER_MESSAGES as U } from './messages.ts';
import { CA_PROVINCES, isRegionOf, regionName, US_STATES } from './regions.ts';

describe('US and Canada regions (SPEC.md §3)', () => {
  it('lists the 50 states, DC and 5 territories, and the 13 provinces and territories', () => {
    expect(US_STATES).toHaveLength(56);
    expect(CA_PROVINCES).toHaveLength(13);
    expect(new Set(US_STATES.map((s) => s.code)).size).toBe(56);
    expect(regionName('US', 'NJ')).toBe('New Jersey');
    expect(regionName('CA', 'BC')).toBe('British Columbia');
  });

  it('checks a code against its country', () => {
    expect(isRegionOf('US', 'CA')).toBe(true);
    expect(isRegionOf('CA', 'CA')).toBe(false);
    expect(isRegionOf('CA', 'ON')).toBe(true);
    expect(isRegionOf('US', 'ON')).toBe(false);
  });
});

describe('normalizePostalCode', () => {
  it.each([
    ['US', '94105', '94105'],
    ['US', ' 94105-1234 ', '94105-1234'],
    ['US', '9410', null],
    ['US', '941051234', null],
    ['CA', 'k1a0b1', 'K1A 0B1'],
    ['CA', 'M5V 3L9', 'M5V 3L9'],
    ['CA', 'W1A 1A1', null],
    ['CA', '12345', null],
  ] as const)('%s %s → %s', (country, input, expected) => {
    expect(normalizePostalCode(country, input)).toBe(expected);
  });
});

describe('addressInputSchema', () => {
  const valid = {
    fullName: 'Priya Sharma',
    addressLine: '500 Market St',
    city: 'San Francisco',
    state: 'ca',
    postalCode: '94105',
    country: 'US',
  };

  it('fills defaults and normalises', () => {
    expect(addressInputSchema.parse(valid)).toEqual({
      ...valid,
      type: 'home',
      state: 'CA',
      phone: null,
      phoneCountry: null,
      additionalInfo: null,
    });
  });

  it('names the field in its error', () => {
    const result = addressInputSchema.safeParse({ ...valid, country: 'CA', postalCode: '94105' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['state', U.stateInvalid],
      ['postalCode', U.canadianPostalInvalid],
    ]);
  });
});
