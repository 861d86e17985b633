import { describe, expect, it } from 'vitest';
import { addressCodeOf, addressCountryConflict, decidingMember, regionMismatch } from './address-answers.ts';

describe('addressCodeOf', () => {
  it('reads the ZIP of a US address and the postal code of a Canadian one', () => {
    expect(addressCodeOf({ addressCountry: 'US', zipCode: '93277', postalCode: 'K1A 0B1' })).toEqual({
      country: 'US',
      postalCode: '93277',
    });
    expect(addressCodeOf({ addressCountry: 'CA', zipCode: '93277', postalCode: 'K1A 0B1' })).toEqual({
      country: 'CA',
      postalCode: 'K1A 0B1',
    });
  });

  it('is null while the country or its code is not answered', () => {
    expect(addressCodeOf({})).toBeNull();
    expect(addressCodeOf({ zipCode: '93277' })).toBeNull();
    expect(addressCodeOf({ addressCountry: 'IN', zipCode: '93277' })).toBeNull();
    expect(addressCodeOf({ addressCountry: 'US', zipCode: '  ' })).toBeNull();
    expect(addressCodeOf({ addressCountry: 'CA', zipCode: '93277' })).toBeNull();
  });
});

describe('decidingMember', () => {
  it('is the first adult added, else the first member', () => {
    const child = { id: 1, kind: 'Minor' as const };
    const parent = { id: 2, kind: 'Adult' as const };
    const other = { id: 3, kind: 'Adult' as const };
    expect(decidingMember([child, parent, other])).toBe(parent);
    expect(decidingMember([child, { id: 4, kind: 'Minor' as const }])).toBe(child);
    expect(decidingMember([])).toBeNull();
  });
});

describe('regionMismatch', () => {
  const newYork = { region: 'NY', regionName: 'New York' };
  it('says when the state or province chosen is not the code’s, naming both', () => {
    expect(regionMismatch({ country: 'US', postalCode: '10001' }, 'AZ', newYork)).toBe(
      'ZIP 10001 is in New York, but the state chosen is Arizona. Please check both: the ZIP decides where your file goes.',
    );
    expect(
      regionMismatch({ country: 'CA', postalCode: 'M5V 2T6' }, 'BC', { region: 'ON', regionName: 'Ontario' }),
    ).toBe(
      'Postal code M5V 2T6 is in Ontario, but the province chosen is British Columbia. Please check both: the postal code decides where your file goes.',
    );
  });

  it('is null when they agree or nothing is chosen yet', () => {
    expect(regionMismatch({ country: 'US', postalCode: '10001' }, 'NY', newYork)).toBeNull();
    expect(regionMismatch({ country: 'US', postalCode: '10001' }, null, newYork)).toBeNull();
  });
});

describe('addressCountryConflict', () => {
  it('refuses an address in the other country than the order was priced for, naming both', () => {
    expect(addressCountryConflict({ addressCountry: 'US', zipCode: '94107' }, 'CA')).toBe(
      'This application was priced for applying from Canada: its fees, its checklist and the mission it goes to are those of Canada. ' +
        'This address is in the USA. Correct the address if it is wrong, or start a new application for applying from the USA.',
    );
    expect(addressCountryConflict({ addressCountry: 'CA' }, 'US')).toContain('This address is in Canada.');
  });

  it('is null for the same country, or while either country is not known', () => {
    expect(addressCountryConflict({ addressCountry: 'CA' }, 'CA')).toBeNull();
    expect(addressCountryConflict({}, 'CA')).toBeNull();
    expect(addressCountryConflict({ addressCountry: 'US' }, null)).toBeNull();
    expect(addressCountryConflict({ addressCountry: 'US' }, undefined)).toBeNull();
  });
});
