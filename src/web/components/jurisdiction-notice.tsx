import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { normalizePostalCode } from '../../domain/users/address.ts';
import type { AddressCountry } from '../../domain/users/regions.ts';
import { ApiError } from '../lib/api-client.ts';
import { getJurisdiction, jurisdictionKey } from '../lib/jurisdiction-api.ts';
import { JURISDICTION_TEXT, JurisdictionAnswer } from './jurisdiction-answer.tsx';

/** Which mission, centre and way of sending serve a full ZIP or postal code, once one is typed (issue 32 §1). */
export function JurisdictionNotice({ country, postalCode }: { country: AddressCountry | null; postalCode: string }) {
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
        <JurisdictionAnswer jurisdiction={answer.data} />
      )}
    </section>
  );
}
