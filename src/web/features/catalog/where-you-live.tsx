import { useState } from 'react';
import type { Filing } from '../../../domain/catalog/filing.ts';
import type { Jurisdiction } from '../../../domain/jurisdiction/jurisdiction.ts';
import type { AddressCountry } from '../../../domain/users/regions.ts';
import { PostalCodeControl } from '../../components/postal-code-control.tsx';

export const WHERE_YOU_LIVE_TEXT = {
  title: 'Where do you live?',
  hint: 'Each Indian mission serves its own area: your ZIP or postal code tells which one your file goes to.',
  find: 'Show where my file goes',
} as const;

export type MissionLookupModule = typeof import('./mission-lookup.tsx');

/**
 * "Where do you live?" on a service page (issue 32 §1): a country and a ZIP or postal code, then
 * the address step's sentence with its source and date, or why the code cannot be placed. Nothing
 * for a service whose file goes to no mission (the e-Visa, filed online; a photo order): no code
 * decides anything there.
 */
export function WhereYouLive({
  country,
  serviceSlug,
  filing,
  loadLookup,
}: {
  /** The page's service: a power of attorney goes straight to the mission (straightToMission). */
  serviceSlug: string;
  /** How the service is filed (filingOf, decided by the route's loader: the rule stays out of the page's first load). */
  filing: Filing;
  /** The page's country of application, when it names one: the look-up asks for that country's codes only. */
  country?: AddressCountry;
  /** mission-lookup.tsx, loaded on the first look-up (the route passes it through shell/deferred.ts: out of the first load). */
  loadLookup(): Promise<MissionLookupModule>;
}) {
  const [found, setFound] = useState<{ module: MissionLookupModule; jurisdiction: Jurisdiction } | null>(null);
  if (filing !== 'mission') return null;
  return (
    <section aria-label={WHERE_YOU_LIVE_TEXT.title} className="mx-auto max-w-6xl px-4 pb-10 sm:px-6">
      <div className="card p-5 sm:p-6">
        <PostalCodeControl
          legend={WHERE_YOU_LIVE_TEXT.title}
          hint={WHERE_YOU_LIVE_TEXT.hint}
          submitLabel={WHERE_YOU_LIVE_TEXT.find}
          country={country}
          onSend={async (country, postalCode) => {
            const module = await loadLookup();
            const result = await module.lookUpMission(country, postalCode);
            setFound(result.ok ? { module, jurisdiction: result.jurisdiction } : null);
            return result.ok ? null : result.message;
          }}
        />
        <div aria-live="polite" className="text-slate-800">
          {found ? (
            <div className="mt-4 rounded-2xl border border-slate-200 bg-slate-50 p-4">
              <found.module.JurisdictionAnswer jurisdiction={found.jurisdiction} serviceSlug={serviceSlug} />
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}
