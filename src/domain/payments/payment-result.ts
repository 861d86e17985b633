import { INITIAL_ORDER_STATUS } from '../orders/status.ts';
import type { Payment, PaymentClosedReason } from './payment.ts';

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

/** How often the page asks while a charge it shows as going back is still being refunded. */
export const REFUND_POLL_MS = 5_000;

/** How long after opening the page it keeps asking about a pending refund (then only on focus). */
export const REFUND_POLL_FOR_MS = 5 * 60_000;

/** A payment link closed with nothing taken, said by why, never as declined (SPEC.md §4 FAILED). */
export const CLOSED_TEXT = {
  title: {
    'order-changed': 'Payment link closed',
    cancelled: 'Payment link closed',
    expired: 'Payment link expired',
  },
  lead: {
    'order-changed':
      'This payment link closed because your order changed. Nothing was charged on it. Check the new total, then pay.',
    cancelled:
      'This payment link closed because your order was cancelled. Nothing was charged on it, and nothing more can be paid.',
    expired: 'This payment link expired before it was paid. Nothing was charged on it. Check the total, then pay.',
  },
  /** To the checkout, which shows the order's total now: a new link may charge another amount. */
  checkTotal: 'Check the total and pay',
} as const;

/**
 * The closed link's reason to tell, or null when the generic not-taken words fit: "check the new
 * total, then pay" holds only while the order still waits for a payment (one paid in another tab
 * since says what it is now instead).
 */
export function closedLinkReason(payment: Pick<Payment, 'closedBecause' | 'orderStatus'>): PaymentClosedReason | null {
  if (payment.closedBecause === 'cancelled' || payment.orderStatus === INITIAL_ORDER_STATUS) {
    return payment.closedBecause;
  }
  return null;
}
