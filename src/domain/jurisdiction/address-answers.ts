import type { MemberKind } from '../applications/member-kinds.ts';
import { ADDRESS_COUNTRIES, type AddressCountry, regionName } from '../users/regions.ts';
import { JURISDICTION_MESSAGES } from './messages.ts';

/**
 * The answers of the address block (form-definitions/blocks.ts `addressAbroad`) a mission is
 * decided on (issue 32 §1): read by the application's address step and by the server when it
 * stores the order's mission.
 */
export const ADDRESS_KEYS = {
  country: 'addressCountry',
  zip: 'zipCode',
  postalCode: 'postalCode',
  usState: 'usState',
  caProvince: 'caProvince',
} as const;

/**
 * When the state or province chosen is not the one the code is in, what to say (the code decides
 * where the file goes); null when they agree or either is missing. A warning, not a refusal: a
 * few codes serve places across a state line.
 */
export function regionMismatch(
  code: { country: AddressCountry; postalCode: string },
  chosen: string | null,
  codeRegion: { region: string; regionName: string },
): string | null {
  if (!chosen || chosen === codeRegion.region) return null;
  const name = regionName(code.country, chosen) ?? chosen;
  const what = code.country === 'US' ? 'ZIP' : 'Postal code';
  const where = code.country === 'US' ? 'state' : 'province';
  return `${what} ${code.postalCode} is in ${codeRegion.regionName}, but the ${where} chosen is ${name}. Please check both: the ${what === 'ZIP' ? 'ZIP' : 'postal code'} decides where your file goes.`;
}

/** The country and code of a member's address in the USA or Canada, or null while not answered. */
export function addressCodeOf(
  answers: Record<string, unknown>,
): { country: AddressCountry; postalCode: string } | null {
  const country = answers[ADDRESS_KEYS.country];
  if (country !== 'US' && country !== 'CA') return null;
  const code = answers[country === 'US' ? ADDRESS_KEYS.zip : ADDRESS_KEYS.postalCode];
  return typeof code === 'string' && code.trim() !== '' ? { country, postalCode: code } : null;
}

/** A country as the sentences name it, as the form's address question does ("the USA or Canada"). */
const COUNTRY_WORDS: Record<AddressCountry, string> = { US: 'the USA', CA: 'Canada' };

const addressCountryOf = (value: unknown): AddressCountry | undefined =>
  ADDRESS_COUNTRIES.find((country) => country === value);

/**
 * Why a member's address cannot go with the order, or null when it can: it is in the other
 * country than the one the order was priced for (its `applyingFrom` choice). Fees, outsourced
 * centre, checklist and mission all follow that choice, so the address may not send the file to
 * the other country's mission. Checked for every member, not only the one who decides the mission:
 * one order goes to one country's mission. Null while either country is not known (no country
 * picked yet, or an order priced without a country applied from).
 */
export function addressCountryConflict(
  answers: Record<string, unknown>,
  applyingFrom: string | null | undefined,
): string | null {
  const country = addressCountryOf(answers[ADDRESS_KEYS.country]);
  const pricedFor = addressCountryOf(applyingFrom);
  if (!country || !pricedFor || country === pricedFor) return null;
  return JURISDICTION_MESSAGES.otherCountry(COUNTRY_WORDS[pricedFor], COUNTRY_WORDS[country]);
}

/**
 * The member whose address decides where the order's file goes: the first adult added (the
 * applicant, or the parent applying with their children), else the first member (a child whose
 * parents are not applicants). One order goes to one mission, so one address decides.
 */
export function decidingMember<T extends { kind: MemberKind }>(membersInOrderAdded: readonly T[]): T | null {
  return membersInOrderAdded.find((m) => m.kind === 'Adult') ?? membersInOrderAdded[0] ?? null;
}
