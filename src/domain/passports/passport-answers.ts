import type { MemberKind } from '../applications/member-kinds.ts';
import { countryName } from '../countries/names.ts';
import type { FormDefinition } from '../forms/definition.ts';
import { memberSteps, shownFieldKeys } from '../forms/visibility.ts';
import type { PassportField, PassportFields } from './mrz-reading.ts';

/**
 * The passport's fields and the application's answers (the form definitions' keys,
 * src/server/modules/applications/form-definitions/blocks.ts): which answer each field fills, and
 * where typed answers disagree with the passport that was read (issue 30 §2). Pure, for the
 * browser's confirm and mismatch panels and the server's review step alike.
 */

/** The answer keys a passport field may fill, in preference order (a form asks one of them). */
export const PASSPORT_ANSWER_KEYS: Record<PassportField, readonly string[]> = {
  surname: ['surname'],
  givenNames: ['givenName'],
  sex: ['sex'],
  dateOfBirth: ['dateOfBirth'],
  nationality: ['presentNationality'],
  issuingState: ['passportCountry'],
  passportNumber: ['passportNumber', 'indianPassportNumber'],
  expiryDate: ['passportExpiryDate', 'indianPassportExpiryDate'],
};

export const PASSPORT_FIELD_LABELS: Record<PassportField, string> = {
  surname: 'Surname',
  givenNames: 'Given name(s)',
  sex: 'Sex',
  dateOfBirth: 'Date of birth',
  nationality: 'Nationality',
  issuingState: 'Country that issued it',
  passportNumber: 'Passport number',
  expiryDate: 'Date of expiry',
};

/** One passport field and the answer it fills in this form. */
export interface PassportAnswer {
  field: PassportField;
  key: string;
  value: string;
}

/**
 * The answers a reading fills in a form that asks `askedKeys`: one per field the form asks and
 * the passport has a value for.
 */
export function passportAnswers(fields: PassportFields, askedKeys: ReadonlySet<string>): PassportAnswer[] {
  return (Object.keys(PASSPORT_ANSWER_KEYS) as PassportField[]).flatMap((field) => {
    const value = fields[field];
    const key = PASSPORT_ANSWER_KEYS[field].find((k) => askedKeys.has(k));
    return value && key ? [{ field, key, value }] : [];
  });
}

export type DisagreementKind = 'swapped' | 'different' | 'expired';

export interface Disagreement {
  field: PassportField;
  /** The answer key it is shown on. */
  key: string;
  kind: DisagreementKind;
  typed: string;
  passport: string;
  message: string;
}

/** Names as the zone prints them: capitals, apostrophes dropped, hyphens and spaces as one space. */
function nameForm(name: string): string {
  return name
    .toUpperCase()
    .replace(/['’]/g, '')
    .replace(/[^A-Z]+/g, ' ')
    .trim();
}

/** Whether two strings of equal length differ only by two neighbouring characters swapped. */
function swappedNeighbours(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const diff = [...a].flatMap((c, i) => (c === b[i] ? [] : [i]));
  const [i, j] = diff;
  return (
    diff.length === 2 &&
    j === (i as number) + 1 &&
    a[i as number] === b[j as number] &&
    a[j as number] === b[i as number]
  );
}

/** A date for a sentence: 2031-07-15 → 15 Jul 2031. */
export function displayDate(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * Where the typed `answers` disagree with the passport's `fields`, in form order; empty when they
 * agree. An answer not typed yet disagrees with nothing (the form's own rules ask for it). Names
 * are compared as the zone prints them, and a name longer than the zone's 39 characters only as
 * far as the zone goes. `today` (ISO) decides whether the passport has expired.
 */
export function passportDisagreements(
  answers: Record<string, unknown>,
  fields: PassportFields,
  askedKeys: ReadonlySet<string>,
  today: string,
): Disagreement[] {
  const found: Disagreement[] = [];
  for (const { field, key, value: passport } of passportAnswers(fields, askedKeys)) {
    const typed = text(answers[key]);
    if (!typed) continue;
    const label = PASSPORT_FIELD_LABELS[field];
    const add = (kind: DisagreementKind, message: string) => found.push({ field, key, kind, typed, passport, message });
    switch (field) {
      case 'surname':
      case 'givenNames': {
        const typedName = nameForm(typed);
        const passportName = nameForm(passport);
        // The zone cuts long names short: a typed name that continues the printed one agrees.
        const truncated = fields.surname.length + fields.givenNames.length >= 37 && typedName.startsWith(passportName);
        if (typedName !== passportName && !truncated) {
          add('different', `${label}: you typed ${typed}, the passport says ${passport}.`);
        }
        break;
      }
      case 'passportNumber': {
        const typedNumber = typed.toUpperCase().replace(/\s+/g, '');
        if (typedNumber === passport) break;
        add(
          swappedNeighbours(typedNumber, passport) ? 'swapped' : 'different',
          swappedNeighbours(typedNumber, passport)
            ? `Passport number: two characters are swapped. You typed ${typedNumber}, the passport says ${passport}.`
            : `Passport number: you typed ${typedNumber}, the passport says ${passport}.`,
        );
        break;
      }
      case 'dateOfBirth':
      case 'expiryDate':
        if (typed !== passport) {
          add('different', `${label}: you typed ${displayDate(typed)}, the passport says ${displayDate(passport)}.`);
        }
        break;
      case 'sex':
        if (typed !== passport) add('different', `${label}: you chose ${typed}, the passport says ${passport}.`);
        break;
      default:
        if (typed !== passport) {
          add('different', `${label}: you chose ${countryName(typed)}, the passport says ${countryName(passport)}.`);
        }
    }
  }
  if (fields.expiryDate && fields.expiryDate < today) {
    const key = PASSPORT_ANSWER_KEYS.expiryDate.find((k) => askedKeys.has(k)) ?? 'passportExpiryDate';
    found.push({
      field: 'expiryDate',
      key,
      kind: 'expired',
      typed: text(answers[key]),
      passport: fields.expiryDate,
      message: `This passport expired on ${displayDate(fields.expiryDate)}. Apply with a passport that is still valid: read your current one.`,
    });
  }
  return found;
}

/** The disagreements as field messages (one per answer key), for a refused review. */
export function disagreementErrors(disagreements: readonly Disagreement[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const d of disagreements) errors[d.key] = errors[d.key] ? `${errors[d.key]} ${d.message}` : d.message;
  return errors;
}

/**
 * Where a member's answers disagree with their confirmed passport: the keys compared are the
 * ones the member's form shows them (a dependent question hidden by an answer is not asked).
 */
export function memberPassportDisagreements(
  definition: FormDefinition,
  memberKind: MemberKind,
  answers: Record<string, unknown>,
  fields: PassportFields,
  today: string,
): Disagreement[] {
  const asked = shownFieldKeys(memberSteps(definition, memberKind), (key) => answers[key]);
  return passportDisagreements(answers, fields, asked, today);
}
