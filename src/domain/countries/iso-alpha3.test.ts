import { states } from 'mrz';
import { describe, expect, it } from 'vitest';
import { alpha2FromIcao, ISO_ALPHA3_CODES } from './iso-alpha3.ts';
import { ISO_COUNTRY_CODES } from './iso-codes.ts';

describe('alpha-3 codes', () => {
  it('one for each alpha-2 code, each a state ICAO 9303 knows', () => {
    expect(ISO_ALPHA3_CODES).toHaveLength(ISO_COUNTRY_CODES.length);
    expect(new Set(ISO_ALPHA3_CODES).size).toBe(ISO_ALPHA3_CODES.length);
    expect(ISO_ALPHA3_CODES.filter((code) => !(code in states))).toEqual([]);
  });

  it('reads the codes a passport prints', () => {
    expect(alpha2FromIcao('USA')).toBe('US');
    expect(alpha2FromIcao('IND')).toBe('IN');
    expect(alpha2FromIcao('CAN')).toBe('CA');
    expect(alpha2FromIcao('D<<')).toBe('DE');
    expect(alpha2FromIcao('GBN')).toBe('GB');
    expect(alpha2FromIcao('XXA')).toBeNull();
  });
});
