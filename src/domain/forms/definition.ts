import { z } from 'zod';
import { MEMBER_KINDS, type MemberKind } from '../applications/member-kinds.ts';
import { CURRENCIES, type Currency } from '../catalog/money.ts';
import { isIsoCountryCode } from '../countries/iso-codes.ts';
import { type DateBound, isDateBound, isTime, resolveDateBound } from './dates.ts';
import {
  CONDITION_SOURCE_TYPES,
  FILE_TYPES,
  type FileType,
  FORM_LIMITS,
  IMAGE_FILE_TYPES,
  SINGLE_CHOICE_TYPES,
  type SingleChoiceType,
  TEXT_TRANSFORMS,
  type TextTransform,
  UPLOAD_FIELD_TYPES,
  UPLOAD_MODES,
  type UploadFieldType,
  type UploadMode,
} from './field-types.ts';
import { DEFINITION_MESSAGES as D } from './messages.ts';
import { isOccupation } from './occupations.ts';
import { dateBounds } from './rules.ts';

/**
 * A form DEFINITION (docs/decisions/0047-form-engine.md): plain JSON, stored later as jsonb and
 * edited by admins. Steps hold sections, sections hold fields; a field's `key` is also the key
 * of its answer, so keys are unique across the whole definition.
 */
export const FORM_DEFINITION_FORMAT = 1;

/** `pattern` is a JavaScript regular expression source (tested with the `u` flag); `message` is said when it fails. */
export interface MatchesRule {
  pattern: string;
  message: string;
}

/**
 * A minor's wording of the texts that are about the member: a parent fills in a child's form, so
 * "Your photo" becomes "{name}’s photo". `{name}` stands for the member's first name
 * (member-texts.ts); texts left out keep the adult's wording.
 */
export interface MinorTexts {
  label?: string;
  title?: string;
  intro?: string;
  help?: string;
  errorLabel?: string;
  text?: string;
}

/** Shared by every field. `memberKinds` limits it to members of those kinds (absent: everyone). */
interface FieldCommon {
  key: string;
  label: string;
  memberKinds?: MemberKind[];
  minor?: MinorTexts;
}

/** Shared by every field that takes an answer. */
interface AnswerCommon extends FieldCommon {
  /** Shown under the label and tied to the control with aria-describedby. */
  help?: string;
  /** What messages call the field when the label is long or a question ('Visa refusal'). */
  errorLabel?: string;
  /** Absent means optional, as in HTML. */
  required?: boolean;
  /**
   * Required while this holds on an earlier answer, optional otherwise: "What must change?" once
   * the reason given is a change (isRequired, visibility.ts).
   */
  requiredWhen?: Condition;
  placeholder?: string;
}

/** Text answers. `min`/`max` count characters after the transforms. */
export interface TextField extends AnswerCommon {
  type: 'text' | 'short answer' | 'paragraph' | 'unique ID' | 'email';
  rules?: { min?: number; max?: number; matches?: MatchesRule };
  transforms?: TextTransform[];
}

/** Never transformed. `strong` applies SPEC.md §5's password rule and message. */
export interface PasswordField extends AnswerCommon {
  type: 'password';
  rules?: { min?: number; max?: number; matches?: MatchesRule };
  strong?: boolean;
}

/** A number; `decimals` (default 0) is how many decimal places it may have. */
export interface NumberField extends AnswerCommon {
  type: 'number';
  rules?: { min?: number; max?: number };
  decimals?: number;
  /** Shown after the input ('cm', 'trips'). */
  unit?: string;
}

/** Integer cents in `currency` (default USD); `min`/`max` are cents too. */
export interface CurrencyField extends AnswerCommon {
  type: 'currency';
  currency?: Currency;
  rules?: { min?: number; max?: number };
}

/** A slider from `min` to `max` (default 0 to 100) in steps of `step` (default 1). */
export interface RangeField extends AnswerCommon {
  type: 'range';
  rules?: { min?: number; max?: number };
  step?: number;
  unit?: string;
}

/** Stars from 1 to `max` (default 5, at most 10); `min` is the lowest rating accepted (default 1). */
export interface RatingField extends AnswerCommon {
  type: 'rating';
  rules?: { min?: number; max?: number };
}

/** An ISO date. Without rules the SPEC.md §5 bounds apply: 2000-01-01 to today. */
export interface DateField extends AnswerCommon {
  type: 'date';
  rules?: {
    min?: DateBound;
    max?: DateBound;
    /** An earlier date question's key: this date cannot be before its answer (an issue date before the birth). */
    notBefore?: string;
    /** …and at most `years` after the answer to `field` (a passport's expiry after its issue). */
    atMostYearsAfter?: { field: string; years: number };
    /** …and at least `months` after the answer to `field` (a passport valid 6 months after arrival). */
    atLeastMonthsAfter?: { field: string; months: number };
    /** Monday to Friday only: a day to go to a consulate or an application centre, which close at weekends. */
    weekdaysOnly?: boolean;
  };
}

/** 'HH:MM' on a 24-hour clock; bounds are times too. */
export interface TimeField extends AnswerCommon {
  type: 'time';
  rules?: { min?: string; max?: string };
}

export interface ChoiceOption {
  value: string;
  label: string;
  description?: string;
  /** A minor's wording of the choice ("I was an Indian citizen" → "{name} was an Indian citizen"). */
  minor?: ChoiceOptionMinorTexts;
}

/** The texts of a choice that a minor's form words for the child (see MinorTexts). */
export interface ChoiceOptionMinorTexts {
  label?: string;
  description?: string;
}

/** One of `options`: select and dropdown as a list box, radio as a short row, multiple choice as cards. */
export interface SingleChoiceField extends AnswerCommon {
  type: SingleChoiceType;
  options: ChoiceOption[];
}

/** Any number of `options`; `min`/`max` count the choices (required means at least one). */
export interface CheckboxesField extends AnswerCommon {
  type: 'checkboxes';
  options: ChoiceOption[];
  rules?: { min?: number; max?: number };
}

/** An ISO 3166 alpha-2 code; `countries` narrows the list (India, the USA and Canada come first). */
export interface CountryField extends AnswerCommon {
  type: 'country dropdown';
  countries?: string[];
}

/** One of OCCUPATIONS (src/domain/forms/occupations.ts). */
export interface OccupationField extends AnswerCommon {
  type: 'occupation dropdown';
}

/** '+<dial code>-<number>', as SPEC.md §3 sends phones; `defaultCountry` picks the first dial code shown. */
export interface PhoneField extends AnswerCommon {
  type: 'phone';
  defaultCountry?: string;
}

/** A FileRef (files.ts). `maxSize` in bytes (default 5 MB, at most 15 MB); `fileTypes` MIME types. */
export interface UploadField extends AnswerCommon {
  type: UploadFieldType;
  rules?: { maxSize?: number; fileTypes?: FileType[] };
  uploadMode?: UploadMode;
}

/** Text between questions; takes no answer. Blank lines in `text` separate paragraphs. */
export interface DescriptionField extends FieldCommon {
  type: 'description';
  text: string;
}

/** What a dependent tests. The tested field must come before the dependent in the form. */
export type Condition =
  | { field: string; equals: string }
  | { field: string; oneOf: string[] }
  | { field: string; includes: string }
  | { field: string; answered: true };

/**
 * SPEC.md §3 `dependent`: its fields are shown, and then validated, only while `when` holds;
 * while it does not, their answers are not kept. `key` names the group (not an answer);
 * `label`, if any, is a sub-heading over its fields.
 */
export interface DependentField {
  type: 'dependent';
  key: string;
  label?: string;
  memberKinds?: MemberKind[];
  minor?: MinorTexts;
  when: Condition;
  fields: FormField[];
}

export type AnswerField =
  | TextField
  | PasswordField
  | NumberField
  | CurrencyField
  | RangeField
  | RatingField
  | DateField
  | TimeField
  | SingleChoiceField
  | CheckboxesField
  | CountryField
  | OccupationField
  | PhoneField
  | UploadField;

export type FormField = AnswerField | DescriptionField | DependentField;

export interface FormSection {
  key: string;
  title: string;
  intro?: string;
  memberKinds?: MemberKind[];
  minor?: MinorTexts;
  fields: FormField[];
}

export interface FormStep {
  key: string;
  title: string;
  intro?: string;
  memberKinds?: MemberKind[];
  minor?: MinorTexts;
  sections: FormSection[];
}

export interface FormDefinition {
  /** The JSON format's version (FORM_DEFINITION_FORMAT); a new format comes with a migration. */
  format: typeof FORM_DEFINITION_FORMAT;
  /** Stable id, e.g. 'oci-card/new-oci-card'. */
  id: string;
  /** This definition's revision: raised on every edit; an order keeps the version it started with. */
  version: number;
  title: string;
  intro?: string;
  steps: FormStep[];
}

/* ---------------------------------------------------------------------------------------------
 * The zod schema of a definition: the shape, then the rules that span fields.
 * ------------------------------------------------------------------------------------------- */

const key = z.string().regex(FORM_LIMITS.keyPattern, 'Keys are camelCase: a lowercase letter, then letters and digits');
const label = z.string().trim().min(1).max(300);
const text = (max: number) => z.string().trim().min(1).max(max);
const count = z.number().int().min(0).max(FORM_LIMITS.optionsMax);
const memberKinds = z.array(z.enum(MEMBER_KINDS)).min(1).optional();
const matches = z.strictObject({ pattern: text(500), message: text(300) });
const minor = z
  .strictObject({
    label: label.optional(),
    title: label.optional(),
    intro: text(2000).optional(),
    help: text(1000).optional(),
    errorLabel: text(100).optional(),
    text: text(4000).optional(),
  })
  .optional();

const condition = z.union([
  z.strictObject({ field: key, equals: text(100) }),
  z.strictObject({ field: key, oneOf: z.array(text(100)).min(1).max(FORM_LIMITS.optionsMax) }),
  z.strictObject({ field: key, includes: text(100) }),
  z.strictObject({ field: key, answered: z.literal(true) }),
]);

const answerCommon = {
  key,
  label,
  memberKinds,
  minor,
  help: text(1000).optional(),
  errorLabel: text(100).optional(),
  required: z.boolean().optional(),
  requiredWhen: condition.optional(),
  placeholder: text(100).optional(),
};

const textLength = z.number().int().min(0).max(FORM_LIMITS.textMaxCeiling);
const bounded = z.number().min(-FORM_LIMITS.numberAbsMax).max(FORM_LIMITS.numberAbsMax);
const cents = z.number().int().min(0).max(FORM_LIMITS.currencyMaxCents);
const option = z.strictObject({
  value: text(100),
  label: text(200),
  description: text(300).optional(),
  minor: z.strictObject({ label: text(200).optional(), description: text(300).optional() }).optional(),
});
const options = z.array(option).min(1).max(FORM_LIMITS.optionsMax);
const dateBound = z
  .string()
  .refine(isDateBound, "A date bound is 'YYYY-MM-DD', 'today', or 'today+N' / 'today-N' days");
const timeBound = z.string().refine(isTime, "A time bound is 'HH:MM'");

const textField = z.strictObject({
  ...answerCommon,
  type: z.enum(['text', 'short answer', 'paragraph', 'unique ID', 'email']),
  rules: z
    .strictObject({ min: textLength.optional(), max: textLength.optional(), matches: matches.optional() })
    .optional(),
  transforms: z.array(z.enum(TEXT_TRANSFORMS)).max(3).optional(),
});
const passwordField = z.strictObject({
  ...answerCommon,
  type: z.literal('password'),
  rules: z
    .strictObject({ min: textLength.optional(), max: textLength.optional(), matches: matches.optional() })
    .optional(),
  strong: z.boolean().optional(),
});
const numberField = z.strictObject({
  ...answerCommon,
  type: z.literal('number'),
  rules: z.strictObject({ min: bounded.optional(), max: bounded.optional() }).optional(),
  decimals: z.number().int().min(0).max(FORM_LIMITS.numberDecimalsMax).optional(),
  unit: text(20).optional(),
});
const currencyField = z.strictObject({
  ...answerCommon,
  type: z.literal('currency'),
  currency: z.enum(CURRENCIES).optional(),
  rules: z.strictObject({ min: cents.optional(), max: cents.optional() }).optional(),
});
const rangeField = z.strictObject({
  ...answerCommon,
  type: z.literal('range'),
  rules: z.strictObject({ min: bounded.optional(), max: bounded.optional() }).optional(),
  step: z.number().positive().max(FORM_LIMITS.numberAbsMax).optional(),
  unit: text(20).optional(),
});
const ratingField = z.strictObject({
  ...answerCommon,
  type: z.literal('rating'),
  rules: z
    .strictObject({
      min: z.number().int().min(1).max(FORM_LIMITS.ratingMaxStars).optional(),
      max: z.number().int().min(2).max(FORM_LIMITS.ratingMaxStars).optional(),
    })
    .optional(),
});
const dateField = z.strictObject({
  ...answerCommon,
  type: z.literal('date'),
  rules: z
    .strictObject({
      min: dateBound.optional(),
      max: dateBound.optional(),
      notBefore: key.optional(),
      atMostYearsAfter: z.strictObject({ field: key, years: z.number().int().min(1).max(100) }).optional(),
      atLeastMonthsAfter: z.strictObject({ field: key, months: z.number().int().min(1).max(120) }).optional(),
      weekdaysOnly: z.boolean().optional(),
    })
    .optional(),
});
const timeField = z.strictObject({
  ...answerCommon,
  type: z.literal('time'),
  rules: z.strictObject({ min: timeBound.optional(), max: timeBound.optional() }).optional(),
});
const singleChoiceField = z.strictObject({ ...answerCommon, type: z.enum(SINGLE_CHOICE_TYPES), options });
const checkboxesField = z.strictObject({
  ...answerCommon,
  type: z.literal('checkboxes'),
  options,
  rules: z.strictObject({ min: count.optional(), max: count.optional() }).optional(),
});
const countryCode = z.string().refine(isIsoCountryCode, 'Countries are ISO 3166 alpha-2 codes such as IN');
const countryField = z.strictObject({
  ...answerCommon,
  type: z.literal('country dropdown'),
  countries: z.array(countryCode).min(1).optional(),
});
const occupationField = z.strictObject({ ...answerCommon, type: z.literal('occupation dropdown') });
const phoneField = z.strictObject({
  ...answerCommon,
  type: z.literal('phone'),
  defaultCountry: countryCode.optional(),
});
const uploadField = z.strictObject({
  ...answerCommon,
  type: z.enum(UPLOAD_FIELD_TYPES),
  rules: z
    .strictObject({
      maxSize: z.number().int().min(1).max(FORM_LIMITS.uploadMaxBytes).optional(),
      fileTypes: z.array(z.enum(FILE_TYPES)).min(1).optional(),
    })
    .optional(),
  uploadMode: z.enum(UPLOAD_MODES).optional(),
});
const descriptionField = z.strictObject({
  type: z.literal('description'),
  key,
  label,
  memberKinds,
  minor,
  text: text(4000),
});

const dependentField = z.strictObject({
  type: z.literal('dependent'),
  key,
  label: label.optional(),
  memberKinds,
  minor,
  when: condition,
  get fields(): z.ZodArray<typeof formField> {
    return z.array(formField).min(1).max(FORM_LIMITS.fieldsMax);
  },
});

const formField: z.ZodType<FormField> = z.discriminatedUnion('type', [
  textField,
  passwordField,
  numberField,
  currencyField,
  rangeField,
  ratingField,
  dateField,
  timeField,
  singleChoiceField,
  checkboxesField,
  countryField,
  occupationField,
  phoneField,
  uploadField,
  descriptionField,
  dependentField,
]);

const section = z.strictObject({
  key,
  title: label,
  intro: text(2000).optional(),
  memberKinds,
  minor,
  fields: z.array(formField).min(1).max(FORM_LIMITS.fieldsMax),
});
const step = z.strictObject({
  key,
  title: label,
  intro: text(2000).optional(),
  memberKinds,
  minor,
  sections: z.array(section).min(1).max(50),
});

/** Validates a definition: its shape, then unique keys, conditions, rules and options (checkDefinition). */
export const formDefinitionSchema: z.ZodType<FormDefinition> = z
  .strictObject({
    format: z.literal(FORM_DEFINITION_FORMAT),
    id: z
      .string()
      .regex(/^[a-z0-9][a-z0-9/-]{0,119}$/, 'Definition ids are lowercase slugs such as oci-card/new-oci-card'),
    version: z.number().int().min(1),
    title: label,
    intro: text(2000).optional(),
    steps: z.array(step).min(1).max(FORM_LIMITS.stepsMax),
  })
  .superRefine((definition, ctx) => {
    for (const problem of checkDefinition(definition)) ctx.addIssue({ code: 'custom', ...problem });
  });

/* ---------------------------------------------------------------------------------------------
 * Walking a definition.
 * ------------------------------------------------------------------------------------------- */

export function isAnswerField(field: FormField): field is AnswerField {
  return field.type !== 'description' && field.type !== 'dependent';
}

/** A question answered with a file (a file or an image upload). */
export function isUploadField(field: FormField): field is UploadField {
  return (UPLOAD_FIELD_TYPES as readonly string[]).includes(field.type);
}

/** Every field of a list in document order, with the dependents' fields after their group. */
export function* walkFields(fields: readonly FormField[], depth = 1): Generator<{ field: FormField; depth: number }> {
  for (const field of fields) {
    yield { field, depth };
    if (field.type === 'dependent') yield* walkFields(field.fields, depth + 1);
  }
}

/** Every field of a definition in document order, whatever the member kind or answers. */
export function* allFields(definition: FormDefinition): Generator<FormField> {
  for (const step of definition.steps) {
    for (const section of step.sections) for (const { field } of walkFields(section.fields)) yield field;
  }
}

/** The answer fields of a definition by key. */
export function answerFieldsByKey(definition: FormDefinition): Map<string, AnswerField> {
  const byKey = new Map<string, AnswerField>();
  for (const field of allFields(definition)) if (isAnswerField(field)) byKey.set(field.key, field);
  return byKey;
}

/** What messages call a field. */
export function fieldName(field: AnswerField): string {
  return field.errorLabel ?? field.label;
}

/** The option values a condition may test a field for, or null when any answer could be tested. */
function testableValues(field: AnswerField): ((value: string) => boolean) | null {
  if (field.type === 'country dropdown')
    return (v) => (field.countries ? field.countries.includes(v) : isIsoCountryCode(v));
  if (field.type === 'occupation dropdown') return isOccupation;
  if ('options' in field) return (v) => field.options.some((o) => o.value === v);
  return null;
}

interface Problem {
  message: string;
  path: (string | number)[];
}

function minAboveMax(field: FormField): boolean {
  if (field.type === 'date') {
    // Two relative bounds compare alike on any day, two fixed ones as dates; a mix depends on the day.
    const { min, max } = dateBounds(field);
    if (min.startsWith('today') !== max.startsWith('today')) return false;
    return resolveDateBound(min, '2000-01-01') > resolveDateBound(max, '2000-01-01');
  }
  if (!('rules' in field) || !field.rules) return false;
  const { min, max } = field.rules as { min?: number | string; max?: number | string };
  if (min === undefined || max === undefined) return false;
  return min > max;
}

function fieldProblems(field: FormField): string[] {
  const problems: string[] = [];
  if (minAboveMax(field)) problems.push(D.minAboveMax(field.key));
  if ('rules' in field && field.rules && 'matches' in field.rules && field.rules.matches) {
    try {
      new RegExp(field.rules.matches.pattern, 'u');
    } catch {
      problems.push(D.badPattern(field.key));
    }
  }
  if ('transforms' in field && field.transforms?.includes('uppercase') && field.transforms.includes('lowercase')) {
    problems.push(D.conflictingCase(field.key));
  }
  if ('options' in field) {
    const values = field.options.map((o) => o.value);
    if (new Set(values).size !== values.length) problems.push(D.duplicateOption(field.key));
  }
  if (
    field.type === 'image upload' &&
    field.rules?.fileTypes?.some((t) => !(IMAGE_FILE_TYPES as readonly string[]).includes(t))
  ) {
    problems.push(D.notImageType(field.key));
  }
  if (isAnswerField(field) && /\?\s*$/.test(field.label) && !field.errorLabel) {
    problems.push(D.questionNeedsErrorLabel(field.key));
  }
  return problems;
}

/** A condition (a dependent's `when`, a field's `requiredWhen`) of the field `key`, against the questions before it. */
function conditionProblems(key: string, when: Condition, earlier: Map<string, AnswerField>): string[] {
  const source = earlier.get(when.field);
  if (!source) return [D.unknownConditionField(key, when.field)];
  if ('answered' in when) return [];
  if (!(CONDITION_SOURCE_TYPES as readonly string[]).includes(source.type)) {
    return [D.conditionSourceType(key, when.field)];
  }
  if ('includes' in when && source.type !== 'checkboxes') return [D.includesNeedsCheckboxes(key)];
  const accepts = testableValues(source);
  const tested = 'equals' in when ? [when.equals] : 'oneOf' in when ? when.oneOf : [when.includes];
  return tested.filter((v) => accepts && !accepts(v)).map((v) => D.conditionValue(key, v));
}

/**
 * The rules that span a definition: keys unique across steps, sections and fields; a dependent
 * (or a `requiredWhen`) tests a question that comes before it (so conditions never loop) and only for values that
 * question can have; rules and options that make sense. Empty when the definition is sound.
 */
export function checkDefinition(definition: FormDefinition): Problem[] {
  const problems: Problem[] = [];
  const seen = new Set<string>();
  const earlier = new Map<string, AnswerField>();
  let fieldCount = 0;
  const claim = (k: string, path: (string | number)[]) => {
    if (seen.has(k)) problems.push({ message: D.duplicateKey(k), path: [...path, 'key'] });
    seen.add(k);
  };
  const visit = (fields: readonly FormField[], path: (string | number)[], depth: number) => {
    fields.forEach((field, index) => {
      const here = [...path, index];
      fieldCount += 1;
      claim(field.key, here);
      for (const message of fieldProblems(field)) problems.push({ message, path: here });
      if (field.type === 'dependent') {
        if (depth > FORM_LIMITS.dependentDepthMax) problems.push({ message: D.tooDeep(field.key), path: here });
        for (const message of conditionProblems(field.key, field.when, earlier)) {
          problems.push({ message, path: [...here, 'when'] });
        }
        visit(field.fields, [...here, 'fields'], depth + 1);
      } else if (isAnswerField(field)) {
        for (const message of dateReferenceProblems(field, earlier))
          problems.push({ message, path: [...here, 'rules'] });
        if (field.requiredWhen) {
          for (const message of conditionProblems(field.key, field.requiredWhen, earlier)) {
            problems.push({ message, path: [...here, 'requiredWhen'] });
          }
        }
        earlier.set(field.key, field);
      }
    });
  };
  definition.steps.forEach((step, s) => {
    claim(step.key, ['steps', s]);
    step.sections.forEach((section, c) => {
      claim(section.key, ['steps', s, 'sections', c]);
      visit(section.fields, ['steps', s, 'sections', c, 'fields'], 1);
    });
  });
  if (fieldCount > FORM_LIMITS.fieldsMax) problems.push({ message: D.tooManyFields, path: ['steps'] });
  return problems;
}

/** A date rule that names another question: it must be a date question asked before this one. */
function dateReferenceProblems(field: AnswerField, earlier: ReadonlyMap<string, AnswerField>): string[] {
  if (field.type !== 'date' || !field.rules) return [];
  const named = [
    field.rules.notBefore,
    field.rules.atMostYearsAfter?.field,
    field.rules.atLeastMonthsAfter?.field,
  ].filter((k) => k !== undefined);
  return named.filter((k) => earlier.get(k)?.type !== 'date').map((k) => D.unknownDateReference(field.key, k));
}

/** Parses a definition from the database or an admin; throws a ZodError naming every problem. */
export function parseFormDefinition(input: unknown): FormDefinition {
  return formDefinitionSchema.parse(input);
}
