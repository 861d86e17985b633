import { z } from 'zod';
import { ADDRESS_COUNTRIES, type AddressCountry } from '../users/regions.ts';
import { addressCodeOf } from './address-answers.ts';
import { type Jurisdiction, jurisdictionQuery, jurisdictionSchema } from './jurisdiction.ts';

/**
 * The postal code printed on a member's proof of address, and the mission it resolves to (issue
 * 32 §1, decision 0118-proof-of-address-mission): a proof from another mission's area blocks the
 * application from going to our team. Shared by the server (the completeness rule) and the pages
 * (the checklist's slot, the review's "Still to do").
 */

/** The checklist item whose file is the proof of address (src/domain/applications/checklist.ts). */
export const PROOF_OF_ADDRESS_ITEM = 'address-proof';

/** PUT …/documents/address-proof/postal-code: the code as printed, and its country. */
export const proofPostalCodeBody = jurisdictionQuery;

/** What is stored with the proof's document: the code as read and the mission it resolved to on the day. */
export const proofAddressSchema = z.object({
  country: z.enum(ADDRESS_COUNTRIES),
  /** As read: '93277', 'K1A 0B1'. */
  postalCode: z.string(),
  mission: jurisdictionSchema,
});
export type ProofAddress = z.infer<typeof proofAddressSchema>;

export const PROOF_OF_ADDRESS_MESSAGES = {
  saved: 'Postal code of the proof of address saved',
  uploadFirst: 'Upload the proof of address first, then enter the ZIP or postal code printed on it.',
} as const;

/** 'ZIP 93215' or 'postal code K1A 0B1', as the sentences name a code. */
export function codeWords(country: ProofAddress['country'], postalCode: string): string {
  return country === 'US' ? `ZIP ${postalCode}` : `postal code ${postalCode}`;
}

/**
 * The country a proof of address's code is first asked in: the order's mission's, or else the
 * country applied from when it is one we resolve codes for. A family applying from Canada should
 * not have to switch the control away from the USA before typing their postal code.
 */
export function proofCountryOf(
  orderMission: Pick<Jurisdiction, 'country'> | null,
  applyingFrom: string | undefined,
): AddressCountry | undefined {
  if (orderMission) return orderMission.country;
  return ADDRESS_COUNTRIES.find((country) => country === applyingFrom);
}

/**
 * The ZIP or postal code a member's proof of address is first asked with: the one of their address
 * in the form, which the proof is to show, when it is in the country the code is asked in
 * (`proofCountryOf`). Only a starting value: the customer checks it against the paper and saves it,
 * or types the one printed there; nothing is stored for them unread.
 */
export function proofPostalCodeOf(
  answers: Record<string, unknown>,
  country: AddressCountry | undefined,
): string | undefined {
  const code = addressCodeOf(answers);
  return code && code.country === country ? code.postalCode : undefined;
}

/** Whether two answers name the same mission (the centre or the area used may differ). */
export function sameMission(a: Jurisdiction, b: Jurisdiction): boolean {
  return a.mission.kind === b.mission.kind && a.mission.city === b.mission.city;
}

/**
 * Why a proof of address blocks the application, or null when it does not: its code resolves to
 * another mission than the order's. Worded to follow "Priya’s " in a list of what is still
 * needed. Null while the order has no mission yet (its address does not resolve) or the proof
 * has no code: there is nothing to compare, and the order's address step says so already.
 */
export function proofConflict(orderMission: Jurisdiction | null, proof: ProofAddress | null): string | null {
  if (!orderMission || !proof || sameMission(orderMission, proof.mission)) return null;
  return (
    `proof of address (${codeWords(proof.country, proof.postalCode)}) belongs to the ${proof.mission.mission.name}, ` +
    `but this application goes to the ${orderMission.mission.name} (${orderMission.place}), from the address in the form. ` +
    'Upload a proof of the address in the form, or correct the address in the form if you have moved.'
  );
}

/**
 * Why a member's own address keeps them off the order, or null when it does not: it resolves to
 * another mission than the order's, which the deciding member's address set (`decidingMember`).
 * One order goes to one mission, and a mission takes applications only from its own area: a
 * spouse living in Houston cannot go to Los Angeles with the rest of the family. Worded to follow
 * "Rahul’s " like `proofConflict`. Null while either mission is unknown.
 */
export function addressConflict(
  code: { country: ProofAddress['country']; postalCode: string },
  memberMission: Jurisdiction | null,
  orderMission: Jurisdiction | null,
  deciderName: string,
): string | null {
  if (!memberMission || !orderMission || sameMission(memberMission, orderMission)) return null;
  return (
    `address (${codeWords(code.country, code.postalCode)}) is served by the ${memberMission.mission.name}, ` +
    `but this application goes to the ${orderMission.mission.name} (${orderMission.place}), from ${deciderName.trim()}’s address. ` +
    'Each mission takes applications only from its own area: correct the address if it is wrong, or apply for them in an application of their own.'
  );
}

/** A conflict's words, which follow a name in a list, as a sentence of their own ("Proof of address (ZIP …) belongs to …"). */
export function conflictSentence(conflict: string): string {
  return conflict.charAt(0).toUpperCase() + conflict.slice(1);
}
