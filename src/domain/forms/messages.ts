import { NUL_CHARACTER_MESSAGE } from '../api/text.ts';
import { AUTH_MESSAGES } from '../auth/messages.ts';
import type { Currency } from '../catalog/money.ts';
import { formatMoney } from '../catalog/money.ts';
import { formatFormDate, weekdayName } from './dates.ts';
import { FILE_TYPE_LABELS, type FileType } from './field-types.ts';

/**
 * What the form engine says about an answer. Each message names its field (`name` is the
 * field's errorLabel, else its label), in the wording SPEC.md §5 uses for names ("… is
 * required", "… should be at least 3 characters", "… should not exceed 200 characters"); the
 * e-mail, phone and password messages are the spec's own, word for word.
 */
export const FORM_MESSAGES = {
  required: (name: string) => `${name} is required`,
  /** A yes/no question left unanswered: "Address in India is required" read as if an address were needed. */
  yesOrNo: (name: string) => `${name}: please answer Yes or No`,
  blank: (name: string) => `${name} should not be empty or contain only spaces`,
  tooShort: (name: string, min: number) => `${name} should be at least ${min} characters`,
  tooLong: (name: string, max: number) => `${name} should not exceed ${max} characters`,
  notText: (name: string) => `${name} must be text`,
  nulCharacter: NUL_CHARACTER_MESSAGE,
  invalidEmail: AUTH_MESSAGES.invalidEmail,
  invalidPhone: AUTH_MESSAGES.invalidPhone,
  invalidCountryCode: AUTH_MESSAGES.invalidCountryCode,
  countryCodeRequired: AUTH_MESSAGES.countryCodeRequired,
  passwordStrength: AUTH_MESSAGES.passwordStrength,
  uniqueIdCharacters: (name: string) => `${name} should contain only letters and digits`,
  notNumber: (name: string) => `${name} must be a number`,
  tooManyDecimals: (name: string, decimals: number) =>
    decimals === 0 ? `${name} must be a whole number` : `${name} can have at most ${decimals} decimal places`,
  numberTooSmall: (name: string, min: number) => `${name} must be at least ${min}`,
  numberTooLarge: (name: string, max: number) => `${name} must be at most ${max}`,
  offStep: (name: string, step: number) => `${name} must be in steps of ${step}`,
  notAmount: (name: string) => `${name} must be an amount such as 1250.00`,
  amountTooSmall: (name: string, currency: Currency, minCents: number) =>
    `${name} must be at least ${formatMoney({ amountCents: minCents, currency })}`,
  amountTooLarge: (name: string, currency: Currency, maxCents: number) =>
    `${name} must be at most ${formatMoney({ amountCents: maxCents, currency })}`,
  notRating: (name: string, min: number, max: number) => `${name} must be a rating from ${min} to ${max}`,
  notDate: (name: string) => `${name} must be a real date (year, month and day)`,
  dateInPast: (name: string) => `${name} cannot be in the past`,
  dateInFuture: (name: string) => `${name} cannot be in the future`,
  dateTooEarly: (name: string, min: string) => `${name} must be on or after ${formatFormDate(min)}`,
  dateTooLate: (name: string, max: string) => `${name} must be on or before ${formatFormDate(max)}`,
  notWeekday: (name: string, date: string) =>
    `${name} must be a weekday: ${formatFormDate(date)} is a ${weekdayName(date)}, when consulates and application centres are closed`,
  dateBeforeOther: (name: string, other: string, otherDate: string) =>
    `${name} cannot be before the ${lowerFirst(other)} (${formatFormDate(otherDate)})`,
  dateTooSoonAfterOther: (name: string, other: string, months: number, earliest: string) =>
    `${name} must be at least ${months} months after the ${lowerFirst(other)}: on or after ${formatFormDate(earliest)}`,
  dateTooFarAfterOther: (name: string, other: string, years: number) =>
    `${name} is more than ${years} years after the ${lowerFirst(other)}: please check both dates`,
  notTime: (name: string) => `${name} must be a time such as 09:30`,
  timeTooEarly: (name: string, min: string) => `${name} must be at ${min} or later`,
  timeTooLate: (name: string, max: string) => `${name} must be at ${max} or earlier`,
  notAnOption: (name: string) => `Choose one of the listed options for ${name}`,
  notACountry: (name: string) => `Choose a country from the list for ${name}`,
  notAnOccupation: (name: string) => `Choose an occupation from the list for ${name}`,
  tooFewChoices: (name: string, min: number) =>
    min === 1 ? `Choose at least one option for ${name}` : `Choose at least ${min} options for ${name}`,
  tooManyChoices: (name: string, max: number) =>
    max === 1 ? `Choose only one option for ${name}` : `Choose at most ${max} options for ${name}`,
  fileMissing: (name: string) => `${name}: the upload did not finish. Please choose the file again`,
  fileTooLarge: (name: string, maxBytes: number) => `${name} must be at most ${formatBytes(maxBytes)}`,
  fileEmpty: (name: string) => `${name}: the file is empty. Please choose another file`,
  fileType: (name: string, types: readonly FileType[]) => `${name} must be a ${fileTypeList(types)} file`,
} as const;

/** '5 MB', '300 KB', '1.5 MB' (1 KB = 1024 bytes, as the portals count). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${Number.isInteger(kb) ? kb : kb.toFixed(1)} KB`;
  const mb = kb / 1024;
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/** 'PDF, JPEG or PNG'. */
export function fileTypeList(types: readonly FileType[]): string {
  const labels = [...new Set(types.map((t) => FILE_TYPE_LABELS[t]))];
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`;
}

/** 'date of birth' for 'Date of birth', as the second name in a sentence. */
function lowerFirst(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

/** Messages about a definition itself (admins read these when a definition is refused). */
export const DEFINITION_MESSAGES = {
  duplicateKey: (key: string) => `The key "${key}" is used more than once; every step, section and field needs its own`,
  unknownConditionField: (key: string, field: string) =>
    `"${key}" depends on "${field}", which is not a question that comes before it`,
  conditionSourceType: (key: string, field: string) =>
    `"${key}" depends on "${field}": only a choice question (select, dropdown, radio, multiple choice, checkboxes, country or occupation dropdown) can be tested for a value`,
  includesNeedsCheckboxes: (key: string) => `"${key}": an 'includes' condition needs a checkboxes question`,
  conditionValue: (key: string, value: string) =>
    `"${key}" tests for "${value}", which is not one of that question's options`,
  minAboveMax: (key: string) => `"${key}": its min rule is above its max rule`,
  unknownDateReference: (key: string, field: string) =>
    `"${key}" is compared with "${field}", which is not a date question that comes before it`,
  badPattern: (key: string) => `"${key}": its matches rule is not a valid regular expression`,
  conflictingCase: (key: string) => `"${key}": uppercase and lowercase cannot both apply`,
  duplicateOption: (key: string) => `"${key}" lists the same option value twice`,
  notImageType: (key: string) => `"${key}": an image upload accepts only image file types`,
  tooDeep: (key: string) => `"${key}": dependent questions nest at most 3 deep`,
  tooManyFields: 'A form holds at most 600 questions',
  questionNeedsErrorLabel: (key: string) =>
    `"${key}": a label that is a question needs an errorLabel, the short name its messages use`,
} as const;
