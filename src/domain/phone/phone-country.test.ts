import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { phoneCountrySchema, splitPhone } from '../auth/schemas.ts';
import {
  callingCodeOf,
  checkPhoneCountry,
  countryFromDigits,
  countryOfNumber,
  phoneCountryFits,
  resolvePhoneCountry,
} from './phone-country.ts';

describe('the country of a phone number (issue 17 point 8)', () => {
  it.each([
    ['+1-4165550123', 'CA'], // Toronto
    ['+1-6135550199', 'CA'], // Ottawa
    ['+1-4155550123', 'US'], // San Francisco
    ['+1-8765550123', 'JM'],
    ['+91-9876543210', 'IN'],
    ['+1 (416) 555-0123', 'CA'], // as typed into the contact form's API
    ['+44 20 7946 0958', 'GB'],
  ])('%s is from %s', (phone, country) => {
    expect(countryOfNumber(phone)).toBe(country);
  });

  it('tells when the digits themselves name the country (what the browser switches the picker on)', () => {
    expect(countryFromDigits('+1-4165550123')).toBe('CA');
    expect(countryFromDigits('+1-5555550123')).toBeNull();
    expect(countryFromDigits('+1-416555')).toBeNull();
    expect(countryFromDigits('4165550123')).toBeNull();
  });

  it("falls back to the calling code's main country when the digits do not tell, and to null without a code", () => {
    expect(countryOfNumber('+1-5555550123')).toBe('US');
    expect(countryOfNumber('+7-0000000')).toBe('RU');
    expect(countryOfNumber('416 555 0123')).toBeNull();
    expect(countryOfNumber('+999-1234567')).toBeNull();
  });

  it('reads the calling code of a joined phone and of one typed with spaces and brackets', () => {
    expect(callingCodeOf('+1-4165550123')).toBe('1');
    expect(callingCodeOf(' +91-9876543210 ')).toBe('91');
    expect(callingCodeOf('+1 (416) 555-0123')).toBe('1');
    expect(callingCodeOf('(416) 555-0123')).toBeNull();
  });

  it('keeps the country picked with the phone when it has the same calling code, whatever the digits', () => {
    expect(resolvePhoneCountry('+1-5555550123', 'CA')).toBe('CA');
    expect(resolvePhoneCountry('+1-4155550123', 'CA')).toBe('CA');
    expect(resolvePhoneCountry('+44-7911123456', 'GB')).toBe('GB');
    expect(resolvePhoneCountry('416 555 0123', 'CA')).toBe('CA');
  });

  it('derives the country from the number when none was picked, or the picked one cannot be right', () => {
    expect(resolvePhoneCountry('+1-4165550123')).toBe('CA');
    expect(resolvePhoneCountry('+1-4165550123', null)).toBe('CA');
    expect(resolvePhoneCountry('+1-4165550123', 'IN')).toBe('CA');
    expect(resolvePhoneCountry('+1-4165550123', 'ZZ')).toBe('CA');
  });

  it('a country fits a phone when it has its calling code', () => {
    expect(phoneCountryFits('+1-4165550123', 'US')).toBe(true);
    expect(phoneCountryFits('+1-4165550123', 'CA')).toBe(true);
    expect(phoneCountryFits('+91-9876543210', 'CA')).toBe(false);
    expect(phoneCountryFits('+1-4165550123', 'ZZ')).toBe(false);
  });

  it("refuses a picked country that does not fit the phone with the spec's 'Invalid country code'", () => {
    const body = z
      .object({ phone: z.string().optional(), phoneCountry: phoneCountrySchema.optional() })
      .superRefine(checkPhoneCountry);
    expect(body.safeParse({ phone: '+1-4165550123', phoneCountry: 'ca' }).data).toEqual({
      phone: '+1-4165550123',
      phoneCountry: 'CA',
    });
    expect(body.safeParse({ phone: '+1-4165550123' }).success).toBe(true);
    expect(body.safeParse({ phone: '+91-9876543210', phoneCountry: 'CA' }).error?.issues).toMatchObject([
      { path: ['phoneCountry'], message: 'Invalid country code' },
    ]);
    expect(body.safeParse({ phone: '+1-4165550123', phoneCountry: 'Canada' }).error?.issues).toMatchObject([
      { path: ['phoneCountry'], message: 'Invalid country code' },
    ]);
  });

  it('splits a joined phone back into its code and number', () => {
    expect(splitPhone('+1-4165550123')).toEqual(['+1', '4165550123']);
    expect(splitPhone('4165550123')).toEqual(['+1', '4165550123']);
  });
});
