import { ROUTES } from './routes.ts';

/**
 * SPEC.md §2 header menu and per-page layout rules, as data (the footer's links are in
 * footer-links.ts). Pure TypeScript so the browser, the server and the tests read the same lists.
 */

/** The Photo Enhancement service's slug (its page is /photo-enhancement). */
export const PHOTO_ENHANCEMENT_SLUG = 'photo-enhancement';

/**
 * Where the site's "Photos" links lead (the main menu's Photos, the dashboard's Photo
 * enhancement): the SevaPhotos landing page.
 */
export const PHOTOS_HREF: string = ROUTES.PHOTOS;

/** One entry of the top menu. `services` opens the service list; `blog` is the external blog. */
export type MenuItemKind = 'link' | 'services' | 'blog';

export interface MenuItem {
  id: string;
  label: string;
  kind: MenuItemKind;
  /** Internal path for `link` items (unused for `services` and `blog`). */
  href: string;
}

/** SPEC.md §2: Home, Services, Photos, Blog, FAQ's, Contact, About Us — in this order. */
export const MAIN_MENU: readonly MenuItem[] = [
  { id: 'home', label: 'Home', kind: 'link', href: ROUTES.HOME },
  { id: 'services', label: 'Services', kind: 'services', href: ROUTES.SERVICES },
  { id: 'photos', label: 'Photos', kind: 'link', href: PHOTOS_HREF },
  { id: 'blog', label: 'Blog', kind: 'blog', href: '' },
  { id: 'faq', label: "FAQ's", kind: 'link', href: ROUTES.FAQ },
  { id: 'contact', label: 'Contact', kind: 'link', href: ROUTES.CONTACT },
  { id: 'about', label: 'About Us', kind: 'link', href: ROUTES.ABOUT },
];

/** SPEC.md §2: Home shows as Dashboard (to /dashboard) when the visitor is signed in. */
export function menuForSession(loggedIn: boolean, menu: readonly MenuItem[] = MAIN_MENU): MenuItem[] {
  return menu.map((item) =>
    loggedIn && item.id === 'home' ? { ...item, label: 'Dashboard', href: ROUTES.DASHBOARD } : item,
  );
}

/** The service page of a slug (SPEC.md §2: /{service slug}). */
export function serviceHref(slug: string): string {
  return `/${slug}`;
}

/** SPEC.md §2: the desktop dropdown lists the services in reverse order. Does not mutate. */
export function desktopServiceList<T>(services: readonly T[]): T[] {
  return [...services].reverse();
}

/** SPEC.md §2: which global chrome a page shows. */
export interface PageLayout {
  /** The main header (logo, nav, sign-in controls). */
  header: boolean;
  /** The toll-free banner: above the header, fixed to the top of the viewport, or hidden. */
  tollFreeBanner: 'top' | 'fixed' | 'none';
  /** The floating messaging-app chat button. */
  chatButton: boolean;
}

const DEFAULT_LAYOUT: PageLayout = { header: true, tollFreeBanner: 'top', chatButton: true };

const LAYOUT_OVERRIDES: Readonly<Record<string, PageLayout>> = {
  // Hides the header, the chat button and the banners.
  [ROUTES.REFUND_REQUEST]: { header: false, tollFreeBanner: 'none', chatButton: false },
  // Campaign landing pages: a fixed toll-free banner and no main header.
  [ROUTES.VISA_SERVICE]: { header: false, tollFreeBanner: 'fixed', chatButton: true },
  [ROUTES.INDIAN_TOURIST_VISA]: { header: false, tollFreeBanner: 'fixed', chatButton: true },
  // The campaign thank-you page hides the main header.
  [ROUTES.CAMPAIGN_THANK_YOU]: { header: false, tollFreeBanner: 'top', chatButton: true },
};

/** Lower-cased path without trailing slashes ('/' stays '/'). */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed.toLowerCase();
}

/** The global chrome of the page at `pathname` (SPEC.md §2 global layout). */
export function layoutForPath(pathname: string): PageLayout {
  return LAYOUT_OVERRIDES[normalizePath(pathname)] ?? DEFAULT_LAYOUT;
}

/** The messaging-app chat link for a phone number in international format (digits only). */
export function whatsappHref(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}`;
}

/** A `tel:` link for a display number such as 1-800-555-0199. */
export function telHref(number: string): string {
  const digits = number.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('+') ? digits : `+${digits}`}`;
}
