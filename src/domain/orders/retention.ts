import { z } from 'zod';
import { daysBetween, formatFeeDate } from '../catalog/fee-schedule.ts';
import { todayIsoDate } from '../limits/constants.ts';
import { DAY_MS } from '../time.ts';
import type { OrderKind } from './order-kind.ts';
import type { OrderStatus } from './status.ts';

/**
 * How long an order's uploaded documents and photos are kept once it is closed (issue 34 §4,
 * docs/decisions/0120-retention.md): long enough to answer a consulate's follow-up, a chargeback
 * (card networks allow 120 days from the charge) or a question about what was sent, and no longer.
 * The order itself, its lines, payments and timeline stay.
 */
export const ORDER_FILES_RETENTION_DAYS = 90;

/** The customer is e-mailed this many days before the files go, and can download them until then. */
export const ORDER_FILES_NOTICE_DAYS = 7;

/**
 * An order left in Payment pending this many days after its last change (created, repriced, a
 * payment started, or worked on: an answer saved, a member or photo added, a passport confirmed, a
 * file uploaded or removed) is cancelled by the retention sweep (decisions 0177, 0178); its files'
 * retention then counts from that day. Without it an unpaid order never closes, and the passports
 * and photos uploaded to it would be kept for ever. Two months leaves an applicant time to gather
 * documents before paying (a renunciation certificate, a renewed passport); past it, the order is
 * most likely abandoned, and a customer who comes back starts again, having paid nothing. No notice
 * before it: nothing is lost that day (nothing was paid; the files stay downloadable until their
 * retention's own notice and day), and a notice ahead would need a record of it per order, as the
 * files' retention keeps one.
 */
export const UNPAID_ORDER_CANCEL_DAYS = 60;

/** The statuses an order is closed in: from the first of them its files' retention counts. */
export const CLOSED_ORDER_STATUSES = ['Completed', 'Refunded', 'Cancelled'] as const satisfies readonly OrderStatus[];

/** Adds `days` to a 'YYYY-MM-DD' day. */
export function addDays(day: string, days: number): string {
  return todayIsoDate(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/**
 * The day an order closed at `closedAt` has its files deleted, as first planned on `today`: the
 * retention's end, but never sooner than a full notice from `today` (an order closed long before
 * this policy, or while no sweep ran, still gets its notice days).
 */
export function filesDeletionDay(closedAt: Date, today: string): string {
  const planned = addDays(todayIsoDate(closedAt), ORDER_FILES_RETENTION_DAYS);
  const earliest = addDays(today, ORDER_FILES_NOTICE_DAYS);
  return daysBetween(planned, earliest) > 0 ? earliest : planned;
}

/** Hawaii's offset from UTC, west; it keeps no summer time. */
const LAST_TIME_ZONE_OFFSET_HOURS = 10;

/**
 * Today for the deletion of files at `now`: files whose day it is, or was, go. It is the date in
 * UTC−10 (Hawaii), the last of our customers' time zones to start a day, so the day the customer
 * is told ("deleted on 13 December") has begun from Hawaii to India: wherever they are they keep
 * their files all the day before, the deletion falls on the day named (10:00 UTC is midnight in
 * Hawaii, morning in New York, afternoon in India), and so does its time's UTC date, which the
 * order's page shows once they are gone. By the UTC date alone they went at midnight UTC: the
 * afternoon before in California.
 */
export function deletionToday(now: Date): string {
  return todayIsoDate(new Date(now.getTime() - LAST_TIME_ZONE_OFFSET_HOURS * 3_600_000));
}

/** Whether the notice is due on `today` for files deleted on `deleteOn`. */
export function filesNoticeDue(deleteOn: string, today: string): boolean {
  return daysBetween(today, deleteOn) <= ORDER_FILES_NOTICE_DAYS;
}

/** What an order's pages say of its files under the retention policy. */
export const orderFilesRetentionSchema = z.object({
  /** The day the files are (or were) deleted, 'YYYY-MM-DD'; null while the order is open. */
  deleteOn: z.string().nullable(),
  /** When they were deleted (ISO); null while they are kept. */
  deletedAt: z.string().nullable(),
});
export type OrderFilesRetention = z.infer<typeof orderFilesRetentionSchema>;

export const RETENTION_MESSAGES = {
  /**
   * Where the files were, once they are gone. No count of days: a late notice moves the day, and an
   * order closed before the policy kept its files longer.
   */
  deleted: (deletedAt: string) =>
    `The uploaded documents and photos of this order were deleted on ${formatFeeDate(deletedAt.slice(0, 10))} under our retention policy. The order, its lines and payments remain.`,
  /** Shown beside the files of a closed order until then: the day they go (deletionToday). */
  kept: (deleteOn: string) =>
    `These files will be deleted on ${formatFeeDate(deleteOn)} under our retention policy. Download any you want to keep before then.`,
  /** Staff sending a document to an order the sweep is done with: it would be kept for ever. */
  noMoreFiles:
    'The files of this order were deleted under our retention policy, so no document can be added to it now.',
  noticeSubject: (displayId: string) => `The files of your order ${displayId} will be deleted soon`,
  /** The notice on the customer's bell: the e-mail's news, short. */
  noticeRemark: (deleteOn: string) =>
    `The documents and photos uploaded to this order will be deleted on ${formatFeeDate(deleteOn)} under our retention policy. Download any you want to keep from the order's page before then.`,
  noticeIntro: (deleteOn: string) =>
    `Under our retention policy, the documents and photos uploaded to this order will be deleted on ${formatFeeDate(deleteOn)}. Until then you can download them from the order's page. The order itself, its lines and payments remain.`,
} as const;

/** What the customer is told when an order left unpaid is cancelled (UNPAID_ORDER_CANCEL_DAYS). */
export const UNPAID_CANCEL_MESSAGES = {
  /** On the order's timeline and the customer's bell. */
  remark: `Cancelled automatically: this order was not paid within ${UNPAID_ORDER_CANCEL_DAYS} days.`,
  subject: (displayId: string) => `Your order ${displayId} has been cancelled`,
  why: `We cancelled this order because it was not paid within ${UNPAID_ORDER_CANCEL_DAYS} days.`,
  /** Not said when a payment reached the order anyway (a stray charge, refunded and told apart). */
  notCharged: 'Nothing was charged for it.',
  startAgain: (kind: OrderKind) =>
    kind === 'photo' ? 'You can start a new photo order at any time.' : 'You can start a new application at any time.',
  /** Only for an order that holds files. */
  files: (deleteOn: string) =>
    `Under our retention policy, the documents and photos uploaded to it will be deleted on ${formatFeeDate(deleteOn)}. Until then you can download them from the order's page.`,
} as const;
