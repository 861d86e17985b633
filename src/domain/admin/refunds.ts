import { z } from 'zod';
import { feesPaidRecordSchema } from '../applications/fees-paid.ts';
import { CURRENCIES, type Currency, formatMoney } from '../catalog/money.ts';
import { idempotencyKeySchema } from '../orders/idempotency-key.ts';
import { LEDGER_PROVIDERS } from '../payments/payment.ts';
import { REFUND_REQUEST_STATUSES } from '../refunds/order-refunds.ts';
import { amountField } from '../refunds/schema.ts';
import { adminListQuery } from './list-query.ts';
import { refundSplitSchema } from './refund-split.ts';

/**
 * The back office's refund requests (issue 13 item 7, decision 0069): staff list them, approve a
 * full or partial refund through the order's payment provider, or reject them with a reason. The
 * schemas are shared by the API and the pages.
 */

/**
 * Who opened the request: the customer's form, our cancellation of a paid order (decision 0150), or
 * staff on the order desk for the customer (decision 0187).
 */
export const REFUND_ORIGINS = ['customer', 'cancellation', 'staff'] as const;
export type RefundOrigin = (typeof REFUND_ORIGINS)[number];
/** Who opened a request, as the order desk names it beside the request's reference. */
export const REFUND_ORIGIN_WORDS: Record<RefundOrigin, string> = {
  customer: 'asked for by the customer',
  cancellation: 'opened by our cancellation',
  staff: 'started on the desk',
};

export const adminRefundSchema = z.object({
  id: z.number(),
  reference: z.string(),
  orderId: z.number(),
  /** 'DOC-000123'. */
  orderDisplayId: z.string(),
  email: z.string(),
  /** Why it was asked: the customer's words, or staff's for a refund started on the desk. */
  reason: z.string(),
  origin: z.enum(REFUND_ORIGINS),
  /** What the customer asked for (a desk refund: what staff refunded). */
  amountCents: z.number(),
  currency: z.enum(CURRENCIES),
  status: z.enum(REFUND_REQUEST_STATUSES),
  createdAt: z.string(),
  /** The amount approved (and refunded once the status is Refunded), or null. */
  approvedCents: z.number().nullable(),
  /** Why less than asked was approved, as the customer is told (decision 0187); null for a full approval. */
  partialReason: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;

/**
 * A stray charge the payments module gave back by itself (issue 28): no request, no decision, listed
 * beside the requests so the refunds section shows every refund.
 */
export const automaticRefundSchema = z.object({
  orderId: z.number(),
  orderDisplayId: z.string(),
  /** The stray charge's payment attempt: what staff retry or record a refund made by hand for. */
  attemptId: z.number(),
  attempt: z.number(),
  provider: z.enum(LEDGER_PROVIDERS),
  amountCents: z.number(),
  currency: z.enum(CURRENCIES),
  status: z.enum(['pending', 'succeeded', 'failed']),
  createdAt: z.string(),
});
export type AutomaticRefund = z.infer<typeof automaticRefundSchema>;

/** What the order's payment allows back (order currency), or null when nothing was paid through us. */
export const refundableSchema = z
  .object({
    provider: z.string(),
    paidCents: z.number(),
    refundedCents: z.number(),
    remainingCents: z.number(),
    currency: z.enum(CURRENCIES),
  })
  .nullable();

export const adminRefundDetailSchema = z.object({
  request: adminRefundSchema,
  order: z.object({ displayId: z.string(), title: z.string(), status: z.string(), totalCents: z.number() }).nullable(),
  refundable: refundableSchema,
  /**
   * The refund policy's split of what was paid (issue 28 §3): the non-refundable fees as charged,
   * the refundable part, and the amount staff start from. Null when the order is gone.
   */
  split: refundSplitSchema.nullable(),
  /**
   * The fees our team paid at the centre for the order, as the desk recorded them (reference, when,
   * by whom): what the policy's kept fees went to. Null for an order without that record.
   */
  feesPaid: feesPaidRecordSchema.nullable(),
});
export type AdminRefundDetail = z.infer<typeof adminRefundDetailSchema>;

/** GET /admin/refunds: newest first by default; `q` matches the reference or the e-mail; `status=open` the undecided. */
export const adminRefundListQuery = adminListQuery(['createdAt', 'amountCents', 'status'] as const).extend({
  status: z
    .enum(['open', ...REFUND_REQUEST_STATUSES])
    .optional()
    .catch(undefined),
});
export type AdminRefundListQuery = z.infer<typeof adminRefundListQuery>;

/** Largest refund one decision may give: $100,000, as the customer's form. */
const MAX_REFUND_CENTS = 10_000_000;
export const PARTIAL_REASON_MIN_LENGTH = 5;
export const PARTIAL_REASON_MAX_LENGTH = 500;

export const ADMIN_REFUND_MESSAGES = {
  notFound: 'Refund request not found',
  amountInvalid: 'Enter the amount to refund in cents, a whole number above 0',
  decided: (status: string) => `This refund request was already decided (${status}).`,
  notPaid: 'This order has no payment through us to refund. Refund it by hand with the payment provider.',
  overRemaining: (remaining: { amountCents: number; currency: Currency }) =>
    `The refund cannot be more than what is left to refund: ${formatMoney(remaining)}.`,
  providerFailed: 'The payment provider did not make the refund. Nothing was refunded; try again or refund by hand.',
  providerUnclear:
    'The payment provider did not answer clearly, so the refund may have been made. It stays approved: retry it, and the provider makes it at most once.',
  inFlight:
    'This refund is being sent to the payment provider right now. Reload the page in a few minutes to see how it ended.',
  notRetryable: (status: string) =>
    `Only an approved refund whose payment provider call did not finish can be retried; this request is ${status}.`,
  refunded: (amount: { amountCents: number; currency: Currency }) => `Refunded ${formatMoney(amount)}.`,
  rejected: 'Refund request rejected. The customer has been e-mailed.',
  /** Recorded as refunded by hand at the provider: closed like a refund the provider confirmed. */
  recordedByHand: (amount: { amountCents: number; currency: Currency }) =>
    `Recorded: ${formatMoney(amount)} was refunded by hand at the payment provider. The customer has been e-mailed.`,
  notRecordable: (status: string) =>
    `Only an approved refund whose payment provider call did not finish can be recorded as made by hand; this request is ${status}.`,
  /** A refund made by hand the provider does not show as this one (decision 0171). */
  byHand: {
    madeAlready: (id: string) =>
      `The payment provider had already made this refund (${id} there), so nothing was recorded. Retry to close the request; if you also refunded by hand, reverse that refund in the provider's dashboard.`,
    notFound: (id: string) =>
      `The payment provider has no refund ${id} of this order's payment. Check the id in its dashboard.`,
    failed: (id: string) => `The payment provider says refund ${id} failed: no money went back.`,
    otherAmount: (id: string) => `Refund ${id} at the payment provider is for another amount than the one approved.`,
    recordedAlready: (id: string) => `Refund ${id} is already recorded for another refund.`,
    lookupFailed:
      'The payment provider did not answer when we looked the refund up, so nothing was recorded. Try again in a minute.',
  },
  /** An automatic refund of a stray charge that is not made (refused, or its job gave up): staff's actions. */
  automatic: {
    notFound: 'No automatic refund of that charge',
    refundedAlready: 'This charge is refunded already: there is nothing to send again.',
    retried: 'The refund is being sent to the payment provider again. The customer is e-mailed once it is made.',
    recordedByHand: (amount: { amountCents: number; currency: Currency }) =>
      `Recorded: ${formatMoney(amount)} was refunded by hand at the payment provider. The customer is e-mailed.`,
  },
  providerRefundIdRequired: "Enter the refund's id from the payment provider's dashboard",
  providerRefundIdInvalid: "A refund's id is up to 100 letters, digits and the signs _ - . :",
  /** An approval of less than was asked says why, in words the customer reads (decision 0187). */
  partialReasonRequired: 'Say why less than the amount asked for is refunded',
  partialReasonTooShort: `The reason for refunding less should be at least ${PARTIAL_REASON_MIN_LENGTH} characters`,
  partialReasonTooLong: `The reason for refunding less should not exceed ${PARTIAL_REASON_MAX_LENGTH} characters`,
  /** Sent with the whole amount asked: a reason is kept only where it explains a shortfall. */
  partialReasonNotPartial:
    'A reason is given only for refunding less than was asked: leave it out for the full amount.',
  reasonRequired: 'Tell the customer why the refund is rejected',
  reasonTooShort: 'The reason should be at least 10 characters',
  reasonTooLong: 'The reason should not exceed 2000 characters',
} as const;

const refundCentsSchema = z
  .number({ error: ADMIN_REFUND_MESSAGES.amountInvalid })
  .int(ADMIN_REFUND_MESSAGES.amountInvalid)
  .min(1, ADMIN_REFUND_MESSAGES.amountInvalid)
  .max(MAX_REFUND_CENTS, ADMIN_REFUND_MESSAGES.amountInvalid);

/** Why less than asked is refunded: trimmed, 5–500 characters. */
const partialReasonSchema = z
  .string({ error: ADMIN_REFUND_MESSAGES.partialReasonRequired })
  .trim()
  .min(1, ADMIN_REFUND_MESSAGES.partialReasonRequired)
  .min(PARTIAL_REASON_MIN_LENGTH, ADMIN_REFUND_MESSAGES.partialReasonTooShort)
  .max(PARTIAL_REASON_MAX_LENGTH, ADMIN_REFUND_MESSAGES.partialReasonTooLong);

/**
 * POST /admin/refunds/{id}/approve: the amount in cents (the order's currency) and, when it is less
 * than the request asked, why (`partialReason`). The schema cannot see the request, so whether a
 * reason is needed is `partialReasonRefusal`'s to say, on the server and in the form alike.
 */
export const approveRefundSchema = z.object({
  amountCents: refundCentsSchema,
  partialReason: partialReasonSchema.optional(),
});
export type ApproveRefund = z.infer<typeof approveRefundSchema>;

/**
 * Whether an approval of `amountCents` of a request for `askedCents` is refused for its reason: a
 * shortfall without one, or a reason sent with the whole amount (refused rather than stored, so a
 * stored reason always explains a shortfall the customer was told about). Null when it is right.
 */
export function partialReasonRefusal(askedCents: number, amountCents: number, reason: string | undefined) {
  if (amountCents < askedCents && reason === undefined) return ADMIN_REFUND_MESSAGES.partialReasonRequired;
  if (amountCents >= askedCents && reason !== undefined) return ADMIN_REFUND_MESSAGES.partialReasonNotPartial;
  return null;
}

/**
 * The approve form as staff type it ('79.00', and the reason for less than `askedCents`): its
 * output is the API's body. The reason is sent only with a shortfall, and required there.
 */
export const approveRefundFormSchema = (askedCents: number) =>
  z
    .object({ amount: amountField, partialReason: z.string().optional() })
    .transform(({ amount, partialReason }, ctx): ApproveRefund => {
      if (amount >= askedCents) return { amountCents: amount };
      const reason = partialReasonSchema.safeParse(partialReason ?? '');
      if (!reason.success) {
        ctx.addIssue({ code: 'custom', path: ['partialReason'], message: reason.error.issues[0]?.message ?? '' });
        return z.NEVER;
      }
      return { amountCents: amount, partialReason: reason.data };
    });

export const DESK_REFUND_MESSAGES = {
  reasonRequired: 'Say why the order is refunded: the customer reads it',
  reasonTooShort: `The reason should be at least ${PARTIAL_REASON_MIN_LENGTH} characters`,
  reasonTooLong: `The reason should not exceed ${PARTIAL_REASON_MAX_LENGTH} characters`,
  cancelled:
    'This order is cancelled: what is left of its payment goes back through its cancellation refund request on the refunds desk.',
  openRequest: (reference: string) =>
    `Refund request ${reference} for this order waits for a decision: decide it on the refunds desk instead.`,
  /** The same form sent again (a double click): its first sending is still being made, or did not end as refunded. */
  notFinished: (reference: string, status: string) =>
    `This refund was already started from this form as ${reference} (${status}): open it on the refunds desk to see how it ended.`,
  keyReused: 'This form was already sent with another amount or reason. Reload the page to start a new refund.',
  /**
   * The payment provider refused a refund started on the desk (a 502): nothing went back, and the
   * request the desk opened is In review on the refunds desk, named in the answer's `errors`.
   */
  providerFailed: (reference: string) =>
    `The payment provider did not make the refund, so nothing was refunded. Refund request ${reference} is open again on the refunds desk: decide it there.`,
  /**
   * The payment provider's answer to a refund started on the desk was unclear (a 502): the money may
   * have gone, so the request stays Approved, to be retried (same key) or recorded on the refunds desk.
   */
  providerUnclear: (reference: string) =>
    `The payment provider did not answer clearly, so the refund may have been made. Refund ${reference} stays approved: retry it on the refunds desk, and the provider makes it at most once.`,
  /**
   * A desk refund started while another refund of the order is approved but unfinished at the provider
   * (a 409): a second refund could give the same money back twice. It names who opened that one: a
   * customer's request approved on the refunds desk blocks the desk's refund as much as its own.
   */
  unfinished: (reference: string, origin: RefundOrigin) =>
    `Refund ${reference} of this order (${REFUND_ORIGIN_WORDS[origin]}) is approved, but the payment provider's answer is not recorded: retry it or record it on the refunds desk before starting another.`,
} as const;

/**
 * A refund request a desk refund's answer names (decision 0187, Later; 0191), whose page is
 * /admin/refunds/{id}: In review when the provider refused (staff decide it again), Approved when
 * its answer was unclear (staff retry it or record it as made by hand).
 */
export interface NamedRefund {
  id: number;
  reference: string;
  status: Extract<(typeof REFUND_REQUEST_STATUSES)[number], 'In review' | 'Approved'>;
}

/** The desk's link to a named request, saying what is left to do there. */
export const namedRefundLink = ({ reference, status }: NamedRefund) =>
  status === 'Approved'
    ? `Retry or record ${reference} on the refunds desk`
    : `Decide ${reference} on the refunds desk`;

/**
 * The `errors` of the 502 that answers a desk refund the provider refused or answered unclearly: the
 * request's reference, id and status (the envelope's errors are strings), so the desk can link to it.
 * `namedRefundOf` reads them back; null when the answer names no request.
 */
export function namedRefundDetails(request: NamedRefund): Record<string, string> {
  return { refundRequest: request.reference, refundRequestId: String(request.id), refundRequestStatus: request.status };
}

export function namedRefundOf(errors: Record<string, string> | undefined): NamedRefund | null {
  const reference = errors?.refundRequest;
  const id = Number(errors?.refundRequestId);
  const status = errors?.refundRequestStatus;
  if (!reference || !Number.isSafeInteger(id) || id <= 0) return null;
  return status === 'In review' || status === 'Approved' ? { id, reference, status } : null;
}

/**
 * POST /admin/orders/{ref}/refunds: a refund staff start for the customer from the order desk
 * (decision 0187): the amount, why (the customer reads it), and the form's one-time key, so the same
 * form sent twice makes one refund.
 */
export const deskRefundSchema = z.object({
  amountCents: refundCentsSchema,
  reason: z
    .string({ error: DESK_REFUND_MESSAGES.reasonRequired })
    .trim()
    .min(1, DESK_REFUND_MESSAGES.reasonRequired)
    .min(PARTIAL_REASON_MIN_LENGTH, DESK_REFUND_MESSAGES.reasonTooShort)
    .max(PARTIAL_REASON_MAX_LENGTH, DESK_REFUND_MESSAGES.reasonTooLong),
  idempotencyKey: idempotencyKeySchema,
});
export type DeskRefund = z.infer<typeof deskRefundSchema>;

/** The desk's refund form as staff type it ('79.00'): its output is the API's body. */
export const deskRefundFormSchema = z
  .object({ amount: amountField, reason: deskRefundSchema.shape.reason, idempotencyKey: idempotencyKeySchema })
  .transform(({ amount, reason, idempotencyKey }): DeskRefund => ({ amountCents: amount, reason, idempotencyKey }));

/**
 * POST /admin/refunds/{id}/recorded-by-hand: the refund staff made in the payment provider's
 * dashboard for an approval whose call did not finish, by its id there (re_…, rfnd_…).
 */
export const recordRefundByHandSchema = z.object({
  providerRefundId: z
    .string({ error: ADMIN_REFUND_MESSAGES.providerRefundIdRequired })
    .trim()
    .min(1, ADMIN_REFUND_MESSAGES.providerRefundIdRequired)
    .max(100, ADMIN_REFUND_MESSAGES.providerRefundIdInvalid)
    .regex(/^[A-Za-z0-9_.:-]+$/, ADMIN_REFUND_MESSAGES.providerRefundIdInvalid),
});
export type RecordRefundByHand = z.infer<typeof recordRefundByHandSchema>;

/** POST /admin/refunds/{id}/reject: why, in words the customer reads in the e-mail. */
export const rejectRefundSchema = z.object({
  reason: z
    .string({ error: ADMIN_REFUND_MESSAGES.reasonRequired })
    .trim()
    .min(1, ADMIN_REFUND_MESSAGES.reasonRequired)
    .min(10, ADMIN_REFUND_MESSAGES.reasonTooShort)
    .max(2000, ADMIN_REFUND_MESSAGES.reasonTooLong),
});
export type RejectRefund = z.infer<typeof rejectRefundSchema>;
