import { z } from 'zod';
import { coercedRowIdSchema } from '../api/row-id.ts';
import { applicationOrderSchema } from '../applications/application.ts';
import {
  checklistItemIdSchema,
  DOCUMENT_REQUEST_MESSAGES,
  type DocumentView,
  documentRequestsOpen,
  documentSchema,
  orderChecklistSchema,
} from '../applications/documents.ts';
import { feesPaidRecordSchema } from '../applications/fees-paid.ts';
import { isOtherDocumentId, OTHER_DOCUMENT_MESSAGES, otherDocumentSchema } from '../applications/other-documents.ts';
import { photoToRedoSchema } from '../applications/photos-to-redo.ts';
import { confirmedPostingAddressSchema } from '../applications/posting-address.ts';
import { CURRENCIES } from '../catalog/money.ts';
import { chosenAddOnSchema, costSummarySchema } from '../checkout/api.ts';
import { ORDER_STATUSES, STATUS_REMARK_MAX_LENGTH, toOrderStatus } from '../orders/status.ts';
import { paymentLedgerSchema } from '../payments/payment.ts';
import { photoOrderSchema } from '../photos/orders.ts';
import { DAY_MS, HOUR_MS } from '../time.ts';
import { adminListQuery } from './list-query.ts';
import { REFUND_ORIGIN_WORDS, REFUND_ORIGINS, type RefundOrigin, refundableSchema } from './refunds.ts';

/**
 * The back office's order queue and order detail (issue 13 items 1 and 2, decision 0068): the
 * shared schemas of the API and the pages, and the SLA rule.
 */

export const ORDER_DESK_MESSAGES = {
  listLoaded: 'Orders loaded',
  loaded: 'Order loaded',
  notFound: 'We could not find this order.',
  statusChanged: 'Order status changed',
  noteAdded: 'Note added',
  messageSent: 'Message sent to the customer',
  messageRequired: 'Write the message first',
  messageTooLong: 'A message should not exceed 2000 characters',
  documentSent: 'Document sent to the customer',
  onlyServiceDocuments: 'Documents can be sent back only on service (DOC-…) orders.',
  noteRequired: 'Write the note first',
  noteTooLong: 'A note should not exceed 2000 characters',
  dateInvalid: 'Use a date like 2026-11-28',
  expedite: 'Expedite',
  /** A charge the order could not take (issue 28): the payments module gave it back by itself. */
  strayCharge: 'Stray charge — refunded automatically',
  strayRefund: 'Automatic refund of a stray charge',
  openRefund: (reference: string, status: string, amount: string) =>
    `Refund request ${reference} (${status}, ${amount} asked) waits for a decision.`,
  openRefundLink: 'Decide it on the refunds desk',
  /** An approved refund the provider has not confirmed (decision 0191): it may have been made. */
  unfinishedRefund: (reference: string, amount: string, origin: RefundOrigin) =>
    `Refund ${reference} of ${amount} (${REFUND_ORIGIN_WORDS[origin]}) is approved, but the payment provider's answer is not recorded: it may have been made.`,
  unfinishedRefundLink: 'Retry or record it on the refunds desk',
  /** An erased customer's order (decision 0119): nothing staff write reaches anyone. */
  customerErased: 'The customer’s account was erased: no message or e-mail reaches them any more.',
  /** An erased customer's photo order: its delivery details went with the account (issue 34 §3). */
  deliveryErased:
    'The customer’s account was erased, and their delivery details with it: no prints can be posted or handed over.',
  decidedRefunds: 'Decided requests',
  /** A decided request, as the desk lists it: 'RF-7K3Q9M2X: Refunded $100 of $1,100 asked'. */
  decidedRefund: (reference: string, status: string, approved: string | null, asked: string) =>
    approved === null
      ? `${reference}: ${status}, ${asked} asked`
      : `${reference}: ${status} ${approved} of ${asked} asked`,
} as const;
const M = ORDER_DESK_MESSAGES;

/** The queue's `service` filter for photo orders (every other value is a service slug). */
export const PHOTO_ORDERS_FILTER = 'photos';

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.dateInvalid)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), M.dateInvalid);
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** GET /admin/orders and the /admin/orders page: sort, page, search (id, e-mail, the customer's or a family member's name) and filters. */
export const orderQueueQuery = adminListQuery(['createdAt', 'displayId', 'status', 'totalCents'] as const).extend({
  status: optional(
    z
      .string()
      .transform((v) => toOrderStatus(v))
      .pipe(z.enum(ORDER_STATUSES, { error: 'Unknown status' })),
  ),
  /** A service slug, or `photos` for photo orders. */
  service: optional(
    z
      .string()
      .trim()
      .max(80)
      .regex(/^[a-z0-9-]+$/, 'Unknown service'),
  ),
  /** Created on or after this UTC day. */
  from: optional(isoDate),
  /** Created on or before this UTC day. */
  to: optional(isoDate),
  /** Only orders that bought the Expedite add-on (`expedite=1`; a checkbox sends `on`). */
  expedite: optional(z.enum(['1', 'true', 'on'], { error: 'Use expedite=1' }).transform(() => true as const)),
});
export type OrderQueueQuery = z.infer<typeof orderQueueQuery>;

/**
 * Where an order stands against its promised processing time: `waiting` until it is paid (no
 * clock yet), `running` with days left, `overdue` past its due date, `stopped` in a final or
 * decided status (Approved, Rejected, Completed, Refunded, Cancelled).
 */
export const slaSchema = z.object({
  /**
   * `waiting`: not paid yet; `customer`: paid, and the promise counts from the last document, which
   * the customer has still to give (Forms incomplete); then `running` or `overdue`, and `stopped`
   * once the work is decided or over.
   */
  state: z.enum(['waiting', 'customer', 'running', 'overdue', 'stopped']),
  /** When the clock started: the payment (the first move out of Payment pending), or the last document (`SlaPromise.from`). */
  startedAt: z.string().nullable(),
  dueAt: z.string().nullable(),
  /** The promised days the due date is counted with, and where they came from. */
  days: z.number(),
  basis: z.string(),
});
export type Sla = z.infer<typeof slaSchema>;

export const queuedOrderSchema = z.object({
  id: z.number(),
  displayId: z.string(),
  kind: z.enum(['service', 'photo']),
  title: z.string(),
  status: z.string(),
  customer: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  /** The service name (service orders) or SevaPhotos. */
  service: z.string(),
  totalCents: z.number(),
  /** What staff's refunds give back of the payment (made, or approved and on its way); 0 when none. */
  refundedCents: z.number(),
  currency: z.enum(CURRENCIES),
  createdAt: z.string(),
  sla: slaSchema,
  /** Bought the Expedite add-on: its SLA runs against the add-on's promise. */
  expedite: z.boolean(),
});
export type QueuedOrder = z.infer<typeof queuedOrderSchema>;

/**
 * A note on an order: an internal one (staff only, never in a customer's answer or page), or a
 * message staff sent the customer (`toCustomer`: by e-mail and in their notifications).
 */
export const orderNoteSchema = z.object({
  id: z.number(),
  authorEmail: z.string(),
  body: z.string(),
  toCustomer: z.boolean(),
  createdAt: z.string(),
});
export type OrderNote = z.infer<typeof orderNoteSchema>;

export const NOTE_MAX_LENGTH = 2000;

/** POST /admin/orders/{ref}/notes and the detail page's note form. */
export const addOrderNoteSchema = z.object({
  body: z.string({ error: M.noteRequired }).trim().min(1, M.noteRequired).max(NOTE_MAX_LENGTH, M.noteTooLong),
});
export type AddOrderNote = z.infer<typeof addOrderNoteSchema>;

/** POST /admin/orders/{ref}/messages and the detail page's message form: a word to the customer without a status change. */
export const messageCustomerSchema = z.object({
  body: z.string({ error: M.messageRequired }).trim().min(1, M.messageRequired).max(NOTE_MAX_LENGTH, M.messageTooLong),
});
export type MessageCustomer = z.infer<typeof messageCustomerSchema>;

/** POST /admin/orders/{ref}/status and the detail page's status form. */
export const changeOrderStatusSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: 'Choose a status' }),
  /** The status the desk showed: another one now means someone changed the order meanwhile (409). */
  fromStatus: z.enum(ORDER_STATUSES).optional(),
  remark: z
    .string()
    .trim()
    .max(STATUS_REMARK_MAX_LENGTH, `The remark should not exceed ${STATUS_REMARK_MAX_LENGTH} characters`)
    .optional()
    .transform((v) => (v ? v : null)),
});
export type ChangeOrderStatus = z.infer<typeof changeOrderStatusSchema>;

/** `{ref}`: a DOC-… or PHO-… id, or the order's number (like the customer's `{orderRef}`). */
export const deskOrderParams = z.object({
  ref: z
    .string()
    .regex(/^(?:(?:DOC|PHO)-\d{1,12}|[1-9]\d{0,9})$/, M.notFound)
    .refine((ref) => !/^\d/.test(ref) || Number(ref) <= 2_147_483_647, M.notFound),
});

export function parseDeskOrderRef(ref: string): { displayId: string } | { id: number } {
  return /^\d+$/.test(ref) ? { id: Number(ref) } : { displayId: ref };
}

/** A member's answers with the form version the order started with (rendered as the customer reads them). */
export const memberAnswersSchema = z.object({
  memberId: z.number(),
  answers: z.record(z.string(), z.unknown()),
  reviewed: z.boolean(),
});

/**
 * A document staff asked the customer for (decision 0068), newest first on the desk: which member's
 * item, who asked and when, the note the customer reads, and the customer's upload that answered it
 * (their file for the item uploaded after the request; null while they have not), or staff's
 * withdrawal of it (decision 0188).
 */
export const deskDocumentRequestSchema = z.object({
  /** The request's audit entry. */
  id: z.number(),
  /** The request itself: what `…/document-requests/{requestId}/withdraw` names. */
  requestId: z.number(),
  memberId: z.number(),
  memberName: z.string(),
  itemId: z.string(),
  /** The checklist item's label; a document outside the checklist's, as staff named it. */
  document: z.string(),
  note: z.string(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  answered: z.object({ at: z.string(), fileName: z.string() }).nullable(),
  /**
   * An open request (neither answered nor withdrawn) for a new file of one the customer sent, which
   * stays if the request is withdrawn (decision 0192); false once answered or withdrawn.
   */
  replacesFile: z.boolean(),
  /** When staff withdrew it and who (null when the withdrawal's audit entry is not found); null while it stands. */
  withdrawn: z.object({ at: z.string(), by: z.string().nullable() }).nullable(),
});
export type DeskDocumentRequest = z.infer<typeof deskDocumentRequestSchema>;

/**
 * Whether the desk offers to withdraw a request, neither answered nor withdrawn, while the order
 * takes requests: one for a new file of a document the customer sent (decision 0192), or for a
 * document outside the checklist (decision 0188). A checklist item never sent is asked for by the
 * checklist anyway.
 */
export function canWithdrawRequest(
  request: Pick<DeskDocumentRequest, 'itemId' | 'answered' | 'withdrawn' | 'replacesFile'>,
  orderStatus: string,
): boolean {
  return (
    (request.replacesFile || isOtherDocumentId(request.itemId)) &&
    !request.answered &&
    !request.withdrawn &&
    documentRequestsOpen(orderStatus)
  );
}

/** A charged cost summary as the desk reads it (the coupon's code is on its line's subValue). */
export const chargedSummarySchema = costSummarySchema.omit({ appliedCoupon: true });

/** GET /admin/orders/{ref}: everything staff need to work the order. */
export const deskOrderSchema = z.object({
  id: z.number(),
  displayId: z.string(),
  kind: z.enum(['service', 'photo']),
  title: z.string(),
  status: z.string(),
  customer: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  sla: slaSchema,
  /** The statuses staff may move the order to now (the transition table, actor `staff`). */
  nextStatuses: z.array(z.enum(ORDER_STATUSES)),
  notes: z.array(orderNoteSchema),
  /** The order's paid lines include the Expedite add-on. */
  expedite: z.boolean(),
  /**
   * The cost summary the order's total was set from, which payment charged: package × members,
   * fees, add-ons, coupon and discounts, total and currency (issue 28 §3).
   */
  charged: chargedSummarySchema,
  /** What has gone back of the order's payment (order currency, refunds the provider made): the desk's net line. */
  refundedCents: z.number().int(),
  /** Every payment attempt, charge and refund, stray ones and their automatic refunds included. */
  payments: paymentLedgerSchema,
  /** The customer's refund request still waiting for a decision on the refunds desk, or null. */
  openRefund: z
    .object({ id: z.number(), reference: z.string(), status: z.string(), amountCents: z.number() })
    .nullable(),
  /**
   * The order's approved refunds whose payment provider call has not ended as refunded (its answer
   * unclear, or the call cut off), newest first: they may have been made, and are retried or
   * recorded on the refunds desk (decision 0191).
   */
  unfinishedRefunds: z.array(
    z.object({ id: z.number(), reference: z.string(), approvedCents: z.number(), origin: z.enum(REFUND_ORIGINS) }),
  ),
  /** The order's decided refund requests, newest first: which request each refund answered. */
  decidedRefunds: z.array(
    z.object({
      id: z.number(),
      reference: z.string(),
      status: z.string(),
      amountCents: z.number(),
      approvedCents: z.number().nullable(),
      origin: z.enum(REFUND_ORIGINS),
    }),
  ),
  /**
   * What the payment still allows back: paid, minus refunds made or approved (the refunds desk's
   * figure), the most a refund started on the desk may give (decision 0187); null when unpaid.
   */
  refundable: refundableSchema,
  service: z
    .object({
      order: applicationOrderSchema,
      /** The form definition version the order started with (FormDefinition JSON), or null. */
      definition: z.unknown().nullable(),
      answers: z.array(memberAnswersSchema),
      checklist: orderChecklistSchema,
      documents: z.array(documentSchema),
      documentRequests: z.array(deskDocumentRequestSchema),
      /** The add-ons bought, in the catalog's order; empty when none. */
      addOns: z.array(chosenAddOnSchema),
      /** The fees our team paid at the centre, as recorded (reference, when, by whom); null until then. */
      feesPaid: feesPaidRecordSchema.nullable(),
      /** The posting address as confirmed (lines, when, by whom); null until then. */
      postingAddress: confirmedPostingAddressSchema.nullable(),
      /**
       * The photos, signatures and thumb impressions that fail a rule or are another member's file
       * (photos-to-redo.ts), whatever the status: the customer is told only while they may replace them.
       */
      photosToCheck: z.array(photoToRedoSchema),
    })
    .nullable(),
  photo: photoOrderSchema.nullable(),
});
export type DeskOrder = z.infer<typeof deskOrderSchema>;

/** Statuses where the work is decided or over: the clock no longer runs. */
const CLOCK_STOPPED = new Set(['Approved', 'Rejected', 'Completed', 'Refunded', 'Cancelled']);

/** Promised days when a package's text names no figure we can read (documented in decision 0068). */
export const DEFAULT_SERVICE_DAYS = 30;
/** Photo orders: the catalog has no processing time; digital photos are promised within 2 days. */
export const PHOTO_ORDER_DAYS = 2;

/**
 * The promised calendar days in a package's published processing time, or null: the upper bound
 * of the first figure or range with a unit ('Usually 6–10 weeks …' → 70, 'About 10–15 working
 * days …' → 21, '1–3 business days' → 5, 'within 72 hours' → 3). Working/business days count 7
 * calendar days per 5. A figure of how long before a date to apply ('apply 4–120 days before
 * arrival') is no processing time: the e-Visa's read as 30, then 120 days, where it is 72 hours.
 */
export function processingDays(text: string | null | undefined): number | null {
  if (!text) return null;
  const figures =
    /(\d+)(?:\s*(?:–|-|to)\s*(\d+))?\s*(working days?|business days?|days?|weeks?|months?|hours?)\b(?!\s+before)/i;
  const match = figures.exec(text);
  if (!match) return null;
  const amount = Number(match[2] ?? match[1]);
  const unit = (match[3] ?? '').toLowerCase();
  if (unit.startsWith('hour')) return Math.ceil(amount / 24);
  if (unit.startsWith('week')) return amount * 7;
  if (unit.startsWith('month')) return amount * 30;
  if (unit.startsWith('working') || unit.startsWith('business')) return Math.ceil((amount * 7) / 5);
  return amount;
}

/** The processing time an order's SLA runs against: promised days, and where they came from. */
export interface SlaPromise {
  days: number;
  basis: string;
  /**
   * When the days start: at the payment (the default), or at the customer's last document, the
   * order's latest move to our team's statuses (Expedite: "within one business day of your last document").
   */
  from?: 'payment' | 'last-document';
}

/** Where the order's clock stands: its status, its payment and its latest move to our team (`readyAt`). */
export interface SlaFacts {
  status: string;
  paidAt: Date | null;
  /**
   * The latest move from the customer's statuses to our team's (everything in: Order pending, or
   * In review when staff took it back), or null before any.
   */
  readyAt?: Date | null;
}

/** The order's SLA clock at `now`. */
export function slaOf({ status, paidAt, readyAt = null }: SlaFacts, promise: SlaPromise, now: Date): Sla {
  const fromLastDocument = promise.from === 'last-document';
  // With the customer (Forms incomplete), the clock waits for them; an order past it with no move
  // from it on record counts from its payment.
  const withCustomer = fromLastDocument && status === 'Forms incomplete';
  const start = withCustomer ? null : fromLastDocument ? (readyAt ?? paidAt) : paidAt;
  const dueAt = start ? new Date(start.getTime() + promise.days * DAY_MS) : null;
  const base = {
    startedAt: start?.toISOString() ?? null,
    dueAt: dueAt?.toISOString() ?? null,
    days: promise.days,
    basis: promise.basis,
  };
  if (CLOCK_STOPPED.has(status)) return { ...base, state: 'stopped' };
  if (!paidAt) return { ...base, state: 'waiting' };
  // Sent back to the customer, the clock waits for them again, whenever it first started.
  if (withCustomer) return { ...base, state: 'customer' };
  if (!dueAt) return { ...base, state: 'waiting' };
  return { ...base, state: now.getTime() > dueAt.getTime() ? 'overdue' : 'running' };
}

/**
 * Days from `now` to the due date (negative once overdue), for the clock's label, a part day
 * counted whole either way: a 2-day order just paid has "2 d left", not 1, and one 2 days and
 * 23 hours late is "Overdue by 3 d".
 */
export function daysLeft(sla: Sla, now: Date): number | null {
  if (!sla.dueAt) return null;
  const days = (Date.parse(sla.dueAt) - now.getTime()) / DAY_MS;
  return days >= 0 ? Math.ceil(days) : Math.floor(days);
}

/**
 * Whole hours, a part hour counted, to a due date less than a day away; null otherwise: the last
 * day's label, since "1 d left" told an order due in a minute from one due tomorrow.
 */
export function hoursLeftToday(sla: Sla, now: Date): number | null {
  if (!sla.dueAt) return null;
  const ms = Date.parse(sla.dueAt) - now.getTime();
  return ms >= 0 && ms < DAY_MS ? Math.ceil(ms / HOUR_MS) : null;
}

/** One choice of the queue's service filter. */
export const serviceFilterOptionSchema = z.object({ value: z.string(), label: z.string() });
export type ServiceFilterOption = z.infer<typeof serviceFilterOptionSchema>;

/**
 * The staff-authorised links of an order's document (GET /admin/orders/{ref}/documents/{id}/…),
 * with the Portal PDF (decision 0185-portal-pdf) of a customer's supporting document, an image or a
 * PDF; not of a photo, signature or thumb impression fitted by SevaPhotos (it has a `report`): the
 * portal takes those as the fitted JPEG itself, never as a PDF; nor of a document our team sent the
 * customer (a granted e-Visa is not filed anywhere: walk I's desk read the portal's size warning
 * under it).
 */
export function deskDocumentLinks(
  displayId: string,
  document: Pick<DocumentView, 'id' | 'report'> & { direction?: DocumentView['direction'] },
  { portal }: { portal: boolean },
) {
  const base = `/api/v1/admin/orders/${displayId}/documents/${document.id}`;
  const links = { download: `${base}/download`, preview: `${base}/preview` };
  // Every stored type (JPEG, PNG, PDF) makes a Portal PDF, where the order's service has a portal.
  const filed = document.report === undefined && document.direction !== 'to-customer';
  return portal && filed ? { ...links, portalPdf: `${base}/portal-pdf` } : links;
}

/**
 * POST /admin/orders/{ref}/document-requests and the detail page's request form: a member's
 * checklist item (`itemId`, an `other-…` one asked before too), or a document outside the
 * checklist named by staff (`otherDocument`, decision 0186): exactly one of them.
 */
export const requestDocumentSchema = z
  .object({
    memberId: coercedRowIdSchema('Choose the member'),
    itemId: checklistItemIdSchema.optional(),
    otherDocument: otherDocumentSchema.optional(),
    note: z
      .string({ error: DOCUMENT_REQUEST_MESSAGES.noteRequired })
      .trim()
      .min(1, DOCUMENT_REQUEST_MESSAGES.noteRequired)
      .max(STATUS_REMARK_MAX_LENGTH, DOCUMENT_REQUEST_MESSAGES.noteTooLong),
  })
  .superRefine((body, ctx) => {
    if ((body.itemId === undefined) === (body.otherDocument === undefined)) {
      // On the field to drop when both came, on the item when neither did.
      const path = body.itemId === undefined ? ['itemId'] : ['otherDocument'];
      ctx.addIssue({ code: 'custom', message: OTHER_DOCUMENT_MESSAGES.oneDocument, path });
    }
  });
export type RequestDocument = z.infer<typeof requestDocumentSchema>;

/** The staff-authorised links of a photo order's photo: as uploaded, fitted, and the 4×6 in print sheet. */
export function deskPhotoLinks(displayId: string, itemId: number, photoId: number) {
  const base = `/api/v1/admin/orders/${displayId}/items/${itemId}/photos/${photoId}`;
  return { original: `${base}/original`, fitted: `${base}/fitted`, printSheet: `${base}/print-sheet` };
}
