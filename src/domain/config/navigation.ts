import { ROUTES } from './routes.ts';

/**
 * SPEC.md §2 header, footer and per-page layout rules, as data. Pure TypeScript so the browser,
 * the server and the tests read the same lists.
 */

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
  { id: 'photos', label: 'Photos', kind: 'link', href: ROUTES.PHOTOS },
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

/** SPEC.md §3 footer link: id, name, url. `external` links open in a new tab. */
export interface FooterLink {
  id: string;
  name: string;
  url: string;
  external?: boolean;
}

/** SPEC.md §2: the five services the footer lists, each to its service page. */
export const FOOTER_SERVICE_LINKS: readonly FooterLink[] = [
  { id: 'oci-card', name: 'OCI Card', url: serviceHref('oci-card') },
  {
    id: 'renunciation-of-indian-passport',
    name: 'Renunciation of Indian Passport',
    url: serviceHref('renunciation-of-indian-passport'),
  },
  { id: 'indian-passport-renewal', name: 'Indian Passport Renewal', url: serviceHref('indian-passport-renewal') },
  { id: 'indian-visa', name: 'Indian Visa', url: serviceHref('indian-visa') },
  { id: 'photo-enhancement', name: 'Photo Enhancement', url: serviceHref('photo-enhancement') },
];

/** Company pages in the footer. The blog's address comes from the public config. */
export function footerCompanyLinks(blogUrl: string): FooterLink[] {
  return [
    { id: 'about', name: 'About Us', url: ROUTES.ABOUT },
    { id: 'contact', name: 'Contact', url: ROUTES.CONTACT },
    { id: 'refer-friend', name: 'Refer a Friend', url: ROUTES.REFER_FRIEND },
    { id: 'faq', name: "FAQ's", url: ROUTES.FAQ },
    { id: 'refund-request', name: 'Refund Request', url: ROUTES.REFUND_REQUEST },
    { id: 'blog', name: 'Blog', url: blogUrl, external: true },
  ];
}

/** SPEC.md §2: Terms and Conditions to /guideline, Privacy to /privacy-policy. */
export const FOOTER_LEGAL_LINKS: readonly FooterLink[] = [
  { id: 'terms', name: 'Terms and Conditions', url: ROUTES.GUIDELINE },
  { id: 'privacy', name: 'Privacy', url: ROUTES.PRIVACY_POLICY },
];

/** One payment or trust badge: an image under /public with its text alternative. */
export interface PaymentBadge {
  id: string;
  name: string;
  src: string;
  width: number;
  height: number;
}

/** SPEC.md §3 payment badge group: id, and separate desktop and mobile icon lists. */
export interface PaymentBadgeGroup {
  id: 'cards' | 'wallets' | 'trust';
  label: string;
  desktop: readonly PaymentBadge[];
  mobile: readonly PaymentBadge[];
}

const card = (id: string, name: string): PaymentBadge => ({
  id,
  name,
  src: `/badges/${id}.svg`,
  width: 52,
  height: 34,
});

const CARDS = [card('visa', 'Visa'), card('mastercard', 'Mastercard'), card('amex', 'American Express')];
const WALLETS = [card('apple-pay', 'Apple Pay'), card('google-pay', 'Google Pay'), card('upi', 'UPI')];

/** SPEC.md §1: Visa, Mastercard, American Express, wallet apps and UPI, a secure-website badge and a star rating. */
export const PAYMENT_BADGE_GROUPS: readonly PaymentBadgeGroup[] = [
  { id: 'cards', label: 'Cards we accept', desktop: CARDS, mobile: CARDS },
  { id: 'wallets', label: 'Wallets and UPI', desktop: WALLETS, mobile: WALLETS },
  {
    id: 'trust',
    label: 'Secure and trusted',
    desktop: [
      {
        id: 'secure-website',
        name: 'Secure website: 256-bit SSL encryption',
        src: '/badges/secure-website.svg',
        width: 132,
        height: 34,
      },
      {
        id: 'star-rating',
        name: 'Rated 4.9 out of 5 stars by our customers',
        src: '/badges/star-rating.svg',
        width: 132,
        height: 34,
      },
    ],
    mobile: [
      {
        id: 'secure-website',
        name: 'Secure website: SSL encrypted',
        src: '/badges/secure-website-compact.svg',
        width: 88,
        height: 34,
      },
      {
        id: 'star-rating',
        name: 'Rated 4.9 out of 5 stars',
        src: '/badges/star-rating-compact.svg',
        width: 88,
        height: 34,
      },
    ],
  },
];

/** Every badge a viewport shows, in group order. */
export function paymentBadges(viewport: 'desktop' | 'mobile'): PaymentBadge[] {
  return PAYMENT_BADGE_GROUPS.flatMap((group) => group[viewport]);
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
