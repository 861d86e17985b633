import { z } from 'zod';
import { CURRENCIES, ungroupedAmount } from '../catalog/money.ts';
import { emailField, honeypotField, longTextField } from '../contact/fields.ts';
import { ORDER_ID_PATTERN, REFUND_MESSAGES, REFUND_REASON_MAX_LENGTH, REFUND_REASON_MIN_LENGTH } from './options.ts';
import { type OrderRefundRequest, REFUND_REQUEST_STATUSES } from './order-refunds.ts';

/** Largest refund a form may ask for: $100,000 (an order is never near it). */
const MAX_AMOUNT_CENTS = 10_000_000;

/**
 * Dollars as typed ('49.99', '$1,250', 50) → integer cents. At most two decimals; a client
 * never sends cents, and the server checks the amount against the order.
 */
export const amountField = z.preprocess(
  (v) => (v === undefined || v === null ? '' : typeof v === 'number' ? String(v) : v),
  z
    .string({ error: REFUND_MESSAGES.amountInvalid })
    // A comma that is not a grouping ('25,50') stays, and the pattern below refuses it.
    .transform((v) => {
      const amount = v.trim().replace(/^\$/, '');
      return ungroupedAmount(amount) ?? amount;
    })
    .refine((v) => v.length > 0, REFUND_MESSAGES.amountRequired)
    .refine((v) => v.length === 0 || /^\d{1,9}(\.\d{1,2})?$/.test(v), REFUND_MESSAGES.amountInvalid)
    .transform((v) => Math.round(Number(v) * 100))
    .pipe(
      z.number().int().min(1, REFUND_MESSAGES.amountTooSmall).max(MAX_AMOUNT_CENTS, REFUND_MESSAGES.amountTooLarge),
    ),
);

export const orderIdField = z.preprocess(
  (v) => (v === undefined || v === null ? '' : v),
  z
    .string({ error: REFUND_MESSAGES.orderIdRequired })
    .transform((v) => v.trim().toUpperCase())
    .pipe(
      z
        .string()
        .min(1, REFUND_MESSAGES.orderIdRequired)
        .max(40, REFUND_MESSAGES.orderIdInvalid)
        .regex(ORDER_ID_PATTERN, REFUND_MESSAGES.orderIdInvalid),
    ),
);

/** POST /api/v1/refund/request and the /refund-request form. */
export const refundRequestSchema = z.object({
  orderId: orderIdField,
  email: emailField,
  reason: longTextField(
    {
      required: REFUND_MESSAGES.reasonRequired,
      tooShort: REFUND_MESSAGES.reasonTooShort,
      tooLong: REFUND_MESSAGES.reasonTooLong,
    },
    REFUND_REASON_MIN_LENGTH,
    REFUND_REASON_MAX_LENGTH,
  ),
  amount: amountField,
  website: honeypotField.optional(),
});
export type RefundRequestInput = z.infer<typeof refundRequestSchema>;

/**
 * The form's answer: the new reference and what was sent, nothing read from the order (not even
 * its currency), so it is the same whichever order the request names.
 */
export const refundReceiptSchema = z.object({
  reference: z.string(),
  orderId: z.string(),
  amountCents: z.number(),
  status: z.literal('Received'),
  createdAt: z.date(),
});
export type RefundReceipt = z.infer<typeof refundReceiptSchema>;

/** GET /api/v1/orders/{orderRef}/refund-requests: the order's requests, newest first (its owner only). */
export const orderRefundRequestSchema = z.object({
  reference: z.string(),
  status: z.enum(REFUND_REQUEST_STATUSES),
  amountCents: z.number().int(),
  approvedCents: z.number().int().nullable(),
  currency: z.enum(CURRENCIES),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  partialReason: z.string().nullable(),
  rejectionReason: z.string().nullable(),
}) satisfies z.ZodType<OrderRefundRequest>;
