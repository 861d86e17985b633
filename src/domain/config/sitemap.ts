import { ROUTES } from './routes.ts';

/** Public pages listed in sitemap.xml besides the service pages; each must render. */
export const SITEMAP_PAGES: readonly string[] = [
  ROUTES.HOME,
  ROUTES.SERVICES,
  // SevaPhotos (issue 12).
  ROUTES.PHOTOS,
  // Content, marketing, contact and refunds (issue 5); each article is listed by seo/routes.ts.
  ROUTES.ABOUT,
  ROUTES.REFER_FRIEND,
  ROUTES.FAQ,
  ROUTES.ARTICLES,
  ROUTES.GUIDELINE,
  ROUTES.PRIVACY_POLICY,
  ROUTES.CONTACT,
  ROUTES.REFUND_REQUEST,
  ROUTES.VISA_SERVICE,
  ROUTES.INDIAN_TOURIST_VISA,
];

/**
 * Pages with nothing for a search engine to find: account forms and a campaign's thank-you
 * page. Their robots tag says `noindex`, and sitemap.xml never lists them.
 */
export const NOINDEX_PAGES: readonly string[] = [
  ROUTES.SIGN_IN,
  ROUTES.SIGN_UP,
  ROUTES.FORGOT_PASSWORD,
  ROUTES.CREATE_PASSWORD,
  ROUTES.VERIFY_EMAIL,
  ROUTES.CAMPAIGN_THANK_YOU,
];

/** The robots tag's content: links are followed everywhere; a page is indexed unless it says not. */
export const ROBOTS = { index: 'index, follow', noindex: 'noindex, follow' } as const;

/**
 * The robots tag of the page at `pathname`. `indexable` is false for an answer that is not the
 * page itself: a not-found answer, an error page, a search result.
 */
export function robotsFor(pathname: string, indexable = true): string {
  const path = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  return indexable && !NOINDEX_PAGES.includes(path) ? ROBOTS.index : ROBOTS.noindex;
}
