import { ROUTES } from './routes.ts';

/** Public pages listed in sitemap.xml besides the service pages; each must render. */
export const SITEMAP_PAGES: readonly string[] = [
  ROUTES.HOME,
  ROUTES.SERVICES,
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
  ROUTES.CAMPAIGN_THANK_YOU,
];
