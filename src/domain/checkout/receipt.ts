import { formatFeeDate } from '../catalog/fee-schedule.ts';
import { ROUTES } from '../config/routes.ts';
import type { StatusChange } from '../orders/status.ts';
import { type CostLine, FEE_REFUND_MARK, FORMER_PRICE_LINE, PORTAL_FEES_LINE } from './cost-summary.ts';

/**
 * The paid lines as the receipt e-mail lists them (payments' service) and the customer's order
 * pages show them once paid (issue 28): one rule for both, so the page and the e-mail agree.
 */

/** An explaining line a paid order still lists: the package's former price, what the portal takes. */
const isPaidNote = (line: Pick<CostLine, 'id' | 'kind' | 'subValue'>) =>
  line.kind === 'summary' && ((line.id === FORMER_PRICE_LINE && line.subValue) || line.id === PORTAL_FEES_LINE);

/**
 * A cost summary line as the receipt lists it: '$20.00 ($10.00 × 2)', '-$10.00 (FIRST10)', and the
 * fees a refund keeps once the order is submitted marked so (FEE_REFUND_MARK).
 */
export function receiptLine(
  line: Pick<CostLine, 'id' | 'label' | 'value' | 'subValue' | 'refundable'>,
): [string, string] {
  const sub = line.subValue ? (line.id === FORMER_PRICE_LINE ? `was ${line.subValue}` : line.subValue) : null;
  const notes = [sub, line.refundable === false ? FEE_REFUND_MARK.note : null].filter(Boolean);
  return [line.label, notes.length > 0 ? `${line.value} (${notes.join(', ')})` : line.value];
}

/**
 * When a payment was taken, as the receipt says it: '6 December 2026, 01:12 UTC'. The server knows
 * no customer's time zone, and a bare UTC day read a payment made on a US evening as the next day's.
 */
export function receiptTime(at: Date): string {
  const iso = at.toISOString();
  return `${formatFeeDate(iso.slice(0, 10))}, ${iso.slice(11, 16)} UTC`;
}

type Line = Pick<CostLine, 'id' | 'label' | 'value' | 'subValue' | 'refundable' | 'kind' | 'amountCents'>;

export interface PaidLines {
  /** The charges and discounts, as the receipt words them: they add up to `totalCents`. */
  lines: { id: string; label: string; value: string; amountCents: number }[];
  /**
   * The package's former price per member ("was …"), when it had one, and the fees paid on the
   * official portal: they explain, they are not added.
   */
  notes: { id: string; label: string; value: string }[];
  totalCents: number;
}

/** What the order page lists once paid: the receipt's lines that add up to the total, then the notes. */
export function paidLines(summary: { lines: readonly Line[]; totalCents: number }): PaidLines {
  const lines = summary.lines
    .filter((line) => line.kind !== 'summary')
    .map((line) => {
      const [label, value] = receiptLine(line);
      return { id: line.id, label, value, amountCents: line.amountCents };
    });
  const notes = summary.lines.filter(isPaidNote).map((line) => {
    const [label, value] = receiptLine(line);
    return { id: line.id, label, value };
  });
  return { lines, notes, totalCents: summary.totalCents };
}

/** The order left Payment pending by a payment (not a cancellation): it has been paid. */
export function wasPaid(timeline: readonly Pick<StatusChange, 'fromStatus' | 'status'>[]): boolean {
  return timeline.some((change) => change.fromStatus === 'Payment pending' && change.status !== 'Cancelled');
}

export const PAID_LINES_TEXT = {
  title: 'What you paid',
  total: 'Total paid',
  // Each charge in the receipt's words; the e-mail also lists the summary's explaining lines (members, actual cost).
  receiptNote: 'Each charge as your receipt e-mail words it.',
  /** Once some of it went back: the refunds made, and what the payment now comes to. */
  refunded: 'Refunded to you',
  net: 'Paid, less refunds',
  askRefund: 'Request a refund',
  /** An order cancelled before it was paid: in place of the paid lines. */
  notCharged: 'Nothing was charged: this order was cancelled before it was paid.',
  /** The same, when a payment reached it anyway (a stray charge, listed below it with its refund). */
  cancelledUnpaid: 'This order was cancelled before it was paid.',
} as const;

/**
 * Whether a paid order's page offers the refund request: not once it is refunded, nor cancelled
 * (cancelling a paid order opens its refund request by itself).
 */
export const refundAskable = (status: string) => status !== 'Refunded' && status !== 'Cancelled';

/** The refund request form, filled with the order's id (the signed-in customer's e-mail comes with it). */
export const refundRequestHref = (displayId: string) =>
  `${ROUTES.REFUND_REQUEST}?${new URLSearchParams({ orderId: displayId })}`;
