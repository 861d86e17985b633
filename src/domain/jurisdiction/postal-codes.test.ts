import { describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../users/messages.ts';
import { malformedCodeMessage, parsePostalPlace } from './postal-codes.ts';

describe('parsePostalPlace', () => {
  it('reads a ZIP’s state from its prefix, keeping the 5-digit ZIP', () => {
    expect(parsePostalPlace('US', ' 93277-1234 ')).toEqual({
      ok: true,
      place: { country: 'US', postalCode: '93277-1234', zip: '93277', region: 'CA' },
    });
    expect(parsePostalPlace('US', '82001')).toMatchObject({ ok: true, place: { region: 'WY' } });
    expect(parsePostalPlace('US', '00802')).toMatchObject({ ok: true, place: { region: 'VI' } });
    // 733 (Austin) is Texas inside Oklahoma's 730–749.
    expect(parsePostalPlace('US', '73301')).toMatchObject({ ok: true, place: { region: 'TX' } });
    expect(parsePostalPlace('US', '73102')).toMatchObject({ ok: true, place: { region: 'OK' } });
    expect(parsePostalPlace('US', '74103')).toMatchObject({ ok: true, place: { region: 'OK' } });
  });

  it('reads American Samoa and the Northern Mariana Islands from the whole ZIP, not Hawaii’s or Guam’s prefix', () => {
    expect(parsePostalPlace('US', '96799')).toEqual({
      ok: true,
      place: { country: 'US', postalCode: '96799', zip: '96799', region: 'AS' },
    });
    expect(parsePostalPlace('US', '96950')).toMatchObject({ ok: true, place: { region: 'MP' } });
    expect(parsePostalPlace('US', '96952-0001')).toMatchObject({ ok: true, place: { region: 'MP' } });
    expect(parsePostalPlace('US', '96813')).toMatchObject({ ok: true, place: { region: 'HI' } });
    expect(parsePostalPlace('US', '96910')).toMatchObject({ ok: true, place: { region: 'GU' } });
    // Palau: a country of its own with US ZIPs.
    expect(parsePostalPlace('US', '96940')).toEqual({ ok: false, reason: 'unknown' });
  });

  it('reads a postal code’s province from its first letter and keeps its FSA', () => {
    expect(parsePostalPlace('CA', 'k1a0b1')).toEqual({
      ok: true,
      place: { country: 'CA', postalCode: 'K1A 0B1', fsa: 'K1A', region: 'ON' },
    });
    expect(parsePostalPlace('CA', 'X0A 0H0')).toMatchObject({ ok: true, place: { region: 'NU' } });
    expect(parsePostalPlace('CA', 'X1A 2N5')).toMatchObject({ ok: true, place: { region: 'NT' } });
  });

  it('tells a malformed code from a well-formed one of no state we list', () => {
    expect(parsePostalPlace('US', '9327')).toEqual({ ok: false, reason: 'malformed' });
    expect(parsePostalPlace('US', 'K1A 0B1')).toEqual({ ok: false, reason: 'malformed' });
    expect(parsePostalPlace('CA', 'K1A')).toEqual({ ok: false, reason: 'malformed' });
    expect(parsePostalPlace('CA', 'W1A 1A1')).toEqual({ ok: false, reason: 'malformed' });
    // An armed forces ZIP (APO AE) and an unassigned prefix.
    expect(parsePostalPlace('US', '09001')).toEqual({ ok: false, reason: 'unknown' });
    expect(parsePostalPlace('US', '00100')).toEqual({ ok: false, reason: 'unknown' });
  });

  it('answers a malformed code with the address book’s message', () => {
    expect(malformedCodeMessage('US')).toBe(USER_MESSAGES.zipInvalid);
    expect(malformedCodeMessage('CA')).toBe(USER_MESSAGES.canadianPostalInvalid);
  });
});
