import { z } from 'zod';
import type { CostSummary } from '../checkout/cost-summary.ts';

/**
 * What of an order's payment the refund policy gives back (issue 28 §3, the Terms' "Cancellations
 * and refunds"): government and third-party fees paid on the customer's behalf are marked
 * `refundable: false` on the cost summary the order was charged, and cannot be recovered once paid
 * to the authorities; the rest (our fees and add-ons after discounts) is refundable. Staff start
 * from the refundable part; the server still checks any amount against what is left.
 */
export const refundSplitSchema = z.object({
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
): RefundSplit {
  const nonRefundable = summary.lines.filter((l) => l.kind === 'charge' && l.refundable === false && l.amountCents > 0);
  const nonRefundableCents = nonRefundable.reduce((sum, l) => sum + l.amountCents, 0);
  const refundableCents = Math.max(0, summary.totalCents - nonRefundableCents);
  const left = payment ? payment.remainingCents : 0;
  const owed = refundableCents - (payment?.refundedCents ?? 0);
  return {
    nonRefundableLines: nonRefundable.map((l) => ({ label: l.label, amountCents: l.amountCents })),
    nonRefundableCents,
    refundableCents,
    defaultCents: Math.max(0, Math.min(owed, left)),
  };
}
