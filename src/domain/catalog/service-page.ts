import { countryCodeFromNameSlug } from '../countries/lookup.ts';
import { countryName } from '../countries/names.ts';
import { type PackageWording, packageWording } from './choice-text.ts';
import { type ParameterChoices, SERVICE_PARAMETERS, type ServiceParameter } from './parameters.ts';
import { resolveChoices } from './pricing.ts';
import { buildServicePath, isCountriesSegment, isCountryCode, parseServicePath, slugify } from './seo-url.ts';
import type { PackageDetail, PackageText, ServiceDetail } from './service-detail.ts';

/**
 * A service page's URL → the choices it shows prices for → its canonical path (SPEC.md §2 SEO
 * paths, §4 service pages). Pure: the route's loader reads the service, then asks here.
 */

/** What reading a service page's URL needs to know about the service. */
export type ServicePageService = Pick<
  ServiceDetail,
  'name' | 'summary' | 'slug' | 'parameters' | 'parameterOptions'
> & {
  packages: readonly (Pick<PackageDetail, 'slug' | 'name'> & PackageWording & { texts: readonly PackageText[] })[];
};

/** Where a service page URL leads. */
export interface ServicePagePlace {
  /** The package the page is about, or null for the service's own page. */
  packageSlug: string | null;
  /** The choices prices are shown for: each requested one the service offers, else its first option. */
  choices: ParameterChoices;
  /** The requested choices the service offers: what the canonical path keeps. */
  selected: ParameterChoices;
  /** The page's canonical path (and query, only when the codec needs one). */
  canonicalPath: string;
  /** Names the requested choices the service does not offer and what is shown instead; null when none. */
  notice: string | null;
  /** The page title and meta description (a package's, worded for the choices). */
  title: string;
  description: string;
}

/** What each parameter's phrase reads like in the notice ('applications from France', 'French citizens'). */
const NOTICE_PHRASE: Record<ServiceParameter, (country: string) => string> = {
  applyingFrom: (c) => `applications from ${c}`,
  citizenship: (c) => `${c} citizens`,
  destination: (c) => `travel to ${c}`,
};

/** A choice as the notice names it: the country's name for a code, else the URL's name slug in words. */
function displayCountry(value: string): string {
  return isCountryCode(value) ? countryName(value) : value.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}

/**
 * Reads a service page URL: `segments` are the path's 1–3 segments as the router matched them
 * (decoded: service, then package and/or countries), `query` its query. Null when the page does
 * not exist (a 404): a package the service does not have, or a countries segment that is
 * neither codes nor a country's name. Country names count as their code when one exists
 * ('/oci-card/canada' = '/oci-card/ca').
 */
export function locateServicePage(
  service: ServicePageService,
  segments: readonly string[],
  query: URLSearchParams,
): ServicePagePlace | null {
  const codecContext = { parameters: service.parameters, packageSlugs: service.packages.map((p) => p.slug) };
  const location = parseServicePath(segments.map((s) => encodeURIComponent(s)).join('/'), query, codecContext);
  if (!location) return null;
  const requested: ParameterChoices = {};
  for (const parameter of SERVICE_PARAMETERS) {
    const value = location.choices[parameter];
    if (value) requested[parameter] = isCountryCode(value) ? value : (countryCodeFromNameSlug(value) ?? value);
  }
  // A countries segment written as a name must name a country: otherwise it was a package we do not have.
  const countriesSegment =
    segments.length === 3 ? segments[2] : segments.length === 2 && !location.packageSlug ? segments[1] : undefined;
  if (
    countriesSegment &&
    !isCountriesSegment(countriesSegment) &&
    !countryCodeFromNameSlug(slugify(countriesSegment))
  ) {
    return null;
  }

  const choices = resolveChoices(service.parameters, service.parameterOptions, requested);
  const selected: ParameterChoices = {};
  const refused: string[] = [];
  for (const parameter of service.parameters) {
    const value = requested[parameter];
    if (!value) continue;
    if (value === choices[parameter]) selected[parameter] = value;
    else refused.push(NOTICE_PHRASE[parameter](displayCountry(value)));
  }
  const shown = service.parameters
    .map((p) => (choices[p] ? NOTICE_PHRASE[p](countryName(choices[p] ?? '')) : null))
    .filter(Boolean)
    .join(', ');
  const notice = refused.length
    ? `We don't offer ${service.name} for ${refused.join(' or ')} yet. Showing prices for ${shown}.`
    : null;

  const focused = service.packages.find((p) => p.slug === location.packageSlug) ?? null;
  const packageSlug = focused?.slug ?? null;
  return {
    packageSlug,
    choices,
    selected,
    canonicalPath: buildServicePath({ serviceSlug: service.slug, packageSlug, choices: selected }, codecContext),
    notice,
    title: focused ? `${focused.name} | ${service.name} | SevaDocs` : `${service.name} | SevaDocs`,
    description: focused ? packageWording(focused, choices).description : service.summary,
  };
}
