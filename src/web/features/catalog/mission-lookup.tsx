import type { Jurisdiction } from '../../../domain/jurisdiction/jurisdiction.ts';
import { JURISDICTION_MESSAGES } from '../../../domain/jurisdiction/messages.ts';
import { malformedCodeMessage } from '../../../domain/jurisdiction/postal-codes.ts';
import { normalizePostalCode } from '../../../domain/users/address.ts';
import type { AddressCountry } from '../../../domain/users/regions.ts';
import { JurisdictionAnswer } from '../../components/jurisdiction-answer.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { getJurisdiction } from '../../lib/jurisdiction-api.ts';

/**
 * The service page's "Where do you live?" once used (issue 32 §1): loaded on the first look-up
 * (through shell/deferred.ts), so the page's first load carries only the form. The code is
 * checked by the address book's rules before it is sent; the answer is the address step's.
 */

export const MISSION_LOOKUP_TEXT = {
  failed: 'We could not check where your file goes just now. Please try again.',
} as const;

export type MissionLookup = { ok: true; jurisdiction: Jurisdiction } | { ok: false; message: string };

/** GET /api/v1/jurisdiction for a code in its usual form; a malformed or unknown code answers why. */
export async function lookUpMission(country: AddressCountry, postalCode: string): Promise<MissionLookup> {
  if (postalCode.trim() === '') return { ok: false, message: JURISDICTION_MESSAGES.codeRequired };
  const code = normalizePostalCode(country, postalCode);
  if (!code) return { ok: false, message: malformedCodeMessage(country) };
  try {
    return { ok: true, jurisdiction: (await getJurisdiction(country, code)).data };
  } catch (error) {
    return { ok: false, message: errorMessage(error, MISSION_LOOKUP_TEXT.failed) };
  }
}

export { JurisdictionAnswer };
