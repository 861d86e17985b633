import { z } from 'zod';
import type { CostSummary } from '../checkout/cost-summary.ts';
import type { OrderStatus } from '../orders/status.ts';

/**
 * The statuses of an order whose application went to the authorities, with their fees: once an
 * order has been in one of them, the government and third-party fees are spent.
 */
export const FEES_PAID_OUT_STATUSES: readonly OrderStatus[] = ['Submitted', 'Approved', 'Rejected', 'Completed'];

/** The refund page's note under the split: why the fees are kept, or why they are not. */
export const REFUND_SPLIT_TEXT = {
  paidOut:
    "Government and third-party fees paid on the customer's behalf cannot be recovered once paid to the authorities.",
  notPaidOut:
    'This order never went to the authorities (it was not submitted): its government and third-party fees were not paid out, and all of it is refundable.',
  noneCollected:
    'We collected no government or third-party fees with this order (it has none, or the customer pays them on the official portal): all of it is refundable.',
  refundablePart: 'Refundable (our fees and add-ons, after discounts)',
  refundableAll: 'Refundable (all of it, fees included)',
  refundableOurs: 'Refundable (all of it: our fees and add-ons, after discounts)',
  /**
   * Beside each fee the policy keeps. The split keeps fees only once the order was submitted, so
   * this says it as done: the customer's lines said "not refundable once submitted" (FEE_REFUND_MARK).
   */
  keptFee: 'not refundable: order submitted',
  /** Under the note when the fees are kept: what they went to, as the desk recorded it. */
  feesPaidAtCentre: (day: string, reference: string, by: string) =>
    `Our team paid them at the centre on ${day}: reference ${reference}, recorded by ${by}.`,
  /** The same, for an order submitted before the desk recorded that payment (or never recorded). */
  noFeesRecord:
    'The desk holds no record of paying them at the centre for this order (orders submitted before that record existed have none): check with the team before keeping them.',
  keptTotal: 'Not refundable in all',
} as const;

/** Whether an order's history (its statuses so far) shows its fees paid to the authorities. */
export const feesPaidOut = (statuses: readonly string[]) =>
  statuses.some((status) => (FEES_PAID_OUT_STATUSES as readonly string[]).includes(status));

/**
 * What of an order's payment the refund policy gives back (issue 28 §3, the Terms' "Cancellations
 * and refunds"): government and third-party fees paid on the customer's behalf are marked
 * `refundable: false` on the cost summary the order was charged, and cannot be recovered once paid
 * to the authorities; the rest (our fees and add-ons after discounts) is refundable. An order that
 * never went to the authorities (cancelled before it was submitted) paid them nothing: all of it is
 * refundable. Staff start from the refundable part; the server still checks any amount against
 * what is left.
 */
export const refundSplitSchema = z.object({
  /** Whether the order went to the authorities (FEES_PAID_OUT_STATUSES): its fees are spent. */
  feesPaidOut: z.boolean(),
  /**
   * Whether the order's payment carried any government or third-party fee at all: an e-Visa's are
   * paid by the customer on the official portal, so there is nothing for the policy to keep.
   */
  feesCollected: z.boolean(),
  /** The non-refundable lines as charged ('Government fee', 'ICWF' …), for staff to read. */
  nonRefundableLines: z.array(z.object({ label: z.string(), amountCents: z.number() })),
  nonRefundableCents: z.number(),
  /** The paid total less the non-refundable fees (discounts come off our fees only). */
  refundableCents: z.number(),
  /** The policy's amount: the refundable part less what was refunded already, within what is left. */
  defaultCents: z.number(),
});
export type RefundSplit = z.infer<typeof refundSplitSchema>;

export function refundSplit(
  summary: Pick<CostSummary, 'lines' | 'totalCents'>,
  payment: { refundedCents: number; remainingCents: number } | null,
  paidOut: boolean,
): RefundSplit {
  const fees = summary.lines.filter((l) => l.kind === 'charge' && l.refundable === false && l.amountCents > 0);
  const nonRefundable = paidOut ? fees : [];
  const nonRefundableCents = nonRefundable.reduce((sum, l) => sum + l.amountCents, 0);
  const refundableCents = Math.max(0, summary.totalCents - nonRefundableCents);
  const left = payment ? payment.remainingCents : 0;
  const owed = refundableCents - (payment?.refundedCents ?? 0);
  return {
    feesPaidOut: paidOut,
    feesCollected: fees.length > 0,
    nonRefundableLines: nonRefundable.map((l) => ({ label: l.label, amountCents: l.amountCents })),
    nonRefundableCents,
    refundableCents,
    defaultCents: Math.max(0, Math.min(owed, left)),
  };
}

/** How the refund page words a split: whether it keeps fees, the refundable line's label and the note under it. */
export function refundSplitWords(split: Pick<RefundSplit, 'feesPaidOut' | 'feesCollected'>) {
  if (!split.feesCollected)
    return { keepsFees: false, refundable: REFUND_SPLIT_TEXT.refundableOurs, note: REFUND_SPLIT_TEXT.noneCollected };
  if (!split.feesPaidOut)
    return { keepsFees: false, refundable: REFUND_SPLIT_TEXT.refundableAll, note: REFUND_SPLIT_TEXT.notPaidOut };
  return { keepsFees: true, refundable: REFUND_SPLIT_TEXT.refundablePart, note: REFUND_SPLIT_TEXT.paidOut };
}
