import { z } from 'zod';
import { DEFAULT_CONTACT } from '../config/site.ts';

/** SPEC.md §9 "Minimum amount for premium support: 100", in the order's own currency (cents). */
export const PREMIUM_SUPPORT_MINIMUM_CENTS = 100_00;

/** An order whose total reaches the minimum gets premium support. */
export function hasPremiumSupport(totalCents: number): boolean {
  return totalCents >= PREMIUM_SUPPORT_MINIMUM_CENTS;
}

/**
 * Who premium orders reach when the deployment names no one (PREMIUM_SUPPORT_* in
 * src/server/env.ts): the general support address and toll-free number, as a team.
 */
export const PREMIUM_SUPPORT_CONTACT = {
  name: 'Our support team',
  role: 'Premium support',
  email: DEFAULT_CONTACT.supportEmail,
  phone: DEFAULT_CONTACT.tollFreeNumber,
} as const;

export const premiumSupportSchema = z.object({
  name: z.string(),
  role: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type PremiumSupport = z.infer<typeof premiumSupportSchema>;

/**
 * What an order's pages and e-mails show: the contact when its total reaches the minimum, else
 * null. The server passes the deployment's contact (Env.premiumSupport).
 */
export function premiumSupportFor(
  totalCents: number,
  contact: PremiumSupport = PREMIUM_SUPPORT_CONTACT,
): PremiumSupport | null {
  return hasPremiumSupport(totalCents) ? { ...contact } : null;
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
