import { PLATFORMS } from './platform.ts';

/**
 * Company facts shown across the site. The server may override the contact values from the
 * environment (see src/server/env.ts); these are the defaults the spec and design fix.
 */
export const BRANDS = { docs: 'SEVADOCS', photos: 'SEVAPHOTOS', referral: 'REFERRAL' } as const;
export type Brand = (typeof BRANDS)[keyof typeof BRANDS];

/** The brand a customer signed up under, by the platform of the page they signed up on. */
export const brandNameOf = (
  platform: string | null | undefined,
  contact: Pick<SiteContact, 'companyName' | 'photoBrandName'> = DEFAULT_CONTACT,
) => (platform === PLATFORMS.photos ? contact.photoBrandName : contact.companyName);

export interface SiteContact {
  companyName: string;
  photoBrandName: string;
  tollFreeNumber: string;
  supportEmail: string;
  whatsappNumber: string;
  blogUrl: string;
}

export const DEFAULT_CONTACT: SiteContact = {
  companyName: 'SevaDocs',
  photoBrandName: 'SevaPhotos',
  tollFreeNumber: '1-800-555-0199',
  supportEmail: 'support@sevadocs.example',
  whatsappNumber: '18005550199',
  blogUrl: 'https://blog.sevadocs.example',
};

/** SPEC.md §1: the company's own claims. */
export const COMPANY_CLAIMS = {
  foundedYear: 2020,
  applicationsHandled: '15,000+',
  approvalRate: '98%',
  rating: '4.9',
  yearsExperience: 5,
  onTimeDelivery: '100%',
  communityMembers: '16.6k',
} as const;

export interface SocialLink {
  id: string;
  name: string;
  url: string;
}

/** SPEC.md §2 footer: social links, in the order listed there. */
export const SOCIAL_LINKS: readonly SocialLink[] = [
  { id: 'facebook', name: 'Facebook', url: 'https://www.facebook.com/sevadocs' },
  { id: 'facebook-group', name: 'Facebook group', url: 'https://www.facebook.com/groups/sevadocs' },
  { id: 'email', name: 'E-mail', url: `mailto:${DEFAULT_CONTACT.supportEmail}` },
  { id: 'whatsapp', name: 'WhatsApp', url: `https://wa.me/${DEFAULT_CONTACT.whatsappNumber}` },
  { id: 'linkedin', name: 'LinkedIn', url: 'https://www.linkedin.com/company/sevadocs' },
  { id: 'instagram', name: 'Instagram', url: 'https://www.instagram.com/sevadocs' },
  { id: 'youtube', name: 'YouTube', url: 'https://www.youtube.com/@sevadocs' },
  { id: 'pinterest', name: 'Pinterest', url: 'https://www.pinterest.com/sevadocs' },
  { id: 'tiktok', name: 'TikTok', url: 'https://www.tiktok.com/@sevadocs' },
  { id: 'x', name: 'X', url: 'https://x.com/sevadocs' },
  { id: 'reddit', name: 'Reddit', url: 'https://www.reddit.com/r/sevadocs' },
];
