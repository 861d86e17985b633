import {
  isOfficialSource,
  type Jurisdiction,
  jurisdictionSentence,
  straightToMission,
} from '../../domain/jurisdiction/jurisdiction.ts';
import { longDate } from '../lib/format-date.ts';

export const JURISDICTION_TEXT = {
  title: 'Where your file goes',
  checking: 'Checking which Indian mission serves this address…',
  failed: 'We could not check where your file goes just now. It does not stop your application.',
  postTo: 'Posted to',
  /** A service sent straight to the mission: the table's postal address is its centre's, not the mission's. */
  postToMission:
    'Posted to the mission itself: our team confirms its postal address with you before anything is posted.',
  source: (date: string) => `Source, in force since ${date}:`,
  /** A rule whose source is not a government's own page (isOfficialSource): its date, not the link. */
  checked: (date: string) => `In force since ${date}, as our team checked it.`,
} as const;

/** The host of a source link, as it is shown ('cgisf.gov.in'). */
function sourceHost(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/**
 * Where the file goes, as the address step and the service page say it (issue 32 §1): the
 * sentence, the postal address when our sources give one, and the source with its date: linked
 * when it is a government's own page, else the date alone (a news report or another agency's page
 * is our team's evidence, which the order desk links). For a service sent straight to the mission
 * (`serviceSlug`), not the centre's address.
 */
export function JurisdictionAnswer({
  jurisdiction,
  serviceSlug,
}: {
  jurisdiction: Jurisdiction;
  serviceSlug?: string | undefined;
}) {
  const direct = straightToMission(serviceSlug, jurisdiction.country);
  return (
    <>
      <p className="mt-1">{jurisdictionSentence(jurisdiction, serviceSlug)}</p>
      {direct ? (
        <p className="mt-2 text-sm text-slate-700">{JURISDICTION_TEXT.postToMission}</p>
      ) : jurisdiction.postalAddress ? (
        <p className="mt-2 text-sm text-slate-700">
          {JURISDICTION_TEXT.postTo}: {jurisdiction.centre.provider}, {jurisdiction.postalAddress}
        </p>
      ) : null}
      <p className="mt-2 text-sm text-slate-600">
        {isOfficialSource(jurisdiction.sourceUrl) ? (
          <JurisdictionSource jurisdiction={jurisdiction} />
        ) : (
          JURISDICTION_TEXT.checked(longDate(jurisdiction.effectiveFrom))
        )}
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
