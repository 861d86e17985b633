import { z } from 'zod';

/** SPEC.md §9 "Minimum amount for premium support: 100", in the order's own currency (cents). */
export const PREMIUM_SUPPORT_MINIMUM_CENTS = 100_00;

/** An order whose total reaches the minimum gets premium support. */
export function hasPremiumSupport(totalCents: number): boolean {
  return totalCents >= PREMIUM_SUPPORT_MINIMUM_CENTS;
}

/**
 * The named contact and priority line of premium orders. The spec names none and the company
 * settings hold only the general toll-free number and support address, so the contact is one
 * constant here (fictional 555-01xx number, .example address like the rest of the seed).
 */
export const PREMIUM_SUPPORT_CONTACT = {
  name: 'Meera Iyer',
  role: 'Premium support lead',
  email: 'premium@sevadocs.example',
  phone: '1-800-555-0142',
} as const;

export const premiumSupportSchema = z.object({
  name: z.string(),
  role: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type PremiumSupport = z.infer<typeof premiumSupportSchema>;

/** What an order's pages and e-mails show: the contact when its total reaches the minimum, else null. */
export function premiumSupportFor(totalCents: number): PremiumSupport | null {
  return hasPremiumSupport(totalCents) ? { ...PREMIUM_SUPPORT_CONTACT } : null;
}

export const PREMIUM_SUPPORT_TEXT = {
  title: 'Premium support',
  lead: 'Your order has premium support.',
  /** The priority line, worded once for the pages and the e-mails. */
  priority: (phone: string) => `Call our priority line ${phone} and you skip the queue.`,
  contact: (c: PremiumSupport) => `${c.name}, ${c.role}: ${c.email}, ${c.phone}`,
} as const;

/** The lines premium support adds to an order's e-mails (none without it). */
export function premiumSupportMailDetails(support: PremiumSupport | null): [string, string][] {
  if (!support) return [];
  return [
    ['Premium support', PREMIUM_SUPPORT_TEXT.priority(support.phone)],
    ['Your contact', PREMIUM_SUPPORT_TEXT.contact(support)],
  ];
}
