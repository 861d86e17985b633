const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** 'July 1, 2026', the same on the server and in every browser (articles, terms, orders). */
export function longDate(date: Date | string): string {
  return DATE.format(new Date(date));
}
