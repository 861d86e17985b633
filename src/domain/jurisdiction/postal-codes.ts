import { normalizePostalCode } from '../users/address.ts';
import { USER_MESSAGES } from '../users/messages.ts';
import { provinceOfFsa, stateOfZip } from '../users/postal-lookup.ts';
import type { AddressCountry } from '../users/regions.ts';

/**
 * The full codes a jurisdiction is decided on (issue 32 §1), by the address book's rules. Unlike
 * the address form's look-up, which fills a city from the first three characters, a mission is
 * decided on the whole code: a California ZIP needs its county.
 */

/** A well-formed code of a known state or province. */
export type PostalPlace =
  | { country: 'US'; postalCode: string; zip: string; region: string }
  | { country: 'CA'; postalCode: string; fsa: string; region: string };

export type PostalPlaceResult = { ok: true; place: PostalPlace } | { ok: false; reason: 'malformed' | 'unknown' };

/** The message for a code that is not a ZIP (US) or postal code (CA): the address book's. */
export function malformedCodeMessage(country: AddressCountry): string {
  return country === 'US' ? USER_MESSAGES.zipInvalid : USER_MESSAGES.canadianPostalInvalid;
}

/**
 * The state or territory (from the ZIP's 3-digit prefix, or its 5 digits where the prefix holds
 * more than one place: American Samoa, the Northern Mariana Islands) or province (from the postal
 * code's first letter) of a code; `unknown` when the code is well formed but belongs to no state,
 * territory or province we list (military ZIPs, unassigned prefixes, Palau, Micronesia and the
 * Marshall Islands).
 */
export function parsePostalPlace(country: AddressCountry, raw: string): PostalPlaceResult {
  const postalCode = normalizePostalCode(country, raw);
  if (postalCode === null) return { ok: false, reason: 'malformed' };
  if (country === 'US') {
    const zip = postalCode.slice(0, 5);
    const region = stateOfZip(zip);
    return region ? { ok: true, place: { country, postalCode, zip, region } } : { ok: false, reason: 'unknown' };
  }
  const fsa = postalCode.slice(0, 3);
  const region = provinceOfFsa(fsa);
  return region ? { ok: true, place: { country, postalCode, fsa, region } } : { ok: false, reason: 'unknown' };
}
