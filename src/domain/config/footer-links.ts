import { PHOTO_ENHANCEMENT_SLUG, serviceHref } from './navigation.ts';
import { ROUTES } from './routes.ts';

/**
 * SPEC.md §2 footer links, as data. Apart from navigation.ts because only the footer (a static
 * island, loaded on demand) needs them: they stay out of the first-load app shell.
 */

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
  { id: PHOTO_ENHANCEMENT_SLUG, name: 'Photo Enhancement', url: serviceHref(PHOTO_ENHANCEMENT_SLUG) },
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
