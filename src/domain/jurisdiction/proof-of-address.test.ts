import { describe, expect, it } from 'vitest';
import type { Jurisdiction } from './jurisdiction.ts';
import {
  codeWords,
  type ProofAddress,
  proofConflict,
  proofCountryOf,
  proofPostalCodeOf,
  sameMission,
} from './proof-of-address.ts';
import { TULARE_JURISDICTION, VISALIA_ADDRESS_ANSWERS } from './testing.ts';

const kern: Jurisdiction = {
  ...TULARE_JURISDICTION,
  postalCode: '93215',
  area: { kind: 'county', name: 'Kern' },
  place: 'Kern County',
  mission: { kind: 'consulate_general', name: 'Consulate General of India, Los Angeles', city: 'Los Angeles' },
  centre: { provider: 'VFS Global', city: 'Los Angeles' },
};
const proofOf = (mission: Jurisdiction): ProofAddress => ({
  country: mission.country,
  postalCode: mission.postalCode,
  mission,
});

describe('proofConflict', () => {
  it('lets a proof from the order’s own mission through, whatever its county or centre', () => {
    const fresno = { ...TULARE_JURISDICTION, postalCode: '93701', place: 'Fresno County' };
    expect(sameMission(TULARE_JURISDICTION, fresno)).toBe(true);
    expect(proofConflict(TULARE_JURISDICTION, proofOf(fresno))).toBeNull();
  });

  it('blocks a proof from another mission’s area, naming both missions and what to do', () => {
    expect(proofConflict(TULARE_JURISDICTION, proofOf(kern))).toBe(
      'proof of address (ZIP 93215) belongs to the Consulate General of India, Los Angeles, but this application goes to the Consulate General of India, San Francisco (Tulare County), from the address in the form. Upload a proof of the address in the form, or correct the address in the form if you have moved.',
    );
  });

  it('has nothing to compare while the order has no mission or the proof no code', () => {
    expect(proofConflict(null, proofOf(kern))).toBeNull();
    expect(proofConflict(TULARE_JURISDICTION, null)).toBeNull();
  });

  it('names a Canadian code as a postal code', () => {
    expect(codeWords('CA', 'K1A 0B1')).toBe('postal code K1A 0B1');
    expect(codeWords('US', '93277')).toBe('ZIP 93277');
  });
});

describe('proofCountryOf', () => {
  it('asks in the order’s mission’s country, else the country applied from when codes are resolved there', () => {
    expect(proofCountryOf(TULARE_JURISDICTION, 'CA')).toBe('US');
    expect(proofCountryOf(null, 'CA')).toBe('CA');
    expect(proofCountryOf(null, 'US')).toBe('US');
    expect(proofCountryOf(null, 'IN')).toBeUndefined();
    expect(proofCountryOf(null, undefined)).toBeUndefined();
  });
});

describe('proofPostalCodeOf', () => {
  it('starts with the code of the member’s address in the form, in the country the code is asked in', () => {
    expect(proofPostalCodeOf(VISALIA_ADDRESS_ANSWERS, 'US')).toBe('93277');
    const toronto = { addressCountry: 'CA', postalCode: 'M5V 2T6', zipCode: '93277' };
    expect(proofPostalCodeOf(toronto, 'CA')).toBe('M5V 2T6');
    // An address in the other country, or none yet: the customer types the code on the paper.
    expect(proofPostalCodeOf(toronto, 'US')).toBeUndefined();
    expect(proofPostalCodeOf(VISALIA_ADDRESS_ANSWERS, undefined)).toBeUndefined();
    expect(proofPostalCodeOf({ addressCountry: 'US' }, 'US')).toBeUndefined();
  });
});
