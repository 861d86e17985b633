import type { Payment } from './payment.ts';

/**
 * The payment result page's reading of the latest attempt (issue 28, decision 0088). Back from a
 * provider without paying, the attempt stays open (PENDING) or there is none: after
 * NOT_PAID_AFTER_MS on the page with nothing COMPLETED or FAILED, it says "Not paid yet" with the
 * way back to checkout and to the order, instead of "Confirming your payment…" for ever. It keeps
 * asking meanwhile, so a confirmation that lands later still turns it into "Payment received".
 */

/** How long the page waits for a confirmation before it says the order is not paid yet. */
export const NOT_PAID_AFTER_MS = 10_000;

/** How often the page still asks once it says "Not paid yet" (a late webhook still shows). */
export const NOT_PAID_POLL_MS = 5_000;

export const NOT_PAID_TEXT = {
  title: 'Not paid yet',
  lead: 'We have not received a payment for this order. If you have just paid, this page updates by itself as soon as the payment provider confirms it.',
  leadNoAttempt: 'No payment has been started for this order yet.',
  payNow: 'Pay now',
  backToOrder: 'Back to your order',
} as const;

export type PaymentResultView = 'loading' | 'confirming' | 'completed' | 'failed' | 'not-paid';

/**
 * What the page shows for the latest attempt (`undefined` while it loads, `null` when there is
 * none) after `waitedMs` on the page: a final state as it is; no attempt at all is not paid at
 * once; an open attempt is "confirming" until NOT_PAID_AFTER_MS, then "not paid yet".
 */
export function paymentResultView(
  payment: Pick<Payment, 'state'> | null | undefined,
  waitedMs: number,
): PaymentResultView {
  if (payment === undefined) return 'loading';
  if (payment === null) return 'not-paid';
  if (payment.state === 'COMPLETED') return 'completed';
  if (payment.state === 'FAILED') return 'failed';
  return waitedMs >= NOT_PAID_AFTER_MS ? 'not-paid' : 'confirming';
}
