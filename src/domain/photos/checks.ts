import { z } from 'zod';
import { complianceReportSchema } from './compliance.ts';
import { PHOTO_SIZE_IDS } from './sizes.ts';

/**
 * Check first, account later (issue 31, docs/decisions/0102-photo-check-first.md): a visitor's
 * photo check before any account. It belongs to the browser holding its cookie, and lives a day
 * unless an order takes it.
 */

/** The HttpOnly cookie holding the visitor's check token (only its hash is stored). */
export const PHOTO_CHECK_COOKIE = 'sevaphotos_check';
/**
 * A cookie page scripts may read, set and cleared with it, holding no secret: it tells /photos
 * (a cached public page) that this browser has a check to show, so other visitors' browsers
 * never ask for one (and log a 404).
 */
export const PHOTO_CHECK_MARKER_COOKIE = 'sevaphotos_checked';
/** A check not ordered is deleted after a day: long enough to come back after a coffee or a night. */
export const PHOTO_CHECK_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * Anonymous checks per client address: a family behind one router tries a few photos each, and
 * retakes; a script hammering the face model is stopped. Signed-in customers check in their order.
 */
export const PHOTO_CHECK_RATE_LIMIT = { max: 30, timeWindow: 60 * 60 * 1000 } as const;

export const PHOTO_CHECK_MESSAGES = {
  checked: 'Your photo was checked.',
  loaded: 'Your photo check.',
  removed: 'Your photo check was removed.',
  notFound: 'No photo check here: it ended after 24 hours or was made in another browser. Check your photo again.',
  claimed: 'Your photo is in your order.',
  sizeRequired: 'Choose the document the photo is for.',
  rateLimited: (minutes: number) =>
    `You have checked many photos from this connection. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and check again, or sign in and check your photo in your order.`,
} as const;

export const photoCheckQuery = z.object({
  size: z.enum(PHOTO_SIZE_IDS, { error: PHOTO_CHECK_MESSAGES.sizeRequired }),
});

/** The visitor's check as the API answers it: the verdict, and links to the original and the fitted photo. */
export const photoCheckSchema = z.object({
  photoSize: z.enum(PHOTO_SIZE_IDS),
  name: z.string(),
  report: complianceReportSchema,
  links: z.object({ original: z.string(), fitted: z.string().nullable() }),
  expiresAt: z.string(),
});
export type PhotoCheck = z.infer<typeof photoCheckSchema>;

export const PHOTO_CHECK_PATH = '/photo-checks/current';

export function photoCheckLinks(hasFitted: boolean, base = '/api/v1') {
  return {
    original: `${base}${PHOTO_CHECK_PATH}/original`,
    fitted: hasFitted ? `${base}${PHOTO_CHECK_PATH}/fitted` : null,
  };
}
