import type { MemberKind } from '../applications/member-kinds.ts';
import { countryName } from '../countries/names.ts';
import { answerFieldsByKey, type FormDefinition } from '../forms/definition.ts';
import { resolvedDateBounds } from '../forms/rules.ts';
import { memberSteps, shownFieldKeys } from '../forms/visibility.ts';
import { PASSPORT_MESSAGES, type PassportField, type PassportFields } from './mrz-reading.ts';

/**
 * The passport's fields and the application's answers (the form definitions' keys,
 * src/server/modules/applications/form-definitions/blocks.ts): which answer each field fills, and
 * where typed answers disagree with the passport that was read (issue 30 §2). Pure, for the
 * browser's confirm and mismatch panels and the server's review step alike.
 */

/** The answers about the holder: the same questions whichever passport is read. */
const HOLDER_KEYS = {
  surname: ['surname'],
  givenNames: ['givenName'],
  sex: ['sex'],
  dateOfBirth: ['dateOfBirth'],
  nationality: ['presentNationality'],
} as const satisfies Partial<Record<PassportField, readonly string[]>>;

/**
 * A foreign passport's nationality also answers a renunciation's "Country of your new citizenship"
 * (a form that does not ask the present nationality): walk H chose it by hand after its US passport
 * was read. Never an Indian passport's: that is the citizenship given up.
 */
const FOREIGN_HOLDER_KEYS = {
  ...HOLDER_KEYS,
  nationality: ['presentNationality', 'naturalisedCountry'],
} as const satisfies Partial<Record<PassportField, readonly string[]>>;

type PassportItselfKeys = Record<Exclude<PassportField, keyof typeof HOLDER_KEYS>, readonly string[]>;

/** The questions about a foreign passport (an OCI's, a visa's, a renunciation's new one). */
const FOREIGN_PASSPORT_KEYS: PassportItselfKeys = {
  issuingState: ['passportCountry'],
  passportNumber: ['passportNumber'],
  expiryDate: ['passportExpiryDate'],
};

/** The questions about an Indian passport (a renewal's, a renunciation's surrendered one): India is not asked. */
const INDIAN_PASSPORT_KEYS: PassportItselfKeys = {
  issuingState: [],
  passportNumber: ['indianPassportNumber'],
  expiryDate: ['indianPassportExpiryDate'],
};

/** Every answer key a passport field may fill, foreign passport's first (where the reader goes). */
export const PASSPORT_ANSWER_KEYS: Record<PassportField, readonly string[]> = {
  ...FOREIGN_HOLDER_KEYS,
  issuingState: FOREIGN_PASSPORT_KEYS.issuingState,
  passportNumber: [...FOREIGN_PASSPORT_KEYS.passportNumber, ...INDIAN_PASSPORT_KEYS.passportNumber],
  expiryDate: [...FOREIGN_PASSPORT_KEYS.expiryDate, ...INDIAN_PASSPORT_KEYS.expiryDate],
};

/**
 * The keys a reading fills in a form that asks `askedKeys`. A form asking about both passports
 * (renunciation: the new one and the surrendered Indian one) gets an Indian passport's number
 * and expiry in the Indian passport's questions, any other in the foreign one's. A form asking
 * about one passport only gets whichever was read there, so reading the wrong one shows as
 * disagreements rather than filling nothing.
 */
function answerKeys(fields: PassportFields, askedKeys: ReadonlySet<string>): Record<PassportField, readonly string[]> {
  const asks = (keys: PassportItselfKeys) => Object.values(keys).some((ks) => ks.some((k) => askedKeys.has(k)));
  const [own, other] =
    fields.issuingState === 'IN'
      ? [INDIAN_PASSPORT_KEYS, FOREIGN_PASSPORT_KEYS]
      : [FOREIGN_PASSPORT_KEYS, INDIAN_PASSPORT_KEYS];
  const holder = fields.issuingState === 'IN' ? HOLDER_KEYS : FOREIGN_HOLDER_KEYS;
  return { ...holder, ...(asks(own) || !asks(other) ? own : other) };
}

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
 * What a passport field says, or null where it says nothing. A passport with given names and no
 * surname says the holder has none (the form's surname is optional for them): an empty surname
 * clears a typed one. A passport with no names read at all says nothing about them.
 */
function passportValue(fields: PassportFields, field: PassportField): string | null {
  if (field === 'surname' && fields.givenNames) return fields.surname;
  return fields[field] || null;
}

/**
 * The answers a reading fills in a form that asks `askedKeys`: one per field the form asks and
 * the passport has a value for.
 */
export function passportAnswers(fields: PassportFields, askedKeys: ReadonlySet<string>): PassportAnswer[] {
  const keys = answerKeys(fields, askedKeys);
  return (Object.keys(PASSPORT_ANSWER_KEYS) as PassportField[]).flatMap((field) => {
    const value = passportValue(fields, field);
    const key = keys[field].find((k) => askedKeys.has(k));
    return value !== null && key ? [{ field, key, value }] : [];
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

/** The zone's 39 name characters are (nearly) all used: the last name printed may be cut short. */
const namesCutShort = (fields: PassportFields) => fields.surname.length + fields.givenNames.length >= 37;

/**
 * Where the typed `answers` disagree with the passport's `fields`, in form order; empty when they
 * agree. An answer not typed yet disagrees with nothing (the form's own rules ask for it). Names
 * are compared as the zone prints them, and a name longer than the zone's 39 characters only as
 * far as the zone goes. `validOn` (ISO) is the day the form needs the passport valid on, null
 * where it asks about an expired one too (a renewal's, a surrendered one).
 */
export function passportDisagreements(
  answers: Record<string, unknown>,
  fields: PassportFields,
  askedKeys: ReadonlySet<string>,
  validOn: string | null,
): Disagreement[] {
  const found: Disagreement[] = [];
  const filled = passportAnswers(fields, askedKeys);
  for (const { field, key, value: passport } of filled) {
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
        const truncated = passportName !== '' && namesCutShort(fields) && typedName.startsWith(passportName);
        if (typedName !== passportName && !truncated) {
          add(
            'different',
            passport
              ? `${label}: you typed ${typed}, the passport says ${passport}.`
              : `${label}: you typed ${typed}, the passport shows none. Leave it empty.`,
          );
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
  const expiry = filled.find((answer) => answer.field === 'expiryDate');
  if (validOn && expiry && expiry.value < validOn) {
    found.push({
      field: 'expiryDate',
      key: expiry.key,
      kind: 'expired',
      typed: text(answers[expiry.key]),
      passport: expiry.value,
      message: `This passport expired on ${displayDate(expiry.value)}. Apply with a passport that is still valid: read your current one.`,
    });
  }
  return found;
}

const nameParts = (name: string) => nameForm(name).split(' ').filter(Boolean);

/**
 * Whether the passport can be the member's by its names (a twin's passport on the other twin's
 * form has the same date of birth and family name). The passport's own names are its given
 * names, or its one name where it prints no given names; one of them must be a part of the
 * member's full name, in any order, or begin with an initial there ("R. K. Sharma"), or, where
 * the zone cut the names short, begin that part. Middle names, a missing surname or a name order
 * of another country pass; a passport with no names read has nothing to contradict.
 */
function passportNamesMember(fullName: string, fields: PassportFields): boolean {
  const own = nameParts(fields.givenNames || fields.surname);
  const member = nameParts(fullName);
  const cut = namesCutShort(fields);
  return (
    own.length === 0 ||
    own.some((part) =>
      member.some((m) => m === part || (m.length === 1 && part.startsWith(m)) || (cut && m.startsWith(part))),
    )
  );
}

/** Why a confirmed passport cannot be the member's (its names are another person's), or null. */
export function passportHolderConflict(fullName: string, fields: PassportFields): string | null {
  return passportNamesMember(fullName, fields)
    ? null
    : PASSPORT_MESSAGES.notMembersName([fields.givenNames, fields.surname].filter(Boolean).join(' '), fullName);
}

/** The disagreements as field messages (one per answer key), for a refused review. */
export function disagreementErrors(disagreements: readonly Disagreement[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const d of disagreements) errors[d.key] = errors[d.key] ? `${errors[d.key]} ${d.message}` : d.message;
  return errors;
}

/**
 * Where a member's answers disagree with their confirmed passport: the keys compared are the
 * ones the member's form shows them (a dependent question hidden by an answer is not asked). The
 * passport must be valid today only where the form's expiry question refuses a past date (an
 * OCI's, a visa's, a power of attorney's current passport); a renewal or a surrender is of a
 * passport that may long have expired.
 */
export function memberPassportDisagreements(
  definition: FormDefinition,
  memberKind: MemberKind,
  answers: Record<string, unknown>,
  fields: PassportFields,
  today: string,
): Disagreement[] {
  const asked = shownFieldKeys(memberSteps(definition, memberKind), (key) => answers[key]);
  const expiryKey = passportAnswers(fields, asked).find((answer) => answer.field === 'expiryDate')?.key;
  const expiry = expiryKey ? answerFieldsByKey(definition).get(expiryKey) : undefined;
  const needsValid = expiry?.type === 'date' && resolvedDateBounds(expiry, today).min >= today;
  return passportDisagreements(answers, fields, asked, needsValid ? today : null);
}
