import { COMPANY_CLAIMS } from '../../../domain/config/site.ts';

/** One headline figure of the company (SPEC.md §1 claims). */
export interface Claim {
  id: string;
  value: string;
  label: string;
}

/** The SPEC.md §1 company claims as the home page shows them. */
export function companyClaims(claims: typeof COMPANY_CLAIMS = COMPANY_CLAIMS): Claim[] {
  return [
    { id: 'applications', value: claims.applicationsHandled, label: 'applications handled' },
    { id: 'approval', value: claims.approvalRate, label: 'approval rate' },
    { id: 'rating', value: claims.rating, label: 'star rating on review platforms' },
    { id: 'on-time', value: claims.onTimeDelivery, label: 'on-time delivery' },
    { id: 'experience', value: `${claims.yearsExperience} years`, label: 'of consular experience' },
    { id: 'community', value: claims.communityMembers, label: 'members in our private community group' },
  ];
}

export interface Step {
  title: string;
  body: string;
}

/** How an application works, in order. */
export const HOW_IT_WORKS: readonly Step[] = [
  {
    title: 'Pick your service',
    body: 'Choose OCI, passport renewal, renunciation, visa or photo help, then tell us where you apply from.',
  },
  {
    title: 'See the full price',
    body: 'The government fee, mandatory third-party fees and our service fee are listed separately before you commit.',
  },
  {
    title: 'Fill one guided application per family member',
    body: 'Plain-language questions replace the government form, with help text at every step and your progress saved.',
  },
  {
    title: 'Upload documents and photos',
    body: 'Snap or upload your papers. We resize photos and signatures to the portal rules and flag anything missing.',
  },
  {
    title: 'Pay by card or UPI',
    body: 'Pay securely with Visa, Mastercard, American Express, Apple Pay, Google Pay or UPI.',
  },
  {
    title: 'Track it to the finish',
    body: 'Follow every status change in your dashboard, with e-mail and on-site notifications as your file moves.',
  },
];
