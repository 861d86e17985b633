import { z } from 'zod';
import { addBusinessMinutes, BUSINESS_HOURS, businessMinutesBetween } from '../config/business-hours.ts';
import type { OrderStatus } from '../orders/status.ts';
import { complianceReportSchema } from './compliance.ts';
import { PHOTO_STATES, type PhotoState } from './orders.ts';
import type { PhotoOption } from './pricing.ts';
import { PHOTO_SIZE_IDS } from './sizes.ts';

/**
 * A person's second look at a photo (issue 31 §4, docs/decisions/0110-photo-second-look.md):
 * asked for by the customer ("have a person check it", or Photo Optimize bought: every fitted photo
 * of the order, from its payment), by a borderline result, or by a retake after a rejection. Staff
 * approve it (its prints are released) or reject it with a reason (the customer may replace the
 * photo at no charge); the customer is e-mailed and told on the bell either way.
 */

/** Why a photo waits for a person. */
export const SECOND_LOOK_CAUSES = ['asked', 'borderline', 'retake'] as const;
export type SecondLookCause = (typeof SECOND_LOOK_CAUSES)[number];

export const SECOND_LOOK_CAUSE_LABELS: Record<SecondLookCause, string> = {
  asked: 'The customer asked for a person’s check',
  borderline: 'Borderline: a rule passed close to its limit',
  retake: 'A free retake after a rejection',
};

/**
 * Photo Optimize sells a photo editor's check of each photo's fit: bought, every fitted photo of the
 * order waits for a person once it is paid (one look for a photo already waiting for one).
 */
export const photoOptimizeBought = (options: readonly PhotoOption[]) => options.includes('photo-optimize');

/** Staff's words on the queue for a photo of an order that bought Photo Optimize: what to do. */
export const PHOTO_OPTIMIZE_LOOK =
  'Photo Optimize bought: check this photo’s fit by hand (head size, eye height, centring, crop) before you approve it.';

/**
 * Why a photo waits, as the queue says it: a look asked for on an order with Photo Optimize is the
 * option's (it covers a "have a person check it" too); borderline and retake keep their cause.
 */
export function secondLookWhy(entry: { cause: SecondLookCause; order: { photoOptimize: boolean } }): string[] {
  if (!entry.order.photoOptimize) return [SECOND_LOOK_CAUSE_LABELS[entry.cause]];
  return entry.cause === 'asked' ? [PHOTO_OPTIMIZE_LOOK] : [SECOND_LOOK_CAUSE_LABELS[entry.cause], PHOTO_OPTIMIZE_LOOK];
}

/** The promise: 2 business hours from payment (or from the retake), shown to the customer and timed for staff. */
export const SECOND_LOOK_SLA_MINUTES = 120;

export const SECOND_LOOK_TEXT = {
  /** What the customer is told wherever a photo waits for a person (review, confirmation, order page). */
  promise: `A person will check your photo within 2 business hours (${BUSINESS_HOURS.words}).`,
  /**
   * Why a borderline photo waits, for an order with prints or without: its file is held either way
   * (a Digital Copy has nothing printed), and a print order's prints with it.
   */
  borderline: (hasPrints: boolean) =>
    `Your photo meets every rule, but close to a limit, so a person checks it before you can download it${hasPrints ? ' and before it is printed' : ''}.`,
  approved: 'A person checked your photo and approved it.',
  rejected: (reason: string) => `A person checked your photo and could not approve it: ${reason}`,
  retakeLead: 'Upload a new photo for this item: the retake is free, and a person checks it again.',
  retakeLabel: 'Upload a new photo (free)',
  /**
   * The approval's next step (e-mail and bell): the download, then for prints what happens to them
   * next. Nothing is posted or at the studio yet: the desk records that later, and e-mails it.
   */
  download: 'Download it on your order page.',
  printsToPost: 'Your prints come next: we post them to you and e-mail you the tracking number.',
  printsToStudio:
    'Your prints come next: we send them to the photo studio you chose and e-mail you when they are ready for pickup.',
  printsStillHeld:
    'Another photo of your order still waits for a person’s check or for its retake: your prints go out as you chose once it is approved.',
  /** The customer's bell when a person approves a photo (the e-mail says the same at more length). */
  approvedBell: (photoName: string, next: string) =>
    `A person checked your photo “${photoName}” and approved it. ${next}`,
  /** The customer's bell when a person rejects a photo (the e-mail says the same at more length). */
  retakeAskedBell: (photoName: string, reason: string) =>
    `A person checked your photo “${photoName}” and could not approve it: ${asSentence(reason)} Upload a new photo on your order page: the retake is free.`,
  /** The e-mail and the bell when a free retake's check failed (the photo is turned down with S.retakeNotChecked). */
  retakeNotCheckedHeading: 'We could not check your new photo',
  retakeNotChecked: (what: string) => `We could not check ${what}, so a person cannot approve it.`,
  retakeNotCheckedNext:
    'Please upload it again, or another photo, on your order page: the retake is still free, and a person checks it within 2 business hours.',
  retakeNotCheckedBell: (photoName: string) =>
    `We could not check your new photo “${photoName}”. Please upload another on your order page: the retake is still free.`,
} as const;

/** A staff member's reason ends as a sentence in the customer's words, whether or not they typed the full stop. */
function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * What the approval says comes next, from the order once the decision is made: its prints' delivery
 * (null: digital only) and whether another photo still holds them.
 */
export function approvedNext(delivery: 'home' | 'pickup' | null, printsHeld: boolean): string {
  if (delivery === null) return SECOND_LOOK_TEXT.download;
  const prints = printsHeld
    ? SECOND_LOOK_TEXT.printsStillHeld
    : delivery === 'home'
      ? SECOND_LOOK_TEXT.printsToPost
      : SECOND_LOOK_TEXT.printsToStudio;
  return `${SECOND_LOOK_TEXT.download} ${prints}`;
}

export const SECOND_LOOK_MESSAGES = {
  queueLoaded: 'Photos waiting for a second look.',
  approved: 'Approved: its prints are released and the customer is e-mailed.',
  rejected: 'Rejected: the customer is e-mailed the reason and a free retake.',
  notWaiting: 'This photo is not waiting for a second look: someone may have decided it already.',
  stillChecking: 'This photo is still being checked. Decide once its result is in.',
  notFitted:
    'Its check could not fit this photo, so there is nothing to approve: reject it, and the customer may upload another.',
  /** A free retake the engine could not check: its rejection's reason, which the customer reads. */
  retakeNotChecked: 'We could not check your new photo. Please upload another.',
  notFound: 'No such photo in the queue.',
  reasonRequired: 'Give the customer the reason: they read it in the e-mail.',
  reasonTooLong: 'Keep the reason under 500 characters.',
  retakeNotOffered: 'This photo was not rejected by a person: there is nothing to retake.',
  retakeOrderClosed: 'This order was cancelled or refunded, so a new photo can no longer be sent for it.',
  retakeUploaded: 'Your new photo is uploaded: a person checks it within 2 business hours.',
  /** The order desk: a photo order's prints cannot go out while a person's check is open. */
  orderHeld:
    'A photo of this order waits for a person’s check, and its prints are held: approve or reject it on the photo checks desk first.',
} as const;

/** The statuses that say a photo order's work is done or sent, which a held print may not reach. */
export const PAST_SECOND_LOOK: readonly OrderStatus[] = ['Submitted', 'Approved', 'Completed'];

/**
 * Photo orders over without being delivered: cancelled, or their payment given back. Nothing of
 * theirs is printed or sent, so a person's look or a retake would be work for nothing. Completed
 * is not among them: the customer is still owed the person's check or the free retake.
 */
export const CLOSED_TO_SECOND_LOOK: readonly OrderStatus[] = ['Cancelled', 'Refunded'];
export const closedToSecondLook = (status: string) => (CLOSED_TO_SECOND_LOOK as readonly string[]).includes(status);

export const rejectPhotoSchema = z.object({
  reason: z
    .string({ error: SECOND_LOOK_MESSAGES.reasonRequired })
    .trim()
    .min(1, SECOND_LOOK_MESSAGES.reasonRequired)
    .max(500, SECOND_LOOK_MESSAGES.reasonTooLong),
});
export type RejectPhoto = z.infer<typeof rejectPhotoSchema>;

/** Whether staff may approve a photo: checked, with a fitted file to release (else they can only reject it). */
export function approvable(photo: { state: PhotoState; report: { fitted: unknown } | null }): boolean {
  return photo.state === 'done' && Boolean(photo.report?.fitted);
}

/**
 * Whether any photo of the order waits for a person: one asked for or borderline, or every photo
 * of an order with Photo Optimize (queued once paid). The customer is told the promise, and that
 * the files wait for the approval.
 */
export function waitsForPerson(order: {
  options?: readonly PhotoOption[];
  items: readonly { photos: readonly { secondLook: string | null }[] }[];
}) {
  if (photoOptimizeBought(order.options ?? [])) return true;
  return order.items.some((item) => item.photos.some((photo) => photo.secondLook === 'requested'));
}

/** The customer's upload of a free retake for a photo a person rejected (POST, multipart). */
export function retakeHref(orderDisplayId: string, itemId: number, photoId: number): string {
  return `/api/v1/photo-orders/${orderDisplayId}/items/${itemId}/photos/${photoId}/retake`;
}

/** The SLA clock of one photo: due 2 business hours after it reached the queue. */
export const secondLookSlaSchema = z.object({
  startedAt: z.string(),
  dueAt: z.string(),
  /** Business minutes left; negative once overdue. */
  minutesLeft: z.number(),
});
export type SecondLookSla = z.infer<typeof secondLookSlaSchema>;

export function secondLookSla(startedAt: Date, now: Date): SecondLookSla {
  const due = addBusinessMinutes(startedAt, SECOND_LOOK_SLA_MINUTES);
  return {
    startedAt: startedAt.toISOString(),
    dueAt: due.toISOString(),
    minutesLeft: businessMinutesBetween(now, due),
  };
}

/** "1 h 20 min left" / "Overdue by 35 min", in business time. */
export function slaWords(minutesLeft: number): string {
  const span = Math.abs(minutesLeft);
  const words = span >= 60 ? `${Math.floor(span / 60)} h${span % 60 ? ` ${span % 60} min` : ''}` : `${span} min`;
  return minutesLeft >= 0 ? `${words} left` : `Overdue by ${words}`;
}

/** One photo in the staff queue (GET /admin/photo-checks), oldest first. */
export const secondLookEntrySchema = z.object({
  photoId: z.number(),
  itemId: z.number(),
  name: z.string(),
  photoSize: z.enum(PHOTO_SIZE_IDS),
  documentType: z.string(),
  cause: z.enum(SECOND_LOOK_CAUSES),
  /** The check: pending while the engine still checks a retake, failed when it could not. */
  state: z.enum(PHOTO_STATES),
  /** Null until the check is done (pending or failed). */
  report: complianceReportSchema.nullable(),
  order: z.object({
    displayId: z.string(),
    status: z.string(),
    email: z.string(),
    hasPrints: z.boolean(),
    /** Photo Optimize bought: the editor checks each photo's fit by hand. */
    photoOptimize: z.boolean(),
  }),
  links: z.object({ fitted: z.string().nullable(), original: z.string() }),
  sla: secondLookSlaSchema,
});
export type SecondLookEntry = z.infer<typeof secondLookEntrySchema>;

export const secondLookDecisionSchema = z.object({
  photoId: z.number(),
  secondLook: z.enum(['approved', 'rejected']),
  orderDisplayId: z.string(),
  printsHeld: z.boolean(),
});
export type SecondLookDecision = z.infer<typeof secondLookDecisionSchema>;
