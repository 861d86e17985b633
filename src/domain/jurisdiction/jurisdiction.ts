import { z } from 'zod';
import { normalizePostalCode } from '../users/address.ts';
import { USER_MESSAGES } from '../users/messages.ts';
import { ADDRESS_COUNTRIES, type AddressCountry, regionName } from '../users/regions.ts';
import { JURISDICTION_MESSAGES as M } from './messages.ts';
import { malformedCodeMessage, type PostalPlace } from './postal-codes.ts';

/**
 * Which Indian mission a customer's file goes to, through which outsourced centre and how
 * (issue 32 §1). The facts are rows of a dated table (server module `jurisdiction`, loaded by
 * migration); this file holds the rule that picks a row, shared by the server and the pages.
 */

export const MISSION_KINDS = ['embassy', 'consulate_general', 'high_commission'] as const;
export type MissionKind = (typeof MISSION_KINDS)[number];
export const CENTRE_PROVIDERS = ['VFS Global', 'BLS International'] as const;
export type CentreProvider = (typeof CENTRE_PROVIDERS)[number];
export const SUBMISSION_MODES = ['post', 'in_person'] as const;
export type SubmissionMode = (typeof SUBMISSION_MODES)[number];

const MISSION_TITLES: Record<MissionKind, string> = {
  embassy: 'Embassy',
  consulate_general: 'Consulate General',
  high_commission: 'High Commission',
};
const PROVIDER_SHORT: Record<CentreProvider, string> = { 'VFS Global': 'VFS', 'BLS International': 'BLS' };
const MODE_WORDS: Record<SubmissionMode, string> = { post: 'by post', in_person: 'in person' };

/**
 * One row of the table: from `effectiveFrom` on, codes of `region` (and of `area` within it: a
 * county name for the US, the start of a forward sortation area for Canada; null for the whole
 * region) go to this mission, through this centre.
 */
export interface JurisdictionRule {
  country: AddressCountry;
  region: string;
  area: string | null;
  missionKind: MissionKind;
  missionCity: string;
  centreProvider: CentreProvider;
  centreCity: string | null;
  submissionMode: SubmissionMode;
  postalAddress: string | null;
  /** YYYY-MM-DD. */
  effectiveFrom: string;
  sourceUrl: string;
}

/** How closely a rule's area matches the place: -1 not at all, 0 the whole region, more the closer. */
function areaMatch(rule: JurisdictionRule, place: PostalPlace, county: string | null): number {
  if (rule.area === null) return 0;
  if (place.country === 'US') return county !== null && rule.area === county ? 1 : -1;
  return place.fsa.startsWith(rule.area) ? rule.area.length : -1;
}

/**
 * The rule in force on `on` (YYYY-MM-DD) for `place`: the closest area wins, then the latest date.
 * `county` is the ZIP's county, looked up only for a state the rules split by county; when such a
 * state's ZIP has no county we know, the answer is null rather than the rest of the state's rule.
 */
export function pickRule(
  rules: readonly JurisdictionRule[],
  place: PostalPlace,
  county: string | null,
  on: string,
): JurisdictionRule | null {
  const inForce = rules.filter(
    (r) => r.country === place.country && r.region === place.region && r.effectiveFrom <= on,
  );
  if (place.country === 'US' && county === null && inForce.some((r) => r.area !== null)) return null;
  let best: { rule: JurisdictionRule; match: number } | null = null;
  for (const rule of inForce) {
    const match = areaMatch(rule, place, county);
    if (match < 0) continue;
    if (!best || match > best.match || (match === best.match && rule.effectiveFrom > best.rule.effectiveFrom)) {
      best = { rule, match };
    }
  }
  return best?.rule ?? null;
}

/** Whether `rules` in force on `on` split `region` below the state or province. */
export function isSplit(rules: readonly JurisdictionRule[], region: string, on: string): boolean {
  return rules.some((r) => r.region === region && r.area !== null && r.effectiveFrom <= on);
}

/** The longest ZIP or postal code a look-up reads. */
export const POSTAL_CODE_MAX_LENGTH = 16;

export const jurisdictionQuery = z
  .object({
    country: z.enum(ADDRESS_COUNTRIES, { error: USER_MESSAGES.countryInvalid }),
    // The longest real one is a ZIP+4 with spaces; the field is refused by itself when longer.
    postalCode: z.string({ error: M.codeRequired }).max(POSTAL_CODE_MAX_LENGTH, { error: M.codeTooLong }),
  })
  .superRefine((query, ctx) => {
    if (normalizePostalCode(query.country, query.postalCode) === null) {
      ctx.addIssue({ code: 'custom', path: ['postalCode'], message: malformedCodeMessage(query.country) });
    }
  });

export const jurisdictionSchema = z.object({
  country: z.enum(ADDRESS_COUNTRIES),
  /** The code as read: '93277', 'K1A 0B1'. */
  postalCode: z.string(),
  /** State or province code and name. */
  region: z.string(),
  regionName: z.string(),
  /** What below the state or province decided it, where the table splits it: the ZIP's county or the FSA. */
  area: z.object({ kind: z.enum(['county', 'fsa']), name: z.string() }).nullable(),
  /** The place the answer used, for a sentence: 'Tulare County', 'Texas', 'Ontario, K1A'. */
  place: z.string(),
  mission: z.object({ kind: z.enum(MISSION_KINDS), name: z.string(), city: z.string() }),
  centre: z.object({ provider: z.enum(CENTRE_PROVIDERS), city: z.string().nullable() }),
  submissionMode: z.enum(SUBMISSION_MODES),
  /** Where the papers are posted, when our sources give it. */
  postalAddress: z.string().nullable(),
  effectiveFrom: z.string(),
  sourceUrl: z.string(),
});
export type Jurisdiction = z.infer<typeof jurisdictionSchema>;

/** The mission's full name: 'Consulate General of India, San Francisco'. */
export function missionName(kind: MissionKind, city: string): string {
  return `${MISSION_TITLES[kind]} of India, ${city}`;
}

/**
 * Whether two answers send the file to the same place: the same mission, through the same centre,
 * at the same postal address (or neither has a mission). Another code the same mission serves (its
 * county, FSA or place) does not move the file, nor does a later row of the table saying the same,
 * so the posting address our team confirmed for it still stands (decision 0179). How it goes (by
 * post, in person) is not where: that alone moves nothing.
 */
export function sameDestination(a: Jurisdiction | null, b: Jurisdiction | null): boolean {
  if (!a || !b) return a === b;
  return (
    a.mission.kind === b.mission.kind &&
    a.mission.city === b.mission.city &&
    a.centre.provider === b.centre.provider &&
    a.centre.city === b.centre.city &&
    a.postalAddress === b.postalAddress
  );
}

/** What below the region decided the answer: the ZIP's county, or the postal code's FSA. */
function areaUsed(place: PostalPlace, county: string | null): Jurisdiction['area'] {
  if (place.country === 'CA') return { kind: 'fsa', name: place.fsa };
  return county ? { kind: 'county', name: county } : null;
}

/** The answer for `place` under `rule`; `county` is the ZIP's county when the state is split. */
export function toJurisdiction(
  rule: JurisdictionRule,
  place: PostalPlace,
  { county, split }: { county: string | null; split: boolean },
): Jurisdiction {
  const name = regionName(place.country, place.region) ?? place.region;
  const area = split ? areaUsed(place, county) : null;
  const placeText = !area ? name : area.kind === 'county' ? `${area.name} County` : `${name}, ${area.name}`;
  return {
    country: place.country,
    postalCode: place.postalCode,
    region: place.region,
    regionName: name,
    area,
    place: placeText,
    mission: { kind: rule.missionKind, name: missionName(rule.missionKind, rule.missionCity), city: rule.missionCity },
    centre: { provider: rule.centreProvider, city: rule.centreCity },
    submissionMode: rule.submissionMode,
    postalAddress: rule.postalAddress,
    effectiveFrom: rule.effectiveFrom,
    sourceUrl: rule.sourceUrl,
  };
}

/**
 * The sentence the service page and the application show: "Your file goes to the Consulate
 * General in San Francisco (Tulare County), through the VFS centre in San Francisco, by post."
 */
export function jurisdictionSentence(j: Jurisdiction, serviceSlug?: string): string {
  return `Your file goes to the ${MISSION_TITLES[j.mission.kind]} in ${j.mission.city} (${j.place}), ${routeWords(j, serviceSlug)}, ${MODE_WORDS[j.submissionMode]}.`;
}

/**
 * Services whose papers go to the mission itself rather than through its outsourced centre, by
 * country of application: a power of attorney in the USA (catalog-facts §5: "none (sent straight
 * to the consulate)"). In Canada BLS takes attestations where the mission asks, so the table's
 * centre stands.
 */
const STRAIGHT_TO_MISSION: Partial<Record<AddressCountry, ReadonlySet<string>>> = {
  US: new Set(['power-of-attorney']),
};

/** Whether `serviceSlug`'s papers go straight to the mission in `country`, not through the centre. */
export function straightToMission(serviceSlug: string | undefined, country: AddressCountry): boolean {
  return serviceSlug !== undefined && (STRAIGHT_TO_MISSION[country]?.has(serviceSlug) ?? false);
}

/** "through the VFS centre in San Francisco", "through a BLS centre", or "straight to the mission, not through VFS". */
function routeWords(j: Jurisdiction, serviceSlug: string | undefined): string {
  const provider = PROVIDER_SHORT[j.centre.provider];
  if (straightToMission(serviceSlug, j.country)) return `straight to the mission, not through ${provider}`;
  return j.centre.city ? `through the ${provider} centre in ${j.centre.city}` : `through a ${provider} centre`;
}

/**
 * The order's mission on one line for staff (the back office's order desk): "Consulate General
 * of India, San Francisco (Tulare County), through the VFS centre in San Francisco, by post".
 */
export function missionLine(j: Jurisdiction, serviceSlug?: string): string {
  return `${j.mission.name} (${j.place}), ${routeWords(j, serviceSlug)}, ${MODE_WORDS[j.submissionMode]}`;
}

/**
 * Whether a rule's source is a government's own page (an Indian mission's `.gov.in`, a US or
 * Canadian government's). The table's other sources are news reports and other agencies' pages
 * that relayed a mission's notice: our team's evidence, shown on the order desk, not a link the
 * customer is sent to.
 */
export function isOfficialSource(url: string): boolean {
  try {
    const host = new URL(url).hostname.toLowerCase();
    return ['.gov.in', '.nic.in', '.gov', '.gc.ca'].some((end) => host.endsWith(end));
  } catch {
    return false;
  }
}
