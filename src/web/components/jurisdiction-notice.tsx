import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { regionMismatch } from '../../domain/jurisdiction/address-answers.ts';
import type { Jurisdiction } from '../../domain/jurisdiction/jurisdiction.ts';
import { addressConflict } from '../../domain/jurisdiction/proof-of-address.ts';
import { normalizePostalCode } from '../../domain/users/address.ts';
import type { AddressCountry } from '../../domain/users/regions.ts';
import { ApiError } from '../lib/api-client.ts';
import { getJurisdiction, jurisdictionKey } from '../lib/jurisdiction-api.ts';
import { JURISDICTION_TEXT, JurisdictionAnswer } from './jurisdiction-answer.tsx';

/** A member's address step: the order's mission, which another member's address set. */
export interface OrderMissionOf {
  memberName: string;
  mission: Jurisdiction;
  deciderName: string;
}

/**
 * Which mission, centre and way of sending serve a full ZIP or postal code, once one is typed (issue
 * 32 §1); on a member's address step (`order`), also when that mission is not the order's.
 */
export function JurisdictionNotice({
  country,
  postalCode,
  region = null,
  order = null,
  serviceSlug,
}: {
  country: AddressCountry | null;
  postalCode: string;
  /** The state or province chosen beside the code, if any: said when the code is elsewhere. */
  region?: string | null;
  order?: OrderMissionOf | null;
  /** The order's service: a power of attorney goes straight to the mission (straightToMission). */
  serviceSlug?: string | undefined;
}) {
  const code = country ? normalizePostalCode(country, postalCode) : null;
  const answer = useQuery({
    queryKey: jurisdictionKey(country ?? 'US', code ?? ''),
    queryFn: async () => (await getJurisdiction(country ?? 'US', code ?? '')).data,
    enabled: country !== null && code !== null,
    staleTime: 60 * 60 * 1000,
    // A 4xx is the answer (an unknown code); only a failed connection or a 5xx is worth another try.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  const titleId = useId();
  if (!country || !code) return null;
  return (
    <section
      aria-labelledby={titleId}
      aria-live="polite"
      className="mb-6 rounded-2xl border border-slate-200 bg-slate-50 p-4 text-slate-800"
    >
      <h3 id={titleId} className="font-semibold text-slate-900">
        {JURISDICTION_TEXT.title}
      </h3>
      {answer.isPending ? (
        <p role="status" className="mt-1 text-slate-700">
          {JURISDICTION_TEXT.checking}
        </p>
      ) : answer.isError ? (
        <p className="mt-1 text-amber-900">
          {answer.error instanceof ApiError && answer.error.status < 500 && answer.error.serverMessage
            ? answer.error.serverMessage
            : JURISDICTION_TEXT.failed}
        </p>
      ) : (
        <>
          <JurisdictionAnswer jurisdiction={answer.data} serviceSlug={serviceSlug} />
          {warningsOf({ country, postalCode: code }, answer.data, region, order).map((warning) => (
            <p key={warning} className="mt-2 font-medium text-amber-900">
              {warning}
            </p>
          ))}
        </>
      )}
    </section>
  );
}

/**
 * What to say under the answer: the state or province chosen is not the code's (the code decides),
 * and, on a member's step, the address is another mission's than the order's (as the review will).
 */
function warningsOf(
  code: { country: AddressCountry; postalCode: string },
  answer: Jurisdiction,
  region: string | null,
  order: OrderMissionOf | null,
): string[] {
  const conflict = order ? addressConflict(code, answer, order.mission, order.deciderName) : null;
  return [
    regionMismatch(code, region, answer),
    order && conflict ? `${order.memberName.trim()}’s ${conflict}` : null,
  ].filter((warning): warning is string => warning !== null);
}
