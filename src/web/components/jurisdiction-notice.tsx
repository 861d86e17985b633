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
}: {
  country: AddressCountry | null;
  postalCode: string;
  /** The state or province chosen beside the code, if any: said when the code is elsewhere. */
  region?: string | null;
  order?: OrderMissionOf | null;
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
          <JurisdictionAnswer jurisdiction={answer.data} />
          <RegionMismatch country={country} postalCode={code} region={region} answer={answer.data} />
          <OrderConflict country={country} postalCode={code} answer={answer.data} order={order} />
        </>
      )}
    </section>
  );
}

/** The member's address is another mission's than the order's: said under the answer, as the review will. */
function OrderConflict({
  country,
  postalCode,
  answer,
  order,
}: {
  country: AddressCountry;
  postalCode: string;
  answer: Jurisdiction;
  order: OrderMissionOf | null;
}) {
  const conflict = order ? addressConflict({ country, postalCode }, answer, order.mission, order.deciderName) : null;
  if (!order || !conflict) return null;
  return <p className="mt-2 font-medium text-amber-900">{`${order.memberName.trim()}’s ${conflict}`}</p>;
}

/** The state or province chosen is not the code's: said under the answer (the code decides). */
function RegionMismatch({
  country,
  postalCode,
  region,
  answer,
}: {
  country: AddressCountry;
  postalCode: string;
  region: string | null;
  answer: Jurisdiction;
}) {
  const mismatch = regionMismatch({ country, postalCode }, region, answer);
  return mismatch ? <p className="mt-2 font-medium text-amber-900">{mismatch}</p> : null;
}
