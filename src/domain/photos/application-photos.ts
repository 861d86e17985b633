import type { SignatureMark } from './compliance.ts';
import { PHOTO_SIZES, type PhotoSizeId, type PhotoSizeSpec } from './sizes.ts';

/**
 * The checklist items of an application whose upload the SevaPhotos engine fits to a size
 * (issue 30, docs/decisions/0098-application-photo-fitting.md): the customer sends any JPEG, PNG or
 * HEIC up to 15 MB and what is kept is the fitted JPEG, so the portal's own rules (OCI: square,
 * JPEG, at most 500 KB; signature 3 : 1) apply to that output, not to the customer's file.
 * Keyed by `service/checklist item id` (src/domain/applications/checklist.ts).
 */
const FITTED_ITEMS: ReadonlyMap<string, PhotoSizeId> = new Map([
  ['oci-card/photo', 'oci-photo'],
  // The OCI portal takes the signature and a young child's thumb impression at one size.
  ['oci-card/signature', 'oci-signature'],
  ['oci-card/thumb-impression', 'oci-signature'],
  // The renewal abroad is filed online since 1 September 2025, with a 630 × 810 photo.
  ['indian-passport-renewal/photo', 'in-passport'],
  ['indian-visa/photo', 'in-evisa'],
  // A paper visa at the application centre: a 2 × 2 in photo on white.
  ['visa-application-centre-support/photo', 'us-2x2'],
]);

/** The size an application's checklist item is fitted to, or null when its upload is kept as sent (re-encoded). */
export function fittedPhotoSize(serviceSlug: string, itemId: string): PhotoSizeSpec | null {
  const sizeId = FITTED_ITEMS.get(`${serviceSlug}/${itemId}`);
  return sizeId ? PHOTO_SIZES[sizeId] : null;
}

/**
 * What a signature-sized item's upload holds: the thumb impression a member under 5 gives in place
 * of a signature (its checklist item, checklist.ts `givesThumbImpression`), or a signature. The
 * engine's checks of a thumb impression speak of one and never ask anyone to sign.
 */
export function fittedPhotoMark(itemId: string): SignatureMark {
  return itemId === 'thumb-impression' ? 'thumb-impression' : 'signature';
}

export const APPLICATION_PHOTO_MESSAGES = {
  /** The engine could not run (its queue is full, its worker restarted): nothing was stored. */
  notChecked: 'We could not check your photo just now. Please try again in a minute.',
} as const;
