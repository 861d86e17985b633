/**
 * The two brands' platforms (DESIGN.md §1): the x-platform header's values, and which pages are
 * whose. Apart from the site's facts (site.ts) so the header can name the brand without them.
 */
import { ROUTES } from './routes.ts';

export const PLATFORMS = { docs: 'sevadocs', photos: 'sevaphotos' } as const;
export type Platform = (typeof PLATFORMS)[keyof typeof PLATFORMS];

/**
 * The x-platform header value for the page at `pathname` (DESIGN.md §1): the pages under /photos,
 * and a photo order's payment result (SPEC.md §2's /photo-payment-success), are SevaPhotos'.
 */
export function platformForPath(pathname: string): Platform {
  const photos = pathname === '/photos' || pathname.startsWith('/photos/') || pathname === ROUTES.PHOTO_PAYMENT_SUCCESS;
  return photos ? PLATFORMS.photos : PLATFORMS.docs;
}
