import { ROUTES } from './routes.ts';

/** Public pages listed in sitemap.xml besides the service pages; each must render. */
export const SITEMAP_PAGES: readonly string[] = [ROUTES.HOME];
