import { z } from 'zod';
import { outsideFeeCents } from '../catalog/service-detail.ts';
import { CONTROL_CHARACTER } from './posting-address.ts';

/**
 * The fees our team pays at the centre for a mission's file (decision 0179, "Later: fees paid"): the
 * price includes the government fee, the ICWF and the centre's service fee (VFS Global, BLS
 * International), which our team pays when it registers the file with the centre. The refund policy
 * keeps them once the order has been in Submitted (FEES_PAID_OUT_STATUSES), so staff record the
 * payment, with the centre's reference, before they move the order there. Staff bookkeeping: the
 * customer is not told. Shared by the server and the desk.
 */

export const FEES_PAID_LIMITS = { minLength: 3, maxLength: 60 } as const;
const L = FEES_PAID_LIMITS;

export const FEES_PAID_MESSAGES = {
  recorded: 'Fees paid at the centre recorded.',
  unchanged: 'This reference was recorded already: nothing was changed.',
  referenceRequired: 'Enter the centre’s reference for the payment',
  referenceLength: `Enter the centre’s reference in ${L.minLength} to ${L.maxLength} characters`,
  controlCharacter:
    'The reference holds a character that cannot be printed (a tab, a line break or an invisible one such as a text-direction mark)',
  /** A photo order. */
  notAnApplication: 'A photo order carries no government or centre fees: there is nothing to record.',
  /** An e-Visa: filed online, its fees paid by the customer on the portal. */
  notAtCentre:
    'This application is filed online on the official portal, where the customer pays its fees: there are none for our team to pay at a centre.',
  notPaid: 'Record the fees paid of a paid order that is not cancelled or refunded.',
  /** A mission's file whose price carries none (the customer pays them on the portal, or there are none). */
  noFees:
    'This order’s price carries no government or centre fees (it has none, or the customer pays them on the official portal): there is nothing to record.',
  /** A staff move to Submitted before it (applications/posting-address.ts submittedHeld). */
  recordBeforeSubmitted: 'Record the fees paid at the centre first: Submitted keeps them from a refund.',
} as const;
const M = FEES_PAID_MESSAGES;

/** PUT /admin/orders/{ref}/fees-paid: the centre's reference for the payment, trimmed. */
export const feesPaidSchema = z.object({
  reference: z
    .string({ error: M.referenceRequired })
    .trim()
    .superRefine((reference, ctx) => {
      const message =
        reference === ''
          ? M.referenceRequired
          : reference.length < L.minLength || reference.length > L.maxLength
            ? M.referenceLength
            : CONTROL_CHARACTER.test(reference)
              ? M.controlCharacter
              : null;
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .describe('The centre’s reference for the payment (a VFS Global or BLS International reference number)'),
});
export type FeesPaidInput = z.infer<typeof feesPaidSchema>;

/** What the desk shows and the recording answers: the reference, when it was recorded, and by whom. */
export const feesPaidRecordSchema = z.object({
  reference: z.string(),
  paidAt: z.string().describe('When our team recorded the payment'),
  recordedBy: z.string().describe('The e-mail address of the member of staff who recorded it'),
});
export type FeesPaidRecord = z.infer<typeof feesPaidRecordSchema>;

/**
 * Whether an order's price carries fees our team pays for the customer: the government fee and the
 * mandatory third-party ones (ICWF, the centre's), unless the customer pays them on the portal.
 */
export function carriesOutsideFees(price: {
  governmentFeeCents: number;
  mandatoryFees: readonly { amountCents: number }[];
  feesPaidOnPortal: boolean;
}): boolean {
  return !price.feesPaidOnPortal && outsideFeeCents(price) > 0;
}
