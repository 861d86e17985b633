import { api, envelopeOf } from '../../../lib/api-client.ts';
import type { MemberDraft } from '../members/member-fields.tsx';

/**
 * A returning customer's own date of birth for the "Self" row (GET /application/start-prefill):
 * what they gave on the newest of their applications, chosen by the server from their own orders
 * only. Null without one, and when the call fails: the field is then blank, as on a first
 * application, and nothing else on the page depends on it.
 */
export async function earlierSelfDateOfBirth(): Promise<string | null> {
  try {
    const { data } = await envelopeOf(api.GET('/api/v1/application/start-prefill'));
    return data.self?.dateOfBirth ?? null;
  } catch {
    return null;
  }
}

/**
 * Whether the list is the one the page offered, untouched: the "Self" row alone with its date of
 * birth still blank. Only then does the earlier date of birth go in; anything typed stays.
 */
export function awaitsSelfDateOfBirth(members: readonly MemberDraft[]): boolean {
  const [first, ...rest] = members;
  return rest.length === 0 && first?.relationship === 'Self' && first.dateOfBirth === '';
}
