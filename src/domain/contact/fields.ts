import { z } from 'zod';
import { canReceiveMail, EMAIL_PATTERN } from '../api/email-address.ts';
import { hasNulCharacter, NUL_CHARACTER_MESSAGE } from '../api/text.ts';
import { NAME_MAX_LENGTH, NAME_MIN_LENGTH } from '../limits/constants.ts';
import { FIELD_MESSAGES } from './messages.ts';

/** Letters of any script, with the spaces, apostrophes, hyphens and dots real names carry. */
const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u;

/** A phone number as people type it: an optional +, digits, and spaces, dashes, dots or brackets. */
const PHONE_PATTERN = /^\+?[\d\s().-]+$/;
const PHONE_MIN_DIGITS = 7;
/** E.164 allows 15 digits including the country code. */
const PHONE_MAX_DIGITS_WITH_COUNTRY = 15;

/** Form posts send strings; a missing field arrives as undefined or null. */
const text = (required: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z.string({ error: required }).refine((v) => !hasNulCharacter(v), NUL_CHARACTER_MESSAGE),
  );

export const nameField = text(FIELD_MESSAGES.nameRequired)
  .refine((v) => v.length > 0, FIELD_MESSAGES.nameRequired)
  .refine((v) => v.length === 0 || v.trim().length > 0, FIELD_MESSAGES.nameBlank)
  .transform((v) => v.trim().replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .min(NAME_MIN_LENGTH, FIELD_MESSAGES.nameTooShort)
      .max(NAME_MAX_LENGTH, FIELD_MESSAGES.nameTooLong)
      .regex(NAME_PATTERN, FIELD_MESSAGES.nameLetters),
  );

export const emailField = text(FIELD_MESSAGES.emailRequired)
  .transform((v) => v.trim())
  .pipe(
    z
      .string()
      .min(1, FIELD_MESSAGES.emailRequired)
      .max(254, FIELD_MESSAGES.emailInvalid)
      .regex(EMAIL_PATTERN, FIELD_MESSAGES.emailInvalid)
      .refine(canReceiveMail, FIELD_MESSAGES.emailInvalid)
      .transform((v) => v.toLowerCase()),
  );

export const phoneField = text(FIELD_MESSAGES.phoneInvalid)
  .transform((v) => v.trim())
  .refine((v) => {
    if (!PHONE_PATTERN.test(v)) return false;
    const digits = v.replace(/\D/g, '').length;
    return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS_WITH_COUNTRY;
  }, FIELD_MESSAGES.phoneInvalid);

/** The honeypot: must stay empty. Its own message is checked by the service, not shown per field. */
export const honeypotField = z.preprocess(
  (v) => (v === undefined || v === null ? '' : v),
  z
    .string()
    .max(500, 'website must be empty')
    .refine((v) => !hasNulCharacter(v), NUL_CHARACTER_MESSAGE),
);

/** A required free-text field with its own messages. */
export function longTextField(
  messages: { required: string; tooShort: string; tooLong: string },
  min: number,
  max: number,
) {
  return text(messages.required)
    .transform((v) => v.trim())
    .pipe(z.string().min(1, messages.required).min(min, messages.tooShort).max(max, messages.tooLong));
}

/** A field that must be one of `values`; anything else (or nothing) gets `message`. */
export function choiceField<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.preprocess((v) => (v === undefined || v === null ? '' : v), z.enum(values, { error: message }));
}

/**
 * Field → first message, from a failed parse: what the API returns as `errors` and the pages
 * show next to each field.
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'form';
    errors[field] ??= issue.message;
  }
  return errors;
}
