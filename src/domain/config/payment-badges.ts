/** SPEC.md §1 and §3 payment and trust badges, as data (the footer and the home page show them). */

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
