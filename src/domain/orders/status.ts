import { z } from 'zod';
import type { OrderKind } from './order-kind.ts';

/**
 * Order statuses and the one table of who may change which into which (DESIGN.md §1,
 * docs/decisions/0048-applications-orders-and-members.md). Shared by the server, which enforces
 * it, and the browser, which shows only the actions the table allows.
 */

/** DESIGN.md §1: the order statuses, in the order an order normally moves through them. */
export const ORDER_STATUSES = [
  'Payment pending',
  'Order pending',
  'Forms incomplete',
  'In review',
  'Submitted',
  'Approved',
  'Rejected',
  'Completed',
  'Refunded',
  'Cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Every order starts here: created on the server, nothing paid yet. */
export const INITIAL_ORDER_STATUS: OrderStatus = 'Payment pending';

/**
 * Who makes a change: the customer (their own order), the system (payment verified, the last
 * form or document arrived) or staff (the back office; admins count as staff).
 */
export const STATUS_ACTORS = ['customer', 'system', 'staff'] as const;
export type StatusActor = (typeof STATUS_ACTORS)[number];

/** One allowed change, who may make it, and (when not every kind) the one kind of order it applies to. */
type Row = readonly [from: OrderStatus, to: OrderStatus, by: readonly StatusActor[], only?: OrderKind];

/** Statuses an order has been paid in (staff may refund from any of them). */
const PAID: readonly OrderStatus[] = [
  'Forms incomplete',
  'Order pending',
  'In review',
  'Submitted',
  'Approved',
  'Rejected',
  'Completed',
  'Cancelled',
];
/** Paid statuses staff may cancel from: the work is not finished yet. */
const CANCELLABLE_AFTER_PAYMENT: readonly OrderStatus[] = [
  'Forms incomplete',
  'Order pending',
  'In review',
  'Submitted',
];

/**
 * THE transition table: each row is one allowed change and who may make it. Nothing else moves
 * an order. `Completed` and `Refunded` are final.
 */
export const STATUS_TRANSITIONS: readonly Row[] = [
  // Checkout verifies the payment, then the order waits for whatever is still missing. Only an
  // application has forms and documents: a photo order has everything in once paid.
  ['Payment pending', 'Forms incomplete', ['system'], 'service'],
  ['Payment pending', 'Order pending', ['system']],
  // Before paying, the customer may walk away from an application; an account's erasure takes
  // its unpaid orders with it (the system's act, carrying out the customer's request).
  ['Payment pending', 'Cancelled', ['customer', 'staff', 'system']],
  // The last required form or document arrived.
  ['Forms incomplete', 'Order pending', ['system'], 'service'],
  // A required document was removed after everything was in.
  ['Order pending', 'Forms incomplete', ['system'], 'service'],
  ['Order pending', 'In review', ['staff']],
  // Before the send-back: the desk offers a status's rows in this order and picks the first.
  ['In review', 'Submitted', ['staff']],
  // Staff send an application back to the customer for a missing or corrected item (a photo
  // order's retake is asked for on the photo checks), and take it back when what they asked for
  // came another way or is no longer needed.
  ['In review', 'Forms incomplete', ['staff'], 'service'],
  ['Forms incomplete', 'In review', ['staff'], 'service'],
  ['Submitted', 'Approved', ['staff']],
  ['Submitted', 'Rejected', ['staff']],
  ['Approved', 'Completed', ['staff']],
  ['Rejected', 'Completed', ['staff']],
  ...CANCELLABLE_AFTER_PAYMENT.map((from): Row => [from, 'Cancelled', ['staff']]),
  ...PAID.map((from): Row => [from, 'Refunded', ['staff']]),
];

/** The canonical status for any casing of one (SPEC.md §4: 'in any casing'), or null. */
export function toOrderStatus(value: string): OrderStatus | null {
  const wanted = value.trim().toLowerCase();
  return ORDER_STATUSES.find((s) => s.toLowerCase() === wanted) ?? null;
}

/** The rows `by` may use on an order of `kind` (every row when the kind is not said). */
const rowsFor = (by: StatusActor, kind: OrderKind | undefined) =>
  STATUS_TRANSITIONS.filter(([, , actors, only]) => actors.includes(by) && (!kind || !only || only === kind));

/** Whether `by` may move an order (of `kind`, when said) from `from` to `to` (statuses in any casing). */
export function canChangeStatus(from: string, to: string, by: StatusActor, kind?: OrderKind): boolean {
  const f = toOrderStatus(from);
  const t = toOrderStatus(to);
  return f !== null && t !== null && rowsFor(by, kind).some(([rf, rt]) => rf === f && rt === t);
}

/** The statuses `by` may move an order (of `kind`, when said) in `from` to, in table order. */
export function nextStatuses(from: string, by: StatusActor, kind?: OrderKind): OrderStatus[] {
  const f = toOrderStatus(from);
  return rowsFor(by, kind)
    .filter(([rf]) => rf === f)
    .map(([, to]) => to);
}

/** A status with no way out. */
export function isFinalStatus(status: string): boolean {
  const s = toOrderStatus(status);
  return s !== null && !STATUS_TRANSITIONS.some(([from]) => from === s);
}

export const STATUS_MESSAGES = {
  notAllowed: (from: string, to: string) => `This order cannot be moved from ${from} to ${to}.`,
  changedConcurrently: 'This order was changed at the same time. Please reload it and try again.',
  notRefunded:
    'An order becomes Refunded when its payment has gone back in full: approve a refund of it on the refunds desk.',
  cancelled: 'Your application has been cancelled.',
  remarkTooLong: 'The remark should not exceed 1000 characters',
  sendBackNeedsRemark:
    'Say what the customer should change: your remark is all they read of it, in their notification and e-mail.',
} as const;

/**
 * Whether a change to `to` by `by` must come with a remark: staff sending an application back to
 * the customer (Forms incomplete) must say what to change, or the customer is told their
 * application came back and to "change what they asked for" with nothing asked.
 */
export function remarkRequired(to: OrderStatus, by: StatusActor): boolean {
  return by === 'staff' && to === 'Forms incomplete';
}

/** A remark kept with a status change (shown on the timeline and in the notification). */
export const STATUS_REMARK_MAX_LENGTH = 1000;

/** One entry of an order's timeline: a status change, when, by whom (kind only) and why. */
export const statusChangeSchema = z.object({
  /** Null for the order's first status (it was created in it). */
  fromStatus: z.enum(ORDER_STATUSES).nullable(),
  status: z.enum(ORDER_STATUSES),
  by: z.enum(STATUS_ACTORS),
  remark: z.string().nullable(),
  at: z.string(),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;
