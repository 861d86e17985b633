import type { ChosenPackage } from './package-choice.ts';
import { type ParameterChoices, SERVICE_PARAMETERS, type ServiceParameter } from './parameters.ts';

/**
 * SPEC.md §2 service page paths: `/{serviceSlug}[/{packageSlug}][/{countries}]`.
 *
 * - `countries` is 1–3 two-letter codes joined by hyphens, in the order applyingFrom,
 *   citizenship, destination (`/indian-visa/us-in`). A single code means destination, or the
 *   one parameter the service has (`/oci-card/ca` = applying from Canada).
 * - A country without a two-letter code is written as its lowercased, hyphenated name
 *   (`/oci-card/new-oci-card/kosovo`).
 * - Query parameters citizenship, applyingFrom and destination are merged in (they win over
 *   the path).
 *
 * Choice values are either an ISO code in capitals ('US') or a country-name slug ('kosovo').
 * `buildServicePath` writes the canonical form: the countries go in the path whenever parsing
 * would read them back unchanged, otherwise every choice goes in the query (codes in capitals,
 * parameters in URL order). `parseServicePath(buildServicePath(x)) = x` for every valid x, and
 * `buildServicePath(parseServicePath(url))` is a fixed point (seo-url.test.ts, fast-check).
 *
 * Pure: no I/O, nothing from the browser or the server.
 */

/** SPEC.md §2: the slug of an empty or unusable name. */
export const FALLBACK_SERVICE_SLUG = 'passport-services';

/**
 * SPEC.md §2 slug rule: lowercase; characters other than letters, digits, slash, space and
 * hyphen are removed; runs of slash, space or hyphen become one hyphen (none left at either
 * end); an empty result becomes `passport-services`.
 */
export function slugify(name: string): string {
  return slugOrEmpty(name) || FALLBACK_SERVICE_SLUG;
}

/** The slug rule without the fallback: '' when nothing is left. */
function slugOrEmpty(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9/\s-]/g, '')
    .replace(/[/\s-]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The service's URL slug: its own, or one derived from its name (SPEC.md §2). */
export function serviceUrlSlug(service: { slug?: string | null; name: string }): string {
  return slugify(service.slug?.trim() ? service.slug : service.name);
}

const CODE = /^[a-z]{2}$/i;
const CODES_SEGMENT = /^[a-z]{2}(-[a-z]{2}){0,2}$/i;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A two-letter country code ('US' or 'us'). */
export function isCountryCode(value: string): boolean {
  return CODE.test(value);
}

/** True when a path segment reads as 1–3 country codes ('us', 'us-in', 'ca-us-in'). */
export function isCountriesSegment(segment: string): boolean {
  return CODES_SEGMENT.test(segment);
}

/** A country-name slug: a valid slug that is not itself a two-letter code. */
export function isCountryNameSlug(value: string): boolean {
  return SLUG.test(value) && !CODE.test(value);
}

/**
 * A choice value as the codec keeps it: a two-letter code in capitals, else the slug of a
 * country name; null when nothing usable is left.
 */
export function normalizeCountry(value: string): string | null {
  const slug = slugOrEmpty(value);
  if (!slug) return null;
  return CODE.test(slug) ? slug.toUpperCase() : slug;
}

/** What the codec needs to know about the service whose URL it reads or writes. */
export interface ServiceUrlContext {
  /** The service's parameters (any order); choices for other parameters are dropped. */
  parameters: readonly ServiceParameter[];
  /**
   * The service's package slugs. With them, a second segment that is neither a package nor a
   * run of codes reads as a country name (`/oci-card/kosovo`); without them it is a package.
   */
  packageSlugs?: readonly string[];
}

/** A place in the catalog: a service, optionally one of its packages, and the choices made. */
export interface ServiceLocation {
  serviceSlug: string;
  packageSlug: string | null;
  choices: ParameterChoices;
}

function inUrlOrder(parameters: readonly ServiceParameter[]): ServiceParameter[] {
  return SERVICE_PARAMETERS.filter((p) => parameters.includes(p));
}

/**
 * Which parameters `count` path countries stand for, given the service's parameters in URL
 * order: all of them when the counts agree; otherwise one means destination, three mean all
 * three, and two mean citizenship and destination.
 */
export function positionalParameters(count: number, parameters: readonly ServiceParameter[]): ServiceParameter[] {
  const own = inUrlOrder(parameters);
  if (count === 0) return [];
  if (count === own.length) return own;
  if (count === 1) return ['destination'];
  if (count === 2) return ['citizenship', 'destination'];
  return [...SERVICE_PARAMETERS];
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function readCountries(segment: string, parameters: readonly ServiceParameter[]): ParameterChoices {
  const choices: ParameterChoices = {};
  const text = isCountriesSegment(segment) ? segment : slugOrEmpty(segment);
  if (!text) return choices;
  const values = isCountriesSegment(text) ? text.split('-').map((c) => c.toUpperCase()) : [text];
  const targets = positionalParameters(values.length, parameters);
  targets.forEach((parameter, index) => {
    const value = values[index];
    if (value) choices[parameter] = value;
  });
  return choices;
}

/**
 * Reads a service URL (path, and the query as a string, URLSearchParams or nothing). Null when
 * the path has no segment or more than three, or names a package the service does not have. Slugs are normalised with `slugify`; choices for
 * parameters the service does not have are dropped.
 */
export function parseServicePath(
  pathname: string,
  search: string | URLSearchParams | null | undefined,
  context: ServiceUrlContext,
): ServiceLocation | null {
  const raw = pathname.split('/').filter((s) => s !== '');
  if (raw.length < 1 || raw.length > 3) return null;
  const segments: string[] = [];
  for (const s of raw) {
    const decoded = decodeSegment(s);
    if (decoded === null || decoded.trim() === '') return null;
    segments.push(decoded.trim());
  }
  const [serviceSegment = '', second, third] = segments;
  let packageSlug: string | null = null;
  let countries: string | null = null;
  if (third !== undefined && second !== undefined) {
    packageSlug = slugify(second);
    // A package slug that reads as country codes could not be told apart from them.
    if (isCountriesSegment(packageSlug)) return null;
    if (context.packageSlugs !== undefined && !context.packageSlugs.includes(packageSlug)) return null;
    countries = third;
  } else if (second !== undefined) {
    const asSlug = slugify(second);
    const isPackage =
      !isCountriesSegment(second) &&
      !isCountriesSegment(asSlug) &&
      (context.packageSlugs === undefined || context.packageSlugs.includes(asSlug));
    if (isPackage) packageSlug = asSlug;
    else countries = second;
  }

  const merged: ParameterChoices = countries ? readCountries(countries, context.parameters) : {};
  const query = typeof search === 'string' || !search ? new URLSearchParams(search ?? '') : search;
  for (const parameter of SERVICE_PARAMETERS) {
    const value = query.get(parameter);
    const normalised = value === null ? null : normalizeCountry(value);
    if (normalised) merged[parameter] = normalised;
  }
  const choices: ParameterChoices = {};
  for (const parameter of inUrlOrder(context.parameters)) {
    const value = merged[parameter];
    if (value) choices[parameter] = value;
  }
  return { serviceSlug: slugify(serviceSegment), packageSlug, choices };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** The path segment for these choices, or null when they cannot be read back from the path. */
function countriesSegment(location: ServiceLocation, context: ServiceUrlContext): string | null {
  const chosen = inUrlOrder(context.parameters).filter((p) => location.choices[p]);
  if (chosen.length === 0) return null;
  if (!sameList(positionalParameters(chosen.length, context.parameters), chosen)) return null;
  const values = chosen.map((p) => location.choices[p] ?? '');
  if (values.every(isCountryCode)) return values.join('-').toLowerCase();
  // A name stands alone, must not look like codes, and must not be taken for a package.
  const [name] = values;
  if (values.length !== 1 || name === undefined || !isCountryNameSlug(name) || isCountriesSegment(name)) return null;
  if (location.packageSlug === null && (context.packageSlugs === undefined || context.packageSlugs.includes(name))) {
    return null;
  }
  return name;
}

/** The canonical URL (path and, only when needed, query) of a place in the catalog. */
export function buildServicePath(location: ServiceLocation, context: ServiceUrlContext): string {
  const segments = [slugify(location.serviceSlug)];
  if (location.packageSlug) segments.push(slugify(location.packageSlug));
  const countries = countriesSegment(location, context);
  if (countries) return `/${[...segments, countries].join('/')}`;
  const query = new URLSearchParams();
  for (const parameter of inUrlOrder(context.parameters)) {
    const value = location.choices[parameter];
    if (value) query.set(parameter, isCountryCode(value) ? value.toUpperCase() : value);
  }
  const search = query.toString();
  return `/${segments.join('/')}${search ? `?${search}` : ''}`;
}

/**
 * The service page at a chosen package's countries, where another of its packages is chosen. Here,
 * not in package-choice.ts, which the package form's first load holds: this module loads with the
 * page's later code (DESIGN.md §4 budget).
 */
export function servicePackagesHref({ service, pkg }: ChosenPackage): string {
  return buildServicePath(
    { serviceSlug: service.slug, packageSlug: null, choices: pkg.choices },
    { parameters: SERVICE_PARAMETERS.filter((p) => service.parameters.includes(p)) },
  );
}
