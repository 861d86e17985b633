/**
 * The service search of /services?q= and the suggestions of a not-found page: which services a
 * few typed words (or the words of a mistyped address) point at. Pure, and small enough for the
 * browser: a handful of services, matched word by word.
 */

/** What the search reads of a service. */
export interface SearchableService {
  name: string;
  slug: string;
  /** The one-paragraph summary; optional (the header's service list has none). */
  summary?: string;
}

/** The query parameter of the services list's search (`/services?q=…`). */
export const SERVICE_SEARCH_PARAM = 'q';

/** What the services list says about a search. */
export const SERVICE_SEARCH_MESSAGES = {
  label: 'Find a service',
  /** The field's hint, and the button's name (its word is hidden on a phone, not its name). */
  hint: 'e.g. OCI card, visa',
  submit: 'Search',
  found: (count: number, query: string) => `${count} ${count === 1 ? 'service matches' : 'services match'} “${query}”.`,
  none: (query: string) =>
    `No service matches “${query}”. Here are all our services; or call us and we will point you to the right one.`,
  showAll: 'Show all services',
} as const;

/** Longest query the search reads; the rest is ignored. */
export const SERVICE_SEARCH_MAX_LENGTH = 100;

/** Words that say nothing about which service is meant. */
const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'apply',
  'for',
  'from',
  'how',
  'in',
  'my',
  'of',
  'online',
  'page',
  'pages',
  'service',
  'services',
  'the',
  'to',
  'with',
  'www',
  'html',
  'php',
]);

/** Lower-cased words of at least two letters or digits, without stop words, singular ('photos' → 'photo'). */
export function searchWords(text: string): string[] {
  const words = text
    .slice(0, SERVICE_SEARCH_MAX_LENGTH)
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 2 && !STOP_WORDS.has(w))
    .map(singular);
  return [...new Set(words)];
}

function singular(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** A query word matches a service word when they are equal or the query word starts it ('pass' → 'passport'). */
function matches(queryWord: string, words: readonly string[]): boolean {
  return words.some((w) => w === queryWord || (queryWord.length >= 3 && w.startsWith(queryWord)));
}

export interface ServiceMatch<S extends SearchableService> {
  service: S;
  /** Whether a query word matched the service's name or slug (not only its summary). */
  byName: boolean;
}

/**
 * The services the query's words point at, best first: a word found in the name or slug counts
 * twice a word found only in the summary; ties keep the list's order. An empty query (or one
 * of stop words only) matches nothing.
 */
export function searchServices<S extends SearchableService>(services: readonly S[], query: string): ServiceMatch<S>[] {
  const queryWords = searchWords(query);
  if (queryWords.length === 0) return [];
  const scored = services.map((service, index) => {
    const nameWords = searchWords(`${service.name} ${service.slug}`);
    const summaryWords = searchWords(service.summary ?? '');
    let score = 0;
    let byName = false;
    for (const word of queryWords) {
      if (matches(word, nameWords)) {
        score += 2;
        byName = true;
      } else if (matches(word, summaryWords)) {
        score += 1;
      }
    }
    return { service, byName, score, index };
  });
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ service, byName }) => ({ service, byName }));
}

/** The query as the search reads it (trimmed, at most SERVICE_SEARCH_MAX_LENGTH characters); '' for none. */
export function readSearchQuery(params: URLSearchParams): string {
  return (params.get(SERVICE_SEARCH_PARAM) ?? '').trim().slice(0, SERVICE_SEARCH_MAX_LENGTH);
}
