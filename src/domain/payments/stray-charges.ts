import { STRAY_CHARGE_REASONS, type StrayCharge } from './payment.ts';

/**
 * The order page's words for its stray charges (payments it could not take, refunded in full
 * automatically), in the words of the stray refund's e-mail and the payment result page: a parent
 * who saw the money leave their account finds it on the order, with where its refund stands.
 */
export const STRAY_CHARGES_TEXT = {
  title: 'Payments your order could not take',
  // "Goes back", not "we refund": a charge the provider gave back itself is listed too.
  lead: 'Each reached us when your order could no longer take it, so all of it goes back to the card or account it was paid with. Your bank may take a few days to show a refund.',
  /** Who took it and when: "Card (Stripe), received Mar 3, 2026". */
  received: (provider: string, date: string) => `${provider}, received ${date}`,
  pending: 'Refund pending',
  refunded: (date: string) => `Refunded on ${date}`,
  /** Reason `refunded`: given back at the provider before it reached the order; we refunded nothing. */
  atProvider: 'Refunded at the payment provider',
  failed: 'Refund failed',
  /** The provider refused the refund: a person sees to it (the refunds desk lists it). */
  byHand:
    'Our payment provider could not send it back by itself, so our team is doing it by hand and will write to you when it is done.',
} as const;

/** Where the charge's refund stands, in a few words; `date` formats an ISO date for the reader. */
export function strayChargeState(
  charge: Pick<StrayCharge, 'reason' | 'refund' | 'refundedAt'>,
  date: (iso: string) => string,
): string {
  if (charge.reason === 'refunded') return STRAY_CHARGES_TEXT.atProvider;
  if (charge.refund === 'failed') return STRAY_CHARGES_TEXT.failed;
  if (charge.refund === 'succeeded' && charge.refundedAt) return STRAY_CHARGES_TEXT.refunded(date(charge.refundedAt));
  return STRAY_CHARGES_TEXT.pending;
}

/**
 * Why the order could not take it, as a sentence ("The payment arrived after your order
 * changed."); null when the state already says it (given back at the provider) or no reason was
 * kept (charges from before reasons were).
 */
export function strayChargeWhy(charge: Pick<StrayCharge, 'reason'>): string | null {
  if (charge.reason === null || charge.reason === 'refunded') return null;
  const because = STRAY_CHARGE_REASONS[charge.reason];
  return `${because.charAt(0).toUpperCase()}${because.slice(1)}.`;
}
