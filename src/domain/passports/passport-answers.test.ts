import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../forms/definition.ts';
import { PASSPORT_MESSAGES, type PassportFields } from './mrz-reading.ts';
import {
  disagreementErrors,
  memberPassportDisagreements,
  passportAnswers,
  passportDisagreements,
  passportHolderConflict,
} from './passport-answers.ts';
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

  it("puts an Indian passport in the Indian passport's questions of a form that asks about both", () => {
    // A renunciation asks about the new passport and the Indian one surrendered.
    const both = new Set([...OCI_KEYS, 'indianPassportNumber', 'indianPassportExpiryDate']);
    const indian = { ...FIELDS, issuingState: 'IN', nationality: 'IN', passportNumber: 'Z1234567' };
    const keys = (fields: PassportFields) => passportAnswers(fields, both).map((a) => a.key);
    expect(keys(indian)).toEqual([
      'surname',
      'givenName',
      'sex',
      'dateOfBirth',
      'presentNationality',
      'indianPassportNumber',
      'indianPassportExpiryDate',
    ]);
    expect(keys(FIELDS).slice(5)).toEqual(['passportCountry', 'passportNumber', 'passportExpiryDate']);
    // An Indian passport read on a form about a foreign one only: its answers, to disagree there.
    expect(passportAnswers(indian, OCI_KEYS).find((a) => a.field === 'passportNumber')?.key).toBe('passportNumber');
  });

  it('answers a renunciation’s new citizenship from a foreign passport’s nationality, never an Indian one’s (walk H)', () => {
    const renunciation = new Set([
      'surname',
      'givenName',
      'naturalisedCountry',
      'passportNumber',
      'passportCountry',
      'indianPassportNumber',
    ]);
    const filled = (fields: PassportFields) =>
      passportAnswers(fields, renunciation).find((a) => a.field === 'nationality')?.key;
    expect(filled(FIELDS)).toBe('naturalisedCountry');
    expect(filled({ ...FIELDS, issuingState: 'IN', nationality: 'IN' })).toBeUndefined();
    // A form that asks the present nationality gets it there, as before.
    expect(
      passportAnswers(FIELDS, new Set([...OCI_KEYS, 'naturalisedCountry'])).find((a) => a.field === 'nationality')?.key,
    ).toBe('presentNationality');
  });

  it('clears a surname where the passport has given names and no surname; no names read fill nothing', () => {
    const noSurname = { ...FIELDS, surname: '', givenNames: 'PRIYA' };
    expect(passportAnswers(noSurname, OCI_KEYS).slice(0, 2)).toMatchObject([
      { key: 'surname', value: '' },
      { key: 'givenName', value: 'PRIYA' },
    ]);
    const noNames = passportAnswers({ ...FIELDS, surname: '', givenNames: '' }, OCI_KEYS);
    expect(noNames.map((a) => a.key)).not.toContain('surname');
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

  it('finds a typed surname where the passport has none', () => {
    const noSurname = { ...FIELDS, surname: '', givenNames: 'PRIYA DEVI' };
    expect(check({ ...TYPED }, noSurname)).toMatchObject([
      {
        key: 'surname',
        kind: 'different',
        typed: 'SHARMA',
        passport: '',
        message: 'Surname: you typed SHARMA, the passport shows none. Leave it empty.',
      },
    ]);
    expect(check({ ...TYPED, surname: '' }, noSurname)).toEqual([]);
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

describe('memberPassportDisagreements', () => {
  /** A form asking for a passport's expiry with these rules. */
  const expiryForm = (rules: { min: string }): FormDefinition => ({
    format: 1,
    id: 'test/expiry',
    version: 1,
    title: 'Test',
    steps: [
      {
        key: 'passportStep',
        title: 'Passport',
        sections: [
          {
            key: 'passport',
            title: 'Passport',
            fields: [
              { type: 'unique ID', key: 'passportNumber', label: 'Passport number' },
              { type: 'date', key: 'passportExpiryDate', label: 'Date of expiry', rules },
            ],
          },
        ],
      },
    ],
  });
  const expired = { ...FIELDS, expiryDate: '2025-11-28' };
  const typed = { passportNumber: 'X12345678', passportExpiryDate: '2025-11-28' };

  it('says a passport has expired where the form needs one valid today, and not where it takes an old one', () => {
    const valid = memberPassportDisagreements(expiryForm({ min: 'today' }), 'Adult', typed, expired, TODAY);
    expect(valid).toMatchObject([{ kind: 'expired', key: 'passportExpiryDate' }]);
    const renewal = memberPassportDisagreements(expiryForm({ min: '2000-01-01' }), 'Adult', typed, expired, TODAY);
    expect(renewal).toEqual([]);
  });
});

describe('passportHolderConflict', () => {
  const twin = { ...FIELDS, surname: 'SHARMA', givenNames: 'ARJUN' };

  it("refuses a passport whose own names are not the member's: a twin's, with the same surname", () => {
    expect(passportHolderConflict('Aarav Sharma', twin)).toBe(
      PASSPORT_MESSAGES.notMembersName('ARJUN SHARMA', 'Aarav Sharma'),
    );
  });

  it('takes any order, middle names, initials, hyphens and apostrophes, and a passport with one name', () => {
    for (const name of [
      'Priya Sharma',
      'Sharma Priya',
      'priya',
      'Devi Sharma',
      'P. D. Sharma',
      "Priya-Devi O'Sharma",
    ]) {
      expect(passportHolderConflict(name, FIELDS), name).toBeNull();
    }
    expect(passportHolderConflict('Priya', { ...FIELDS, surname: '', givenNames: 'PRIYA' })).toBeNull();
    expect(passportHolderConflict('Priya', { ...FIELDS, surname: 'PRIYA', givenNames: '' })).toBeNull();
    expect(passportHolderConflict('Priya Sharma', { ...FIELDS, surname: '', givenNames: '' })).toBeNull();
  });

  it('takes a given name the zone cut short', () => {
    const long = { ...FIELDS, surname: 'VENKATARAMANASUBRAMANIAN', givenNames: 'LAKSHMINARAYA' };
    expect(passportHolderConflict('Lakshminarayanan Venkataramanasubramanian', long)).toBeNull();
  });
});
