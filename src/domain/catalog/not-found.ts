import { isCountriesSegment, slugify } from './seo-url.ts';
import { type SearchableService, searchServices, searchWords } from './service-search.ts';

/**
 * What a not-found answer (HTTP 404) says, worded for what was asked: a package or country
 * choice a known service does not have, a service we do not offer, or any other address.
 * Pure: the routes hand in the path and the services; the page renders what comes back.
 */

export type NotFoundKind = 'package' | 'service' | 'page';

export interface NotFoundService {
  name: string;
  slug: string;
}

export interface NotFoundView {
  kind: NotFoundKind;
  /** The address asked for, as the reader typed it (at most PATH_DISPLAY_MAX characters). */
  path: string;
  /** The known service whose package or countries were not found (kind 'package'), else null. */
  service: NotFoundService | null;
  /** Services the address's words name, best first (at most MAX_SUGGESTIONS). */
  suggestions: NotFoundService[];
  /** What the search box starts with: the address's words when it looked like a service, else ''. */
  query: string;
}

const MAX_SUGGESTIONS = 3;
const PATH_DISPLAY_MAX = 80;

/** The page's words, per kind. The service name is the one of `view.service`. */
export const NOT_FOUND_MESSAGES = {
  package: {
    title: 'Package not found | SevaDocs',
    heading: (service: string) => `We couldn't find that ${service} package`,
    lead: (service: string, path: string) =>
      `${service} has no package or country choice at ${path}. Every ${service} package, with its price, is on the service's page.`,
    action: (service: string) => `See ${service} packages`,
  },
  service: {
    title: 'Service not found | SevaDocs',
    heading: "We don't offer a service at this address",
    lead: (path: string) => `There is no service at ${path}. Search our services or pick one from the list.`,
    suggestions: 'Did you mean',
  },
  page: {
    title: 'Page not found | SevaDocs',
    heading: 'Page not found',
    lead: (path: string) => `There is no page at ${path}. The address may be mistyped, or the page has moved.`,
  },
  allServices: 'All our services',
  browseServices: 'Browse all services and prices',
  home: 'Back to home',
} as const;

function displayPath(segments: readonly string[]): string {
  const path = `/${segments.join('/')}`;
  return path.length > PATH_DISPLAY_MAX ? `${path.slice(0, PATH_DISPLAY_MAX - 1)}…` : path;
}

/**
 * Reads a path that led nowhere (decoded, as the router's params are). `knownService` is the service the address's first segment
 * named, when the service page's route found it but not the rest (an unknown package or
 * countries). Without it, a first segment that is a service's slug still makes it a package
 * question; an address whose words name services, or that ends in country codes like a service
 * page, asks for a service; anything else is just a page.
 */
export function describeNotFound(
  pathname: string,
  services: readonly SearchableService[],
  knownService: NotFoundService | null = null,
): NotFoundView {
  const segments = pathname.split('/').filter(Boolean);
  const path = displayPath(segments);
  const first = segments[0] ?? '';
  const service =
    knownService ??
    (first ? services.find((s) => s.slug === slugify(first) && segments.length > 1) : undefined) ??
    null;
  if (service) {
    return { kind: 'package', path, service: { name: service.name, slug: service.slug }, suggestions: [], query: '' };
  }
  const words = segments.join(' ');
  const suggestions = searchServices(services, words)
    .filter((m) => m.byName)
    .slice(0, MAX_SUGGESTIONS)
    .map(({ service: s }) => ({ name: s.name, slug: s.slug }));
  const last = segments.at(-1) ?? '';
  const serviceShaped = segments.length >= 2 && segments.length <= 3 && isCountriesSegment(last);
  if (suggestions.length > 0 || serviceShaped) {
    const query = searchWords(segments.filter((s) => !isCountriesSegment(s)).join(' ')).join(' ');
    return { kind: 'service', path, service: null, suggestions, query };
  }
  return { kind: 'page', path, service: null, suggestions: [], query: '' };
}

/** The document title of a not-found answer. */
export function notFoundTitle(view: Pick<NotFoundView, 'kind'> | null | undefined): string {
  return NOT_FOUND_MESSAGES[view?.kind ?? 'page'].title;
}
