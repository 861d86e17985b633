import { describe, expect, it } from 'vitest';
import { ANY_APPLICANT, APPLICANT_MESSAGES, applicantRefusal } from './package-applicants.ts';

const TODAY = '2026-12-02';
const adult = { fullName: 'Priya Sharma', kind: 'Adult' as const, dateOfBirth: '1985-04-12' };
const child = { fullName: ' Anaya Sharma ', kind: 'Minor' as const, dateOfBirth: '2016-01-15' };
const sixteen = { fullName: 'Kabir Sharma', kind: 'Minor' as const, dateOfBirth: '2010-06-01' };

describe('who a package is for', () => {
  it('takes anyone when the catalog says nothing', () => {
    for (const member of [adult, child]) expect(applicantRefusal(ANY_APPLICANT, member, TODAY)).toBeNull();
  });

  it('refuses a child on an adult package and an adult on a minor package, naming them', () => {
    expect(applicantRefusal({ kinds: ['Adult'], underAge: null, fromAge: null }, child, TODAY)).toBe(
      APPLICANT_MESSAGES.adultsOnly('Anaya Sharma'),
    );
    expect(applicantRefusal({ kinds: ['Minor'], underAge: null, fromAge: null }, adult, TODAY)).toBe(
      'Priya Sharma is 18 or over, and this package is for children. Please choose an adult package for them, in an application of its own.',
    );
    expect(applicantRefusal({ kinds: ['Adult'], underAge: null, fromAge: null }, adult, TODAY)).toBeNull();
  });

  it("keeps a price's age limit: a 16-year-old is past Canada's minor renewal (under 15), a 10-year-old is not", () => {
    const rule = { kinds: ['Minor'] as const, underAge: 15, fromAge: null };
    expect(applicantRefusal(rule, sixteen, TODAY)).toBe(APPLICANT_MESSAGES.tooOld('Kabir Sharma', 15));
    expect(applicantRefusal(rule, child, TODAY)).toBeNull();
    // The 15th birthday is the first day past the limit.
    expect(applicantRefusal(rule, { ...child, dateOfBirth: '2011-12-02' }, TODAY)).not.toBeNull();
    expect(applicantRefusal(rule, { ...child, dateOfBirth: '2011-12-03' }, TODAY)).toBeNull();
  });

  it("lets a price's lower age stand in for the package's kinds: from Canada a 16-year-old renews on the adult's passport, a 10-year-old does not", () => {
    const rule = { kinds: ['Adult'] as const, underAge: null, fromAge: 15 };
    expect(applicantRefusal(rule, sixteen, TODAY)).toBeNull();
    expect(applicantRefusal(rule, adult, TODAY)).toBeNull();
    expect(applicantRefusal(rule, child, TODAY)).toBe(
      'Anaya Sharma is under 15, and from this country this package is for applicants 15 and over. Please choose the package for a minor for them, in an application of its own.',
    );
    // The 15th birthday is the first day it takes them.
    expect(applicantRefusal(rule, { ...child, dateOfBirth: '2011-12-02' }, TODAY)).toBeNull();
    expect(applicantRefusal(rule, { ...child, dateOfBirth: '2011-12-03' }, TODAY)).toBe(
      APPLICANT_MESSAGES.tooYoung('Anaya Sharma', 15),
    );
  });
});
