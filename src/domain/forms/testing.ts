/**
 * Test support: fast-check arbitraries of answers that satisfy a definition's fields. Used by
 * the property tests here and by the seeded definitions' test (every definition completable).
 */
import fc from 'fast-check';
import { ISO_COUNTRY_CODES } from '../countries/iso-codes.ts';
import { checkAnswer } from './answers.ts';
import { addMonths, addYears, isWeekend, resolveDateBound } from './dates.ts';
import type { AnswerField, FormDefinition, FormField, PasswordField, TextField } from './definition.ts';
import { acceptedFileTypes, maxFileSize } from './files.ts';
import { OCCUPATIONS } from './occupations.ts';
import {
  choiceCount,
  currencyBounds,
  numberBounds,
  rangeBounds,
  ratingBounds,
  resolvedDateBounds,
  textLength,
  timeBounds,
} from './rules.ts';

const ALNUM = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'];
const alnumChar = fc.constantFrom(...ALNUM);
const alnum = (minLength: number, maxLength: number) => fc.string({ unit: alnumChar, minLength, maxLength });
const digits = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength, maxLength });

function addDays(today: string, days: number): string {
  return resolveDateBound(`today${days >= 0 ? '+' : ''}${days}`, today);
}

/** Strings a `matches` rule accepts, within the field's length (after its transforms). */
function matching(field: TextField | PasswordField, today: string): fc.Arbitrary<string> {
  const { min, max } = textLength(field);
  const pattern = field.rules?.matches?.pattern ?? '';
  return fc
    .stringMatching(new RegExp(pattern, 'u'))
    .filter(
      (v) => v.trim().length >= Math.max(min, 1) && v.length <= max && !('error' in checkAnswer(field, v, today)),
    );
}

/** Answers that satisfy a field alone; `today` resolves its date rules (dates that name another: consistentDates). */
export function validValue(field: AnswerField, today: string): fc.Arbitrary<unknown> {
  if (
    (field.type === 'password' || 'transforms' in field || field.type === 'email') &&
    field.rules &&
    'matches' in field.rules &&
    field.rules.matches
  ) {
    return matching(field as TextField | PasswordField, today);
  }
  switch (field.type) {
    case 'text':
    case 'short answer':
    case 'paragraph':
    case 'unique ID': {
      const { min, max } = textLength(field);
      return alnum(Math.max(min, 1), max);
    }
    case 'email':
      return fc.tuple(alnum(1, 10), alnum(1, 10)).map(([local, domain]) => `${local}@${domain}.com`);
    case 'password':
      return alnum(4, 20).map((rest) => (field.strong ? `Aa1!${rest}` : `p${rest}`));
    case 'number': {
      const { min, max } = numberBounds(field);
      return fc.integer({ min, max });
    }
    case 'currency': {
      const { min, max } = currencyBounds(field);
      return fc.integer({ min, max });
    }
    case 'range': {
      const { min, max, step } = rangeBounds(field);
      return fc.integer({ min: 0, max: Math.floor((max - min) / step) }).map((k) => min + k * step);
    }
    case 'rating': {
      const { min, max } = ratingBounds(field);
      return fc.integer({ min, max });
    }
    case 'date': {
      const { min, max } = resolvedDateBounds(field, today);
      const span = (Date.parse(max) - Date.parse(min)) / 86_400_000;
      const fromToday = (Date.parse(min) - Date.parse(today)) / 86_400_000;
      const dates = fc.integer({ min: 0, max: span }).map((d) => addDays(today, fromToday + d));
      return field.rules?.weekdaysOnly ? dates.filter((date) => !isWeekend(date)) : dates;
    }
    case 'time': {
      const { min, max } = timeBounds(field);
      const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
      return fc
        .integer({ min: minutes(min), max: minutes(max) })
        .map((m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
    }
    case 'select':
    case 'dropdown':
    case 'radio':
    case 'multiple choice':
      return fc.constantFrom(...field.options.map((o) => o.value));
    case 'checkboxes': {
      const { min, max } = choiceCount(field);
      return fc.subarray(
        field.options.map((o) => o.value),
        { minLength: Math.max(min, 1), maxLength: max },
      );
    }
    case 'country dropdown':
      return fc.constantFrom(...(field.countries ?? ISO_COUNTRY_CODES));
    case 'occupation dropdown':
      return fc.constantFrom(...OCCUPATIONS.map((o) => o.value));
    case 'phone':
      return fc.tuple(fc.integer({ min: 1, max: 999 }), digits(7, 12)).map(([code, number]) => `+${code}-${number}`);
    case 'file upload':
    case 'image upload':
      return fc.record({
        documentId: alnum(1, 40),
        name: fc.oneof(alnum(1, 40), fc.string({ minLength: 501, maxLength: 520, unit: 'grapheme-ascii' })),
        type: fc.constantFrom(...acceptedFileTypes(field)),
        size: fc.integer({ min: 1, max: maxFileSize(field) }),
      });
  }
}

/** Every answer field of a definition, shown or not. */
export function answerFields(definition: FormDefinition): AnswerField[] {
  const out: AnswerField[] = [];
  const walk = (fields: readonly FormField[]) => {
    for (const f of fields) {
      if (f.type === 'dependent') walk(f.fields);
      else if (f.type !== 'description') out.push(f);
    }
  };
  for (const step of definition.steps) for (const section of step.sections) walk(section.fields);
  return out;
}

/**
 * Dates made to agree with the earlier ones their rules name (DateField's `notBefore`,
 * `atMostYearsAfter`), in the form's order: one before its reference is moved up to it, and a
 * reference too far before it is moved up to the latest it may be. Moving a date later keeps it
 * within its own rules for the seeded forms (an issue date stays before today and after the birth).
 */
function consistentDates(definition: FormDefinition, values: Record<string, unknown>): Record<string, unknown> {
  const out = { ...values };
  for (const field of answerFields(definition)) {
    if (field.type !== 'date' || typeof out[field.key] !== 'string') continue;
    const before = field.rules?.notBefore;
    const earliest = before ? out[before] : undefined;
    if (typeof earliest === 'string' && (out[field.key] as string) < earliest) out[field.key] = earliest;
    const after = field.rules?.atLeastMonthsAfter;
    const start = after ? out[after.field] : undefined;
    const earliestValid = after && typeof start === 'string' ? addMonths(start, after.months) : undefined;
    if (earliestValid && (out[field.key] as string) < earliestValid) out[field.key] = earliestValid;
    const within = field.rules?.atMostYearsAfter;
    const from = within ? out[within.field] : undefined;
    const value = out[field.key] as string;
    if (within && typeof from === 'string' && value > addYears(from, within.years)) {
      out[within.field] = addYears(value, -within.years);
    }
  }
  return out;
}

/**
 * A valid answer for every field of the definition, shown or not, with `fixed` answers (a member's
 * own date of birth) in place of the sampled ones, the dates agreeing with each other.
 */
export function validAnswers(
  definition: FormDefinition,
  today: string,
  fixed: Record<string, unknown> = {},
): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .record(Object.fromEntries(answerFields(definition).map((f) => [f.key, validValue(f, today)])))
    .map((values) => consistentDates(definition, { ...values, ...fixed }));
}
