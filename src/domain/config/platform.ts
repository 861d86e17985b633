/**
 * The two brands' platforms (DESIGN.md §1): the x-platform header's values, and which pages are
 * whose. Apart from the site's facts (site.ts) so the header can name the brand without them.
 */
export const PLATFORMS = { docs: 'sevadocs', photos: 'sevaphotos' } as const;
export type Platform = (typeof PLATFORMS)[keyof typeof PLATFORMS];

/** The x-platform header value for the page at `pathname` (DESIGN.md §1). */
export function platformForPath(pathname: string): Platform {
  return pathname === '/photos' || pathname.startsWith('/photos/') ? PLATFORMS.photos : PLATFORMS.docs;
}
