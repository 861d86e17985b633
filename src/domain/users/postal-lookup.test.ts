import { describe, expect, it } from 'vitest';
import { lookupPostalCode, stateOfZip, stateOfZipPrefix } from './postal-lookup.ts';
import { regionName } from './regions.ts';

describe('stateOfZip', () => {
  it('reads American Samoa’s 96799 inside Hawaii’s 967, and the rest of 967 and 968 as Hawaii', () => {
    expect(stateOfZip('96799')).toBe('AS');
    expect(stateOfZip('96799-0001')).toBe('AS');
    expect(stateOfZip('96701')).toBe('HI');
    expect(stateOfZip('96813')).toBe('HI');
    expect(stateOfZip('96898')).toBe('HI');
  });

  it('reads the Northern Mariana Islands’ 96950–96952 inside Guam’s 969, and Guam’s own 96910–96932', () => {
    expect(stateOfZip('96950')).toBe('MP');
    expect(stateOfZip('96951')).toBe('MP');
    expect(stateOfZip('96952')).toBe('MP');
    expect(stateOfZip('96910')).toBe('GU');
    expect(stateOfZip('96932')).toBe('GU');
  });

  it('names no state for Palau, Micronesia and the Marshall Islands, countries of their own', () => {
    for (const zip of ['96939', '96940', '96941', '96944', '96960', '96970']) expect(stateOfZip(zip)).toBeNull();
  });

  it('reads every other ZIP, and a code of 3 digits, by its prefix', () => {
    expect(stateOfZip('93277')).toBe('CA');
    expect(stateOfZip('73301')).toBe('TX');
    expect(stateOfZip('09001')).toBeNull();
    expect(stateOfZip('967')).toBe(stateOfZipPrefix('967'));
    expect(stateOfZip('969')).toBe('GU');
  });
});

describe('lookupPostalCode', () => {
  it('fills American Samoa and the Northern Mariana Islands, not Hawaii and Guam', () => {
    expect(lookupPostalCode('US', '96799')).toEqual({ country: 'US', prefix: '96799', city: null, state: 'AS' });
    expect(lookupPostalCode('US', ' 96950 ')).toEqual({ country: 'US', prefix: '96950', city: null, state: 'MP' });
    expect(regionName('US', 'AS')).toBe('American Samoa');
    expect(regionName('US', 'MP')).toBe('Northern Mariana Islands');
  });

  it('still answers Hawaii and Guam by prefix, and nothing for a freely associated state', () => {
    expect(lookupPostalCode('US', '96813')).toMatchObject({ prefix: '968', state: 'HI' });
    expect(lookupPostalCode('US', '96910')).toMatchObject({ prefix: '969', state: 'GU' });
    expect(lookupPostalCode('US', '96960')).toBeNull();
    expect(lookupPostalCode('US', '10001')).toEqual({ country: 'US', prefix: '100', city: 'New York', state: 'NY' });
  });
});
