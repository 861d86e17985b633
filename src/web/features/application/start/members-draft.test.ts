import { describe, expect, it } from 'vitest';
import { ANY_APPLICANT, APPLICANT_MESSAGES } from '../../../../domain/applications/package-applicants.ts';
import { refusedMembers, repeatsShownRefusal } from './members-draft.ts';

const TODAY = '2026-06-15';

describe('refusedMembers: who the running total leaves out', () => {
  it('names the members the package refuses, by the server’s rule, and “Member N” while the name is blank', () => {
    const adults = { kinds: ['Adult' as const], underAge: null, fromAge: null };
    const members = [
      { fullName: 'Priya Sharma', dateOfBirth: '1988-04-12', relationship: 'Self' as const },
      { fullName: ' Dev Sharma ', dateOfBirth: '2015-05-05', relationship: 'Child' as const },
      { fullName: '', dateOfBirth: '2012-01-01', relationship: '' as const },
    ];
    expect(refusedMembers(members, adults, TODAY)).toEqual(['Dev Sharma', 'Member 3']);
    expect(refusedMembers(members, ANY_APPLICANT, TODAY)).toEqual([]);
  });

  it('refuses by age where the price sets one (from Canada, 15 and over renew on the adult’s passport)', () => {
    const fromFifteen = { kinds: ['Adult' as const], underAge: null, fromAge: 15 };
    const sixteen = { fullName: 'Asha Rao', dateOfBirth: '2010-01-01', relationship: 'Child' as const };
    const ten = { fullName: 'Ravi Rao', dateOfBirth: '2016-01-01', relationship: 'Child' as const };
    expect(refusedMembers([sixteen, ten], fromFifteen, TODAY)).toEqual(['Ravi Rao']);
  });

  it('refuses no one whose date of birth is not a real date yet', () => {
    const adults = { kinds: ['Adult' as const], underAge: null, fromAge: null };
    expect(refusedMembers([{ fullName: 'Dev' }, { dateOfBirth: '2015-13-40' }, undefined], adults, TODAY)).toEqual([]);
  });
});

describe('repeatsShownRefusal: a refused start’s message the page already shows beside the member', () => {
  const adults = { kinds: ['Adult' as const], underAge: null, fromAge: null };
  const sent = [
    { fullName: 'Priya Sharma', dateOfBirth: '1988-04-12', relationship: 'Self' as const, kind: 'Adult' as const },
    { fullName: 'Dev Sharma', dateOfBirth: '2015-05-05', relationship: 'Child' as const, kind: 'Minor' as const },
  ];
  const refused = APPLICANT_MESSAGES.adultsOnly('Dev Sharma');

  it('is the package’s refusal, by the page’s rule, on that member’s date of birth', () => {
    expect(repeatsShownRefusal('members.1.dateOfBirth', refused, sent, adults, TODAY)).toBe(true);
  });

  it('is not a message the page’s rule does not give, nor one for another field or member', () => {
    expect(repeatsShownRefusal('members.1.dateOfBirth', refused, sent, ANY_APPLICANT, TODAY)).toBe(false);
    const fromFifteen = { kinds: ['Adult' as const], underAge: null, fromAge: 15 };
    expect(repeatsShownRefusal('members.1.dateOfBirth', refused, sent, fromFifteen, TODAY)).toBe(false);
    expect(repeatsShownRefusal('members.1.fullName', refused, sent, adults, TODAY)).toBe(false);
    expect(repeatsShownRefusal('members.0.dateOfBirth', refused, sent, adults, TODAY)).toBe(false);
    expect(repeatsShownRefusal('members.2.dateOfBirth', refused, sent, adults, TODAY)).toBe(false);
    expect(repeatsShownRefusal('members.1.dateOfBirth', undefined, sent, adults, TODAY)).toBe(false);
  });
});
