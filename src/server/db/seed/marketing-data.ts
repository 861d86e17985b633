/**
 * Marketing content seeded on first start: the offers strip, the home popup banner and the
 * partner services (SPEC.md §2 home page, §3 Offer and Banner). Images live under
 * /public/media (MEDIA_BASE_PATH).
 */

export interface SeedOffer {
  title: string;
  description: string;
  isActive: boolean;
}

export const OFFERS: readonly SeedOffer[] = [
  {
    title: 'FIRST10: 10% off your first application',
    description:
      'Enter FIRST10 at checkout for 10% off our fees (the service fee and any add-ons), once per customer. Government fees are not discounted.',
    isActive: true,
  },
  {
    title: 'e-Tourist visa help for $12',
    description:
      'Our fee for the 30-day e-Tourist visa is $12 per traveller, down from $24. You pay the government fee on the official portal.',
    isActive: true,
  },
  {
    title: 'Give $5, get $5',
    description:
      'Friends who sign up through your link save $5; you get a $5 gift card for each completed application.',
    isActive: true,
  },
  {
    title: 'Free photo check',
    description: 'Every OCI and passport application includes a specialist check of your photo and signature.',
    isActive: true,
  },
  {
    title: 'New passport fees since 1 July 2026',
    description: 'We show the new government fee, ICWF and VFS charges apart from ours, before you pay.',
    isActive: true,
  },
  {
    title: 'Diwali family offer',
    description: 'Ended: 10% off our fee for families of four or more.',
    isActive: false,
  },
];

export interface SeedBanner {
  bannerImage: string;
  altText: string;
  link: string | null;
  buttonText: string | null;
}

export const BANNERS: readonly SeedBanner[] = [
  {
    bannerImage: 'banners/oci-family-season.svg',
    altText:
      'Visiting India this winter? Get your whole family’s OCI cards ready: new, minor and re-issue applications checked by a specialist, every fee shown up front.',
    link: '/oci-card',
    buttonText: 'Start your OCI application',
  },
];

export interface SeedPartner {
  name: string;
  description: string;
  logo: string | null;
  link: string | null;
}

export const PARTNER_SERVICES: readonly SeedPartner[] = [
  {
    name: 'NotaryNow',
    description:
      'Remote online notarisation in all 50 states, 7 days a week — for affidavits, parental authorisation forms and powers of attorney.',
    logo: 'partners/notarynow.svg',
    link: 'https://notarynow.example',
  },
  {
    name: 'LinguaCert Translations',
    description:
      'Certified translations of Indian birth, marriage and school certificates into English or French, accepted by USCIS and IRCC.',
    logo: 'partners/linguacert.svg',
    link: 'https://linguacert.example',
  },
  {
    name: 'SafeYatra Travel Insurance',
    description:
      'Visitor and trip insurance for India travel, including cover for parents visiting you in the USA or Canada.',
    logo: 'partners/safeyatra.svg',
    link: 'https://safeyatra.example',
  },
  {
    name: 'SwiftShip Document Courier',
    description:
      'Tracked, prepaid document shipping to and from VFS Global and BLS International centres, with signature on delivery.',
    logo: 'partners/swiftship.svg',
    link: 'https://swiftship.example',
  },
];
