import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import metadata from 'libphonenumber-js/min/metadata';
import type { z } from 'zod';
import { AUTH_MESSAGES as M } from '../auth/messages.ts';

/*
 * Which country a phone belongs to (docs/decisions/0044-phone-country-and-references.md).
 * libphonenumber-js with its smallest ("min") metadata, about 20 KB gzipped: the server imports
 * this module; the browser only ever loads it on demand (import()), never in a first load.
 */

/** '+1-4165550123' as SPEC.md §3 joins it: the code as the client declared it, then the number. */
const JOINED = /^\+(\d{1,6})-(\d+)$/;

/**
 * The calling code a phone starts with, without its '+': '+1-4165550123' and '+1 (416) 555-0123'
 * → '1'. Null for a number written without its code ('416 555 0123') or an unknown code.
 */
export function callingCodeOf(phone: string): string | null {
  const text = phone.trim();
  const joined = JOINED.exec(text);
  if (joined) return joined[1] ?? null;
  if (!text.startsWith('+')) return null;
  return parsePhoneNumberFromString(text)?.countryCallingCode ?? null;
}

/**
 * The country the digits themselves tell ('+1-4165550123' → 'CA', '+1-4155550123' → 'US'), or null
 * when they do not (a +1 555 number, a number too short yet, no calling code).
 */
export function countryFromDigits(phone: string): string | null {
  const code = callingCodeOf(phone);
  if (code === null) return null;
  const parsed = parsePhoneNumberFromString(`+${phone.replace(/\D/g, '')}`);
  return parsed?.country && parsed.countryCallingCode === code ? parsed.country : null;
}

/**
 * The country a number belongs to: the one its digits tell, else the main country of its calling
 * code (a +1 555 number → 'US'); null when the phone has no known calling code.
 */
export function countryOfNumber(phone: string): string | null {
  const code = callingCodeOf(phone);
  if (code === null) return null;
  return countryFromDigits(phone) ?? metadata.country_calling_codes[code]?.[0] ?? null;
}

/**
 * Whether `isoCode` can be the country of `phone`: a country libphonenumber knows, whose calling
 * code the phone has. A number written without its code fits any known country.
 */
export function phoneCountryFits(phone: string, isoCode: string): boolean {
  if (!isSupportedCountry(isoCode)) return false;
  const code = callingCodeOf(phone);
  return code === null || getCountryCallingCode(isoCode) === code;
}

/**
 * The country kept with a phone: the one picked with it when it fits the number (a Canadian who
 * picked Canada stays Canadian whatever the digits), else the number's own (old rows, API clients
 * that send only the number).
 */
export function resolvePhoneCountry(phone: string, picked?: string | null): string | null {
  return picked && phoneCountryFits(phone, picked) ? picked : countryOfNumber(phone);
}

/**
 * The check a request body with `phone` and `phoneCountry` gets on the server (`.superRefine`):
 * a country whose calling code the phone does not have is refused with 'Invalid country code'.
 * (A phoneCountry that is not two letters already has phoneCountrySchema's issue.)
 */
export function checkPhoneCountry(
  body: { phone?: string | null | undefined; phoneCountry?: string | null | undefined },
  ctx: z.RefinementCtx,
): void {
  const { phone, phoneCountry } = body;
  if (phone && phoneCountry && /^[A-Z]{2}$/.test(phoneCountry) && !phoneCountryFits(phone, phoneCountry)) {
    ctx.addIssue({ code: 'custom', path: ['phoneCountry'], message: M.invalidCountryCode });
  }
}
