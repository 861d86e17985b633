import { z } from 'zod';
import { canReceiveMail, EMAIL_PATTERN } from '../api/email-address.ts';
import {
  COUNTRY_CODE_MAX_LENGTH,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
} from '../limits/constants.ts';
import { AUTH_MESSAGES as M, PASSWORD_REQUIREMENTS } from './messages.ts';

const PASSWORD_SPECIALS = '$@!%*#?&';
const PASSWORD_ALLOWED = /^[A-Za-z\d$@!%*#?&]*$/;

/** E-mail addresses are compared and stored trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A required e-mail field, normalised; each form words its two failures as the spec does. */
export function emailField(requiredMessage: string, invalidMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .regex(EMAIL_PATTERN, invalidMessage)
    .refine(canReceiveMail, invalidMessage)
    .transform(normalizeEmail);
}

/** The parts of the password rule this password misses, as SPEC.md §5 words them. */
export function missingPasswordParts(password: string): string[] {
  const missing: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) missing.push(PASSWORD_REQUIREMENTS.length);
  if (!/[A-Z]/.test(password)) missing.push(PASSWORD_REQUIREMENTS.uppercase);
  if (!/[a-z]/.test(password)) missing.push(PASSWORD_REQUIREMENTS.lowercase);
  if (!/\d/.test(password)) missing.push(PASSWORD_REQUIREMENTS.digit);
  if (![...PASSWORD_SPECIALS].some((c) => password.includes(c))) missing.push(PASSWORD_REQUIREMENTS.special);
  if (!PASSWORD_ALLOWED.test(password)) missing.push(PASSWORD_REQUIREMENTS.allowed);
  return missing;
}

/** 'Password must meet the strength requirements:' then one line per missing part. */
export function passwordStrengthMessage(missing: readonly string[]): string {
  return [M.passwordStrength, ...missing.map((part) => `- ${part}`)].join('\n');
}

export const strongPassword = z
  .string({ error: M.fieldRequired })
  .min(1, M.fieldRequired)
  .max(PASSWORD_MAX_LENGTH, M.passwordTooLong)
  .superRefine((password, ctx) => {
    const missing = missingPasswordParts(password);
    if (missing.length > 0) ctx.addIssue({ code: 'custom', message: passwordStrengthMessage(missing) });
  });

/** The general name rule (profile); sign-up uses the same checks with 'This field is required' when empty. */
function nameSchema(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .refine((name) => name.trim().length > 0, M.nameBlank)
    .refine((name) => name.trim().length >= NAME_MIN_LENGTH, M.nameTooShort)
    .refine((name) => name.trim().length <= NAME_MAX_LENGTH, M.nameTooLong)
    .refine((name) => /^[A-Za-z ]+$/.test(name.trim()), M.nameAlphabetic)
    .transform((name) => name.trim().replace(/\s+/g, ' '));
}
export const personName = nameSchema(M.nameRequired);

export const signInSchema = z.object({
  email: emailField(M.emailRequired, M.invalidEmailFormat),
  password: z
    .string({ error: M.passwordRequired })
    .min(1, M.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, M.passwordTooLong),
});
export type SignInInput = z.input<typeof signInSchema>;

const signUpEmail = emailField(M.fieldRequired, M.invalidEmail);

export const countryCodeSchema = z
  .string({ error: M.countryCodeRequired })
  .trim()
  .min(1, M.countryCodeRequired)
  .max(COUNTRY_CODE_MAX_LENGTH, M.invalidCountryCode)
  .regex(/^\+\d{1,6}$/, M.invalidCountryCode);

const phoneDigits = new RegExp(`^\\d{${PHONE_MIN_DIGITS},${PHONE_MAX_DIGITS}}$`);
export const phoneNumberSchema = z
  .string({ error: M.fieldRequired })
  .trim()
  .min(1, M.fieldRequired)
  .regex(phoneDigits, M.invalidPhone);

/**
 * The country of a phone as an ISO 3166-1 alpha-2 code ('CA'): sent and kept beside the phone,
 * because a dial code does not name a country (+1 is the USA, Canada and the Caribbean).
 */
export const phoneCountrySchema = z
  .string({ error: M.invalidCountryCode })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, M.invalidCountryCode);

/** SPEC.md §3: the phone sent to the server is country code + '-' + number. */
export function joinPhone(countryCode: string, number: string): string {
  return `${countryCode.trim()}-${number.trim()}`;
}

/** joinPhone's inverse: '+1-4155550123' → ['+1', '4155550123'] (a phone without its code is taken as +1). */
export function splitPhone(phone: string): [string, string] {
  const at = phone.indexOf('-');
  return at === -1 ? ['+1', phone] : [phone.slice(0, at), phone.slice(at + 1)];
}

export const fullPhoneSchema = z
  .string({ error: M.fieldRequired })
  .trim()
  .min(1, M.fieldRequired)
  .superRefine((value, ctx) => {
    const [code, number, ...rest] = value.split('-');
    if (rest.length > 0 || code === undefined || number === undefined) {
      ctx.addIssue({ code: 'custom', message: M.invalidPhone });
      return;
    }
    const codeCheck = countryCodeSchema.safeParse(code);
    if (!codeCheck.success)
      ctx.addIssue({ code: 'custom', message: codeCheck.error.issues[0]?.message ?? M.invalidCountryCode });
    else if (!phoneDigits.test(number)) ctx.addIssue({ code: 'custom', message: M.invalidPhone });
  });

/** The sign-up form as the browser validates it (phone split in code and number). */
export const signUpFormSchema = z
  .object({
    name: nameSchema(M.fieldRequired),
    email: signUpEmail,
    countryCode: countryCodeSchema,
    phone: phoneNumberSchema,
    password: strongPassword,
    confirmPassword: z.string({ error: M.fieldRequired }).min(1, M.fieldRequired),
    consent: z.literal(true, { error: M.fieldRequired }),
    referredBy: z.string().trim().optional(),
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: M.passwordsDoNotMatch,
  });
export type SignUpFormInput = z.input<typeof signUpFormSchema>;

/** SPEC.md §3 sign-up payload, as the server validates it. */
/**
 * Where a verification link should bring the customer back to. Any string up to a URL's length is
 * accepted here; the server keeps it only when it is a same-origin path (verificationReturnPath),
 * so a bad one costs the return, never the sign-up.
 */
const returnToField = z.string().max(2048).optional();

export const signUpPayloadSchema = z.object({
  name: nameSchema(M.fieldRequired),
  email: signUpEmail,
  phone: fullPhoneSchema,
  /** The country picked with the phone; without it the server derives it from the number. */
  phoneCountry: phoneCountrySchema.optional(),
  password: strongPassword,
  referredBy: z.string().trim().max(64).optional().default(''),
  returnTo: returnToField,
});
export type SignUpPayload = z.input<typeof signUpPayloadSchema>;

export const referralCheckSchema = z.object({
  referralCode: z.string({ error: M.referralEmpty }).trim().min(1, M.referralEmpty).max(64),
});

export const resendVerificationSchema = z.object({
  email: emailField(M.resendNeedsEmail, M.invalidEmailFormat),
  returnTo: returnToField,
});
