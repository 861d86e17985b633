const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** 'July 2, 2026' the same on the server and in every browser. */
export function articleDate(date: Date | string): string {
  return DATE.format(new Date(date));
}

export function articleHref(slug: string): string {
  return `/articles/${slug}`;
}
