import { z } from 'zod';
import { EMAIL_PATTERN } from '../api/email-address.ts';
import { hasNulCharacter } from '../api/text.ts';
import type { MemberKind } from '../applications/member-kinds.ts';
import { fullPhoneSchema, missingPasswordParts, passwordStrengthMessage } from '../auth/schemas.ts';
import { isIsoCountryCode } from '../countries/iso-codes.ts';
import { todayIsoDate } from '../limits/constants.ts';
import { addMonths, addYears, isCalendarDate, isTime, isWeekend } from './dates.ts';
import {
  type AnswerField,
  answerFieldsByKey,
  type CheckboxesField,
  type CurrencyField,
  type DateField,
  type FormDefinition,
  fieldName,
  type NumberField,
  type PasswordField,
  type RangeField,
  type RatingField,
  type TextField,
  type TimeField,
  type UploadField,
} from './definition.ts';
import { type FileRef, fileProblem, fileRefSchema } from './files.ts';
import { FORM_MESSAGES as M } from './messages.ts';
import { isOccupation } from './occupations.ts';
import {
  choiceCount,
  currencyBounds,
  dateBounds,
  numberBounds,
  rangeBounds,
  ratingBounds,
  resolvedDateBounds,
  textLength,
  timeBounds,
} from './rules.ts';
import { forEachShownField, isEmptyAnswer, isRequired, memberSteps } from './visibility.ts';

/** One answer as stored: text, a number, the ticked options, or a file reference. */
export type AnswerValue = string | number | string[] | FileRef;

/** A member's answers keyed by field key; only answered, shown fields appear. */
export type Answers = Record<string, AnswerValue>;

/**
 * `partial`: a save while the customer is still filling in; missing answers are fine, present
 * ones must be valid. `complete`: the whole member form before review; required answers too.
 */
export type AnswersMode = 'partial' | 'complete';

export interface AnswersOptions {
  mode: AnswersMode;
  memberKind: MemberKind;
  /** ISO date the date rules are resolved on (default: today, UTC). */
  today?: string;
}

type Checked<T> = { value: T } | { error: string };

/* ---------------------------------------------------------------------------------------------
 * One answer.
 * ------------------------------------------------------------------------------------------- */

function applyTransforms(field: TextField, value: string): string {
  let out = value;
  for (const transform of field.transforms ?? []) {
    if (transform === 'trim') out = out.trim();
    else if (transform === 'uppercase') out = out.toUpperCase();
    else out = out.toLowerCase();
  }
  if (field.type === 'email') out = out.trim().toLowerCase();
  // A document number is read without the spaces and hyphens people type for readability.
  if (field.type === 'unique ID') out = out.replace(/[\s-]+/g, '');
  return out;
}

/** The text transforms of a field applied to what was typed (the browser applies them when the field loses focus). */
export function transformText(field: AnswerField, value: string): string {
  if (field.type === 'password' || !('transforms' in field) || typeof value !== 'string') return value;
  return applyTransforms(field as TextField, value);
}

function checkText(field: TextField | PasswordField, raw: unknown, name: string): Checked<string> {
  if (typeof raw !== 'string') return { error: M.notText(name) };
  if (hasNulCharacter(raw)) return { error: M.nulCharacter };
  const value = field.type === 'password' ? raw : applyTransforms(field, raw);
  if (value.trim() === '') return { error: M.blank(name) };
  const { min, max } = textLength(field);
  if (value.length < min) return { error: M.tooShort(name, min) };
  if (value.length > max) return { error: M.tooLong(name, max) };
  if (field.type === 'email' && !EMAIL_PATTERN.test(value)) return { error: M.invalidEmail };
  if (field.type === 'unique ID' && !/^[\p{L}\p{N}]+$/u.test(value)) return { error: M.uniqueIdCharacters(name) };
  const matches = field.rules?.matches;
  if (matches && !new RegExp(matches.pattern, 'u').test(value)) return { error: matches.message };
  if (field.type === 'password' && field.strong) {
    const missing = missingPasswordParts(value);
    if (missing.length > 0) return { error: passwordStrengthMessage(missing) };
  }
  return { value };
}

function hasAtMostDecimals(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

function checkNumber(field: NumberField, raw: unknown, name: string): Checked<number> {
  if (typeof raw !== 'number' || !Number.isFinite(raw)) return { error: M.notNumber(name) };
  const { min, max, decimals } = numberBounds(field);
  if (!hasAtMostDecimals(raw, decimals)) return { error: M.tooManyDecimals(name, decimals) };
  if (raw < min) return { error: M.numberTooSmall(name, min) };
  if (raw > max) return { error: M.numberTooLarge(name, max) };
  return { value: raw };
}

function checkCurrency(field: CurrencyField, raw: unknown, name: string): Checked<number> {
  if (typeof raw !== 'number' || !Number.isSafeInteger(raw)) return { error: M.notAmount(name) };
  const { min, max, currency } = currencyBounds(field);
  if (raw < min) return { error: M.amountTooSmall(name, currency, min) };
  if (raw > max) return { error: M.amountTooLarge(name, currency, max) };
  return { value: raw };
}

function checkRange(field: RangeField, raw: unknown, name: string): Checked<number> {
  if (typeof raw !== 'number' || !Number.isFinite(raw)) return { error: M.notNumber(name) };
  const { min, max, step } = rangeBounds(field);
  if (raw < min) return { error: M.numberTooSmall(name, min) };
  if (raw > max) return { error: M.numberTooLarge(name, max) };
  const steps = (raw - min) / step;
  if (Math.abs(steps - Math.round(steps)) > 1e-6) return { error: M.offStep(name, step) };
  return { value: raw };
}

function checkRating(field: RatingField, raw: unknown, name: string): Checked<number> {
  const { min, max } = ratingBounds(field);
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < min || raw > max) {
    return { error: M.notRating(name, min, max) };
  }
  return { value: raw };
}

function checkDate(field: DateField, raw: unknown, name: string, today: string): Checked<string> {
  if (typeof raw !== 'string' || !isCalendarDate(raw)) return { error: M.notDate(name) };
  const bounds = dateBounds(field);
  const { min, max } = resolvedDateBounds(field, today);
  if (raw < min) return { error: bounds.min === 'today' ? M.dateInPast(name) : M.dateTooEarly(name, min) };
  if (raw > max) return { error: bounds.max === 'today' ? M.dateInFuture(name) : M.dateTooLate(name, max) };
  if (field.rules?.weekdaysOnly && isWeekend(raw)) return { error: M.notWeekday(name, raw) };
  return { value: raw };
}

function checkTime(field: TimeField, raw: unknown, name: string): Checked<string> {
  if (typeof raw !== 'string' || !isTime(raw)) return { error: M.notTime(name) };
  const { min, max } = timeBounds(field);
  if (raw < min) return { error: M.timeTooEarly(name, min) };
  if (raw > max) return { error: M.timeTooLate(name, max) };
  return { value: raw };
}

function checkCheckboxes(field: CheckboxesField, raw: unknown, name: string): Checked<string[]> {
  if (!Array.isArray(raw) || raw.some((v) => typeof v !== 'string')) return { error: M.notAnOption(name) };
  const picked = new Set(raw as string[]);
  if ([...picked].some((v) => !field.options.some((o) => o.value === v))) return { error: M.notAnOption(name) };
  const { min, max } = choiceCount(field);
  if (picked.size < min) return { error: M.tooFewChoices(name, min) };
  if (picked.size > max) return { error: M.tooManyChoices(name, max) };
  // Stored in the options' order, once each.
  return { value: field.options.map((o) => o.value).filter((v) => picked.has(v)) };
}

function checkUpload(field: UploadField, raw: unknown, name: string): Checked<FileRef> {
  const parsed = fileRefSchema.safeParse(raw);
  if (!parsed.success) return { error: M.fileMissing(name) };
  const problem = fileProblem(field, name, parsed.data);
  return problem ? { error: problem } : { value: parsed.data };
}

function checkPhone(raw: unknown): Checked<string> {
  const parsed = fullPhoneSchema.safeParse(raw);
  if (parsed.success) return { value: parsed.data };
  return { error: parsed.error.issues[0]?.message ?? M.invalidPhone };
}

/**
 * Checks one present (non-empty) answer against its field: the normalised value, or the
 * field's message. Emptiness and `required` are the caller's business (checkAnswers).
 */
export function checkAnswer(field: AnswerField, raw: unknown, today: string = todayIsoDate()): Checked<AnswerValue> {
  const name = fieldName(field);
  switch (field.type) {
    case 'text':
    case 'short answer':
    case 'paragraph':
    case 'unique ID':
    case 'email':
    case 'password':
      return checkText(field, raw, name);
    case 'number':
      return checkNumber(field, raw, name);
    case 'currency':
      return checkCurrency(field, raw, name);
    case 'range':
      return checkRange(field, raw, name);
    case 'rating':
      return checkRating(field, raw, name);
    case 'date':
      return checkDate(field, raw, name, today);
    case 'time':
      return checkTime(field, raw, name);
    case 'select':
    case 'dropdown':
    case 'radio':
    case 'multiple choice':
      return typeof raw === 'string' && field.options.some((o) => o.value === raw)
        ? { value: raw }
        : { error: M.notAnOption(name) };
    case 'checkboxes':
      return checkCheckboxes(field, raw, name);
    case 'country dropdown': {
      const allowed =
        typeof raw === 'string' && (field.countries ? field.countries.includes(raw) : isIsoCountryCode(raw));
      return allowed ? { value: raw } : { error: M.notACountry(name) };
    }
    case 'occupation dropdown':
      return typeof raw === 'string' && isOccupation(raw) ? { value: raw } : { error: M.notAnOccupation(name) };
    case 'phone':
      return checkPhone(raw);
    case 'file upload':
    case 'image upload':
      return checkUpload(field, raw, name);
  }
}

/**
 * A valid date against the earlier answers its rules name (DateField's `notBefore`,
 * `atMostYearsAfter`): a passport issued before its holder was born, or valid for 26 years, is a
 * typo the consulate refuses. Nothing to compare while the other answer is not given.
 */
function dateAgainstEarlier(
  field: DateField,
  value: string,
  answers: Answers,
  nameOf: (key: string) => string,
): string | null {
  const before = field.rules?.notBefore;
  const earliest = before ? answers[before] : undefined;
  if (before && typeof earliest === 'string' && value < earliest) {
    return M.dateBeforeOther(fieldName(field), nameOf(before), earliest);
  }
  const within = field.rules?.atMostYearsAfter;
  const from = within ? answers[within.field] : undefined;
  if (within && typeof from === 'string' && value > addYears(from, within.years)) {
    return M.dateTooFarAfterOther(fieldName(field), nameOf(within.field), within.years);
  }
  const after = field.rules?.atLeastMonthsAfter;
  const start = after ? answers[after.field] : undefined;
  const earliestValid = after && typeof start === 'string' ? addMonths(start, after.months) : undefined;
  if (after && earliestValid && value < earliestValid) {
    return M.dateTooSoonAfterOther(fieldName(field), nameOf(after.field), after.months, earliestValid);
  }
  return null;
}

/* ---------------------------------------------------------------------------------------------
 * A member's answers.
 * ------------------------------------------------------------------------------------------- */

export interface CheckedAnswers {
  /** The valid answers of the shown fields, normalised; hidden and unknown keys are dropped. */
  answers: Answers;
  /** The first message per field key; empty when the answers pass. */
  errors: Record<string, string>;
}

function blankButPresent(raw: unknown): boolean {
  return typeof raw === 'string' && raw.length > 0 && raw.trim() === '';
}

/**
 * Checks a member's answers against a definition. Walks the fields the member is shown, in
 * order: a dependent's fields only while its condition holds on the answers kept so far (so a
 * hidden answer is dropped, never stored). The whole result comes back even with errors, so an
 * autosave can keep what is valid and say what is not.
 */
export function checkAnswers(definition: FormDefinition, input: unknown, options: AnswersOptions): CheckedAnswers {
  const values: Record<string, unknown> =
    input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const today = options.today ?? todayIsoDate();
  const answers: Answers = {};
  const errors: Record<string, string> = {};
  let byKey: Map<string, AnswerField> | undefined;
  const nameOf = (key: string) => {
    byKey ??= answerFieldsByKey(definition);
    const field = byKey.get(key);
    return field ? fieldName(field) : key;
  };
  forEachShownField(
    memberSteps(definition, options.memberKind),
    (key) => answers[key],
    (field) => {
      const raw = Object.hasOwn(values, field.key) ? values[field.key] : undefined;
      if (isEmptyAnswer(raw)) {
        if (options.mode === 'complete' && isRequired(field, (k) => answers[k])) {
          errors[field.key] = blankButPresent(raw)
            ? M.blank(fieldName(field))
            : isYesNo(field)
              ? M.yesOrNo(fieldName(field))
              : M.required(fieldName(field));
        }
        return;
      }
      const checked = checkAnswer(field, raw, today);
      const against =
        'value' in checked && field.type === 'date'
          ? dateAgainstEarlier(field, checked.value as string, answers, nameOf)
          : null;
      if ('error' in checked) errors[field.key] = checked.error;
      else if (against) errors[field.key] = against;
      else answers[field.key] = checked.value;
    },
  );
  return { answers, errors };
}

/**
 * THE schema of a member's answers, built from a definition: the browser's resolver
 * (react-hook-form) and the server's check of every save use it. Parses to the normalised
 * answers (hidden and unknown keys stripped); each problem is an issue at path [fieldKey].
 */
export function buildAnswersSchema(definition: FormDefinition, options: AnswersOptions) {
  return z
    .record(z.string(), z.unknown(), { error: 'Answers must be an object keyed by question' })
    .transform((input, ctx): Answers => {
      const { answers, errors } = checkAnswers(definition, input, options);
      for (const [key, message] of Object.entries(errors)) ctx.addIssue({ code: 'custom', message, path: [key] });
      return answers;
    });
}

export type AnswersSchema = ReturnType<typeof buildAnswersSchema>;

/** The envelope's `errors` (DESIGN.md §1) from a failed parse: the first message per field key. */
export function answerErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : 'answers';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** A question answered Yes or No (the form builder's yesNo): its options are exactly those two. */
function isYesNo(field: AnswerField): boolean {
  const values = 'options' in field ? field.options?.map((option) => option.value) : undefined;
  return values?.length === 2 && values.includes('yes') && values.includes('no');
}
