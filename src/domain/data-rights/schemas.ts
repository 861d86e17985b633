import { z } from 'zod';
import { AUTH_MESSAGES } from '../auth/messages.ts';
import { ORDER_KINDS } from '../orders/order-kind.ts';
import { toOrderStatus } from '../orders/status.ts';

/**
 * Data rights, self-service (issue 34 §3, decision 0119-data-rights): a signed-in customer
 * downloads everything held about them and asks for their account to be erased. Shared by the
 * API, the customer's page and the back office's queue.
 */

/** The privacy policy's promise: a request is answered within one month of its date. */
export function deletionDeadline(requestedAt: Date): Date {
  const due = new Date(requestedAt);
  const day = due.getUTCDate();
  due.setUTCMonth(due.getUTCMonth() + 1);
  // 31 January + one month is the last day of February, not 3 March.
  if (due.getUTCDate() !== day) due.setUTCDate(0);
  return due;
}

/**
 * Statuses in which an order is still being worked on: it must finish (Completed), be refunded or
 * cancelled before the account can be erased. The erasure itself first cancels those not paid yet,
 * so a request does not wait for them; one paid meanwhile counts.
 */
export function isOpenOrderStatus(status: string): boolean {
  const s = toOrderStatus(status);
  return s !== 'Completed' && s !== 'Refunded' && s !== 'Cancelled';
}

/**
 * What an erased account's e-mail fields hold instead of the address: unique per account (the
 * column is), in the reserved `.invalid` domain, so nothing is ever sent there.
 */
export function erasedEmail(userId: number): string {
  return `erased-${userId}@erased.invalid`;
}

/**
 * Whether the order's customer was erased: the erasure puts the account's placeholder in its
 * orders' e-mail field. Nothing new is kept for them after it (a notification no one can read,
 * naming their order).
 */
export function isErasedCustomerOrder(order: { userId: number; email: string }): boolean {
  return order.email === erasedEmail(order.userId);
}

/** A request waits (`pending`), was carried out (`erased`), or its customer kept the account (`withdrawn`). */
export const DELETION_STATES = ['pending', 'erased', 'withdrawn'] as const;
export type DeletionState = (typeof DELETION_STATES)[number];

/**
 * Why a deletion request waits, and for how long: the profile's notice, the API's answer and the
 * e-mail say it alike. `orders` names them as the reader sees them ("the orders below").
 */
export const deletionWaits = (orders: string) =>
  `We delete your account once ${orders} have finished or been cancelled, and any refund of them is settled. An order in progress can take several weeks, so this may be more than a month from your request.`;

export const DATA_RIGHTS_MESSAGES = {
  exportReady: 'Your data export is ready',
  passwordIncorrect: 'The password is incorrect',
  confirmRequired: 'Please confirm that you want your account deleted',
  erased: 'Your account and your data have been deleted. You have been signed out.',
  /**
   * The answer the privacy policy promises within a month, given at once: why the deletion waits
   * (an order in progress can take weeks, and the desk cannot erase while one is open) and that it
   * may take longer, as GDPR art. 12(3) asks. No date: none is ours to keep while an order is open.
   */
  pending: `We have your request. ${deletionWaits('your open orders')} We e-mail you when it is done.`,
  statusLoaded: 'Data rights status loaded',
  requestsLoaded: 'Deletion requests loaded',
  requestNotFound: 'No deletion request with this id',
  stillOpenOrders: 'The customer still has open orders: they must finish or be cancelled first.',
  /** The status history's remark on an unpaid order cancelled by its customer's deletion request. */
  cancelledWithDeletion: 'Cancelled with the account, at the customer’s request to delete it.',
  alreadyErased: 'This account has already been erased.',
  erasedByStaff: 'The account has been erased.',
  /** The customer kept their account after all: the request is withdrawn, and nothing is deleted. */
  withdrawn: 'Your account stays: we will not delete it. You can ask again at any time.',
  nothingToWithdraw: 'No deletion request of yours is waiting.',
  /** Staff's refusal to erase an account whose customer withdrew the request. */
  requestWithdrawn: 'The customer withdrew this request and keeps the account.',
  /**
   * A payment started while the customer's deletion request waits: its unpaid orders are cancelled
   * with the account, so none is paid (a walk paid one after the e-mail said it would be cancelled).
   */
  paymentHeld: (requestedOn: string) =>
    `You asked us on ${requestedOn} to delete your account, and its unpaid orders are cancelled with it. To pay for this order, keep your account first: on your profile, under “Your data”.`,
} as const;

/**
 * What staff see in place of the words people wrote about an erased customer's orders: staff notes
 * and messages, remarks on status changes, refund reasons, and those words in the audit log. Free
 * text may name anyone or hold a passport number; the records themselves stay.
 */
export const ERASED_TEXT = 'Erased with the customer’s account.';

/** An order that holds a deletion back; its kind says which page shows it. */
const openOrderSchema = z.object({ orderId: z.string(), kind: z.enum(ORDER_KINDS), status: z.string() });

/** POST /users/data-deletion: the password again, and the customer's confirmation. */
export const deletionRequestSchema = z.object({
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(200, DATA_RIGHTS_MESSAGES.passwordIncorrect),
  confirm: z.literal(true, { error: DATA_RIGHTS_MESSAGES.confirmRequired }),
});
export type DeletionRequestInput = z.infer<typeof deletionRequestSchema>;

/**
 * A refund request that holds a deletion back, still to be decided or paid out: staff settle it on
 * its page, found by its id. `orderId` names its order as `openOrderSchema` does.
 */
const awaitedRefundRequestSchema = z.object({ id: z.number(), reference: z.string(), orderId: z.string() });

/** The customer's view of their deletion request, with the open orders it waits for. */
export const deletionStatusSchema = z.object({
  state: z.enum(DELETION_STATES),
  requestedAt: z.string(),
  dueAt: z.string(),
  openOrders: z.array(openOrderSchema),
});
export type DeletionStatus = z.infer<typeof deletionStatusSchema>;

/** GET /users/data-rights: the pending request, if any. */
export const dataRightsStatusSchema = z.object({ deletion: deletionStatusSchema.nullable() });
export type DataRightsStatus = z.infer<typeof dataRightsStatusSchema>;

/** One request in the back office's queue. */
export const adminDeletionRequestSchema = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  customerName: z.string(),
  customerEmail: z.string(),
  state: z.enum(DELETION_STATES),
  requestedAt: z.string(),
  dueAt: z.string(),
  erasedAt: z.string().nullable(),
  openOrders: z.array(openOrderSchema),
  openRefundRequests: z.array(awaitedRefundRequestSchema),
});
export type AdminDeletionRequest = z.infer<typeof adminDeletionRequestSchema>;

export const adminDeletionListQuery = z.object({
  state: z.enum(DELETION_STATES).default('pending'),
});
export type AdminDeletionListQuery = z.infer<typeof adminDeletionListQuery>;

export const adminDeletionListSchema = z.object({ results: z.array(adminDeletionRequestSchema) });
