import { ADDON_DETAILS } from '../checkout/addons.ts';
import { addOnLineId, type CostSummary } from '../checkout/cost-summary.ts';
import { processingDays, type SlaPromise } from './orders.ts';

/**
 * The Expedite add-on as staff work it (issue 28 §3): an order whose paid lines include it is
 * flagged in the queue and on the desk, and its SLA runs against the add-on's own promise instead
 * of the authorities' processing time (a paid Expedite order used to read "69 d left").
 */

/** The cost summary line an Expedite add-on is charged on ('expedite'). */
export const EXPEDITE_LINE_ID = addOnLineId('Expedite');

/**
 * What the customer is promised when they buy Expedite, in the add-on's own words at checkout
 * (ADDON_DETAILS.Expedite.subText: "…within one business day of your last document").
 */
export const EXPEDITE_PROMISE_TEXT = '1 business day';

/**
 * The promised calendar days, by the SLA's one rule for business days (×7/5, rounded up: 2), so a
 * Friday payment is not overdue on Saturday.
 */
export const EXPEDITE_PROMISE_DAYS = processingDays(EXPEDITE_PROMISE_TEXT) ?? 2;

/**
 * The SLA promise of an expedited order: from the customer's last document, as the add-on says (a
 * paid order still missing a document waits for the customer, not for our team).
 */
export const EXPEDITE_PROMISE = {
  days: EXPEDITE_PROMISE_DAYS,
  basis: `Expedite add-on: ${ADDON_DETAILS.Expedite.subText} (${EXPEDITE_PROMISE_DAYS} days)`,
  from: 'last-document',
} as const satisfies SlaPromise;

/** Whether the order was charged for Expedite: a charge line of the add-on with money on it. */
export function hasExpedite(summary: Pick<CostSummary, 'lines'> | null | undefined): boolean {
  return Boolean(summary?.lines.some((l) => l.id === EXPEDITE_LINE_ID && l.kind === 'charge' && l.amountCents > 0));
}
