import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { type Jurisdiction, jurisdictionSentence } from '../../domain/jurisdiction/jurisdiction.ts';
import { normalizePostalCode } from '../../domain/users/address.ts';
import type { AddressCountry } from '../../domain/users/regions.ts';
import { ApiError } from '../lib/api-client.ts';
import { longDate } from '../lib/format-date.ts';
import { getJurisdiction, jurisdictionKey } from '../lib/jurisdiction-api.ts';

export const JURISDICTION_TEXT = {
  title: 'Where your file goes',
  checking: 'Checking which Indian mission serves this address…',
  failed: 'We could not check where your file goes just now. It does not stop your application.',
  postTo: 'Posted to',
  source: (date: string) => `Source, in force since ${date}:`,
} as const;

/** The host of a source link, as it is shown ('cgisf.gov.in'). */
function sourceHost(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
}

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
        <Answer jurisdiction={answer.data} />
      )}
    </section>
  );
}

function Answer({ jurisdiction }: { jurisdiction: Jurisdiction }) {
  return (
    <>
      <p className="mt-1">{jurisdictionSentence(jurisdiction)}</p>
      {jurisdiction.postalAddress ? (
        <p className="mt-2 text-sm text-slate-700">
          {JURISDICTION_TEXT.postTo}: {jurisdiction.centre.provider}, {jurisdiction.postalAddress}
        </p>
      ) : null}
      <p className="mt-2 text-sm text-slate-600">
        <JurisdictionSource jurisdiction={jurisdiction} />
      </p>
    </>
  );
}

/** "Source, in force since December 15, 2025: am22tech.com", linked: the page and the back office's order desk. */
export function JurisdictionSource({
  jurisdiction,
}: {
  jurisdiction: Pick<Jurisdiction, 'effectiveFrom' | 'sourceUrl'>;
}) {
  return (
    <>
      {JURISDICTION_TEXT.source(longDate(jurisdiction.effectiveFrom))}{' '}
      <a
        href={jurisdiction.sourceUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="font-medium text-brand-700 underline underline-offset-2"
      >
        {sourceHost(jurisdiction.sourceUrl)}
      </a>
    </>
  );
}
