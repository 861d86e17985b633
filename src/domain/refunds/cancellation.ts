/**
 * A paid order staff cancel is owed its money back: the cancellation opens a refund request for
 * what is left of the payment (decision 0150), which the refunds desk decides like any other.
 */
export const CANCELLATION_REFUND = {
  /** The request's reason, as the refunds desk and the customer's data export show it. */
  reason: (remark: string | null) => (remark ? `We cancelled this order: ${remark}` : 'We cancelled this order.'),
  /** The order desk's note beside a status change to Cancelled of a paid order. */
  deskNote:
    'This order is paid: cancelling it opens a refund request for what is left of its payment, for the refunds desk to decide.',
} as const;
