import { describe, expect, it } from 'vitest';
import {
  isSplit,
  type JurisdictionRule,
  jurisdictionSentence,
  missionLine,
  pickRule,
  sameDestination,
  straightToMission,
  toJurisdiction,
} from './jurisdiction.ts';
import { type PostalPlace, parsePostalPlace } from './postal-codes.ts';

const rule = (overrides: Partial<JurisdictionRule>): JurisdictionRule => ({
  country: 'US',
  region: 'CA',
  area: null,
  missionKind: 'consulate_general',
  missionCity: 'San Francisco',
  centreProvider: 'VFS Global',
  centreCity: 'San Francisco',
  submissionMode: 'post',
  postalAddress: null,
  effectiveFrom: '2020-11-02',
  sourceUrl: 'https://example.test/sf',
  ...overrides,
});

const california = [
  rule({}),
  rule({ area: 'Kern', missionCity: 'Los Angeles', centreCity: 'Los Angeles', effectiveFrom: '2025-12-15' }),
];
const ontario = [
  rule({ country: 'CA', region: 'ON', missionCity: 'Toronto', centreProvider: 'BLS International', centreCity: null }),
  rule({ country: 'CA', region: 'ON', area: 'K', missionKind: 'high_commission', missionCity: 'Ottawa' }),
];

function place(country: 'US' | 'CA', code: string): PostalPlace {
  const parsed = parsePostalPlace(country, code);
  if (!parsed.ok) throw new Error(`${code} does not parse`);
  return parsed.place;
}

describe('pickRule', () => {
  it('takes the county’s rule where the state is split, and the state’s rule for its other counties', () => {
    expect(pickRule(california, place('US', '93215'), 'Kern', '2026-01-01')?.missionCity).toBe('Los Angeles');
    expect(pickRule(california, place('US', '93277'), 'Tulare', '2026-01-01')?.missionCity).toBe('San Francisco');
  });

  it('answers what held on the day asked: a county’s row counts from its date only', () => {
    expect(pickRule(california, place('US', '93215'), 'Kern', '2025-12-14')?.missionCity).toBe('San Francisco');
    expect(pickRule(california, place('US', '93215'), 'Kern', '2025-12-15')?.missionCity).toBe('Los Angeles');
    expect(pickRule(california, place('US', '93215'), 'Kern', '2020-11-01')).toBeNull();
  });

  it('takes the latest row of the same place', () => {
    const moved = [rule({ region: 'WY' }), rule({ region: 'WY', missionCity: 'Seattle', effectiveFrom: '2024-07-12' })];
    expect(pickRule(moved, place('US', '82001'), null, '2026-01-01')?.missionCity).toBe('Seattle');
    expect(pickRule(moved, place('US', '82001'), null, '2024-07-11')?.missionCity).toBe('San Francisco');
  });

  it('never guesses a split state’s ZIP whose county is unknown', () => {
    expect(pickRule(california, place('US', '93299'), null, '2026-01-01')).toBeNull();
    // Before the split, the state's rule needs no county.
    expect(pickRule(california, place('US', '93299'), null, '2025-01-01')?.missionCity).toBe('San Francisco');
  });

  it('splits Ontario by forward sortation area, the longest matching start winning', () => {
    expect(pickRule(ontario, place('CA', 'K1A 0B1'), null, '2026-01-01')?.missionCity).toBe('Ottawa');
    expect(pickRule(ontario, place('CA', 'M5V 2T6'), null, '2026-01-01')?.missionCity).toBe('Toronto');
    const kingston = [...ontario, rule({ country: 'CA', region: 'ON', area: 'K7', missionCity: 'Toronto' })];
    expect(pickRule(kingston, place('CA', 'K7L 3N6'), null, '2026-01-01')?.missionCity).toBe('Toronto');
    expect(pickRule(kingston, place('CA', 'K2P 1L4'), null, '2026-01-01')?.missionCity).toBe('Ottawa');
  });

  it('finds nothing for a region no row covers', () => {
    expect(pickRule(california, place('US', '10001'), null, '2026-01-01')).toBeNull();
  });
});

describe('the answer and its sentence', () => {
  /** A Tulare County ZIP: California is split by county. */
  const tulareAnswer = () => {
    const on = '2026-01-01';
    const tulare = place('US', '93277');
    return toJurisdiction(pickRule(california, tulare, 'Tulare', on) as JurisdictionRule, tulare, {
      county: 'Tulare',
      split: isSplit(california, 'CA', on),
    });
  };

  it('names the county a split state was decided on', () => {
    const answer = tulareAnswer();
    expect(answer).toMatchObject({
      region: 'CA',
      regionName: 'California',
      area: { kind: 'county', name: 'Tulare' },
      place: 'Tulare County',
      mission: { name: 'Consulate General of India, San Francisco', city: 'San Francisco' },
    });
    expect(jurisdictionSentence(answer)).toBe(
      'Your file goes to the Consulate General in San Francisco (Tulare County), through the VFS centre in San Francisco, by post.',
    );
  });

  it('sends a US power of attorney straight to the mission, not through its centre; a Canadian one through BLS', () => {
    const answer = tulareAnswer();
    expect(straightToMission('power-of-attorney', 'US')).toBe(true);
    expect(jurisdictionSentence(answer, 'power-of-attorney')).toBe(
      'Your file goes to the Consulate General in San Francisco (Tulare County), straight to the mission, not through VFS, by post.',
    );
    expect(missionLine(answer, 'power-of-attorney')).toBe(
      'Consulate General of India, San Francisco (Tulare County), straight to the mission, not through VFS, by post',
    );
    expect(jurisdictionSentence(answer, 'oci-card')).toContain('through the VFS centre in San Francisco');
    expect(straightToMission('power-of-attorney', 'CA')).toBe(false);
  });

  it('names the state where it is not split, and the FSA where a province is', () => {
    const wyoming = place('US', '82001');
    const wy = toJurisdiction(rule({ region: 'WY', missionCity: 'Seattle', centreCity: 'Seattle' }), wyoming, {
      county: null,
      split: false,
    });
    expect(wy.area).toBeNull();
    expect(jurisdictionSentence(wy)).toBe(
      'Your file goes to the Consulate General in Seattle (Wyoming), through the VFS centre in Seattle, by post.',
    );
    const ottawa = place('CA', 'K1A 0B1');
    const hci = toJurisdiction(pickRule(ontario, ottawa, null, '2026-01-01') as JurisdictionRule, ottawa, {
      county: null,
      split: true,
    });
    expect(hci.area).toEqual({ kind: 'fsa', name: 'K1A' });
    expect(jurisdictionSentence({ ...hci, centre: { provider: 'BLS International', city: null } })).toBe(
      'Your file goes to the High Commission in Ottawa (Ontario, K1A), through a BLS centre, by post.',
    );
  });
});

describe('sameDestination', () => {
  const on = '2026-01-01';
  const answer = (code: string, county: string | null, rules = california) => {
    const at = place('US', code);
    const found = pickRule(rules, at, county, on);
    if (!found) throw new Error(`no rule for ${code}`);
    return toJurisdiction(found, at, { county, split: isSplit(rules, 'CA', on) });
  };
  const tulare = answer('93277', 'Tulare');

  it('holds for another code of the same mission: another county, place and code, a later row saying the same', () => {
    const fresno = answer('93650', 'Fresno');
    expect(fresno).not.toEqual(tulare);
    expect(sameDestination(tulare, fresno)).toBe(true);
    expect(
      sameDestination(tulare, { ...tulare, effectiveFrom: '2026-06-01', sourceUrl: 'https://example.test/new' }),
    ).toBe(true);
    // How it goes is not where it goes.
    expect(sameDestination(tulare, { ...tulare, submissionMode: 'in_person' })).toBe(true);
    expect(sameDestination(null, null)).toBe(true);
  });

  it('fails for another mission, another centre, another postal address, and a mission gained or lost', () => {
    expect(sameDestination(tulare, answer('93301', 'Kern'))).toBe(false);
    expect(
      sameDestination(tulare, { ...tulare, centre: { provider: 'BLS International', city: 'San Francisco' } }),
    ).toBe(false);
    expect(sameDestination(tulare, { ...tulare, centre: { provider: 'VFS Global', city: 'Oakland' } })).toBe(false);
    expect(sameDestination(tulare, { ...tulare, postalAddress: '1 Market Street, San Francisco, CA 94105' })).toBe(
      false,
    );
    expect(sameDestination(tulare, null)).toBe(false);
    expect(sameDestination(null, tulare)).toBe(false);
  });
});
