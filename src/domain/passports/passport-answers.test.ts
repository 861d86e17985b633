import { describe, expect, it } from 'vitest';
import type { PassportFields } from './mrz-reading.ts';
import { disagreementErrors, passportAnswers, passportDisagreements } from './passport-answers.ts';
import { PRIYA_FIELDS } from './testing.ts';

const TODAY = '2026-11-29';
const FIELDS: PassportFields = { ...PRIYA_FIELDS };
const OCI_KEYS = new Set([
  'surname',
  'givenName',
  'sex',
  'dateOfBirth',
  'passportNumber',
  'passportCountry',
  'passportExpiryDate',
  'presentNationality',
]);
const TYPED = {
  surname: 'SHARMA',
  givenName: 'PRIYA DEVI',
  sex: 'female',
  dateOfBirth: '1985-03-14',
  passportNumber: 'X12345678',
  passportCountry: 'US',
  passportExpiryDate: '2031-07-15',
  presentNationality: 'US',
};

describe('passportAnswers', () => {
  it("fills the keys the form asks, the Indian passport's where the form asks that one", () => {
    expect(passportAnswers(FIELDS, OCI_KEYS).map((a) => [a.key, a.value])).toEqual([
      ['surname', 'SHARMA'],
      ['givenName', 'PRIYA DEVI'],
      ['sex', 'female'],
      ['dateOfBirth', '1985-03-14'],
      ['presentNationality', 'US'],
      ['passportCountry', 'US'],
      ['passportNumber', 'X12345678'],
      ['passportExpiryDate', '2031-07-15'],
    ]);
    const renewal = passportAnswers(FIELDS, new Set(['indianPassportNumber', 'indianPassportExpiryDate']));
    expect(renewal.map((a) => a.key)).toEqual(['indianPassportNumber', 'indianPassportExpiryDate']);
  });
});

describe('passportDisagreements', () => {
  const check = (typed: Record<string, unknown>, fields = FIELDS) =>
    passportDisagreements(typed, fields, OCI_KEYS, TODAY);

  it('finds none when the answers are the passport’s (names in any case, hyphens as spaces)', () => {
    expect(check(TYPED)).toEqual([]);
    expect(check({ ...TYPED, surname: 'sharma', givenName: 'Priya-Devi' })).toEqual([]);
    expect(check({ surname: 'SHARMA' })).toEqual([]);
  });

  it('names two swapped digits of the passport number', () => {
    const [found] = check({ ...TYPED, passportNumber: 'X12354678' });
    expect(found).toMatchObject({ key: 'passportNumber', kind: 'swapped', typed: 'X12354678', passport: 'X12345678' });
    expect(found?.message).toBe(
      'Passport number: two characters are swapped. You typed X12354678, the passport says X12345678.',
    );
  });

  it('finds a one-digit change in the passport number', () => {
    expect(check({ ...TYPED, passportNumber: 'X12345679' })).toMatchObject([
      { kind: 'different', key: 'passportNumber' },
    ]);
  });

  it('finds a different date of birth, with both dates in words', () => {
    const [found] = check({ ...TYPED, dateOfBirth: '1985-04-14' });
    expect(found?.message).toBe('Date of birth: you typed 14 Apr 1985, the passport says 14 Mar 1985.');
  });

  it('finds a different name, and a different sex or nationality', () => {
    expect(check({ ...TYPED, givenName: 'PRIYA' }).map((d) => d.key)).toEqual(['givenName']);
    expect(check({ ...TYPED, sex: 'male', presentNationality: 'IN' }).map((d) => d.message)).toEqual([
      'Sex: you chose male, the passport says female.',
      'Nationality: you chose India, the passport says United States.',
    ]);
  });

  it('says an expired passport has expired, whatever was typed', () => {
    const expired = { ...FIELDS, expiryDate: '2025-01-31' };
    const found = check({ ...TYPED, passportExpiryDate: '2025-01-31' }, expired);
    expect(found).toMatchObject([{ kind: 'expired', key: 'passportExpiryDate' }]);
    expect(found[0]?.message).toContain('This passport expired on 31 Jan 2025');
  });

  it('lets a name longer than the zone continue the printed one', () => {
    const long = { ...FIELDS, surname: 'VENKATARAMANASUBRAMANIAN', givenNames: 'LAKSHMINARAYA' };
    expect(check({ surname: 'VENKATARAMANASUBRAMANIAN', givenName: 'LAKSHMINARAYANAN' }, long)).toEqual([]);
  });

  it('gives one field message per answer', () => {
    const errors = disagreementErrors(check({ ...TYPED, passportNumber: 'X12345679', dateOfBirth: '1985-03-15' }));
    expect(Object.keys(errors)).toEqual(['dateOfBirth', 'passportNumber']);
  });
});
