import type { MemberKind } from '../applications/member-kinds.ts';
import type { AddressCountry } from '../users/regions.ts';

/**
 * The answers of the address block (form-definitions/blocks.ts `addressAbroad`) a mission is
 * decided on (issue 32 §1): read by the application's address step and by the server when it
 * stores the order's mission.
 */
export const ADDRESS_KEYS = { country: 'addressCountry', zip: 'zipCode', postalCode: 'postalCode' } as const;

/** The country and code of a member's address in the USA or Canada, or null while not answered. */
export function addressCodeOf(
  answers: Record<string, unknown>,
): { country: AddressCountry; postalCode: string } | null {
  const country = answers[ADDRESS_KEYS.country];
  if (country !== 'US' && country !== 'CA') return null;
  const code = answers[country === 'US' ? ADDRESS_KEYS.zip : ADDRESS_KEYS.postalCode];
  return typeof code === 'string' && code.trim() !== '' ? { country, postalCode: code } : null;
}

/**
 * The member whose address decides where the order's file goes: the first adult added (the
 * applicant, or the parent applying with their children), else the first member (a child whose
 * parents are not applicants). One order goes to one mission, so one address decides.
 */
export function decidingMember<T extends { kind: MemberKind }>(membersInOrderAdded: readonly T[]): T | null {
  return membersInOrderAdded.find((m) => m.kind === 'Adult') ?? membersInOrderAdded[0] ?? null;
}
