/**
 * The one promise SevaDocs and SevaPhotos make about a customer's photo (issues 30 and 31), composed
 * from what each brand's fitting does to it. The portals of the US, India and Canada refuse altered
 * photos (../shared/photo-specs.md, "No alteration"), so a fitting only straightens a slight tilt
 * (turning the photo moves its pixels, as a crop does; issue 31 §2), crops, scales, recompresses
 * and converts; SevaPhotos' photo orders may also even out a plain background (Background Change,
 * decision 0078), only for sizes whose rules allow it and only when bought. Neither adjusts
 * brightness, so neither says it does. Pages, add-ons and form notes show their brand's sentence
 * rather than their own wording (docs/decisions/0101-photo-honest-prices-and-failing-prints.md).
 */

/** What a fitting may do to the pixels of a photo, each one the photo rules allow. */
export const PHOTO_EDITS = ['straighten', 'crop', 'resize', 'convert', 'even-background'] as const;
export type PhotoEdit = (typeof PHOTO_EDITS)[number];

const EDIT_WORDS: Record<PhotoEdit, string> = {
  straighten: 'straighten a slight tilt',
  crop: 'crop',
  resize: 'resize',
  convert: 'convert',
  'even-background': 'even out a plain background (when you ask and the rules allow)',
};

export type PhotoBrand = 'SEVADOCS' | 'SEVAPHOTOS';

/**
 * What each brand's fitting does: a SevaPhotos order runs the engine with Background Change when
 * bought (photos/service.ts check); an application's photo field runs it without (fit-upload.ts).
 */
export const PHOTO_FITTING_EDITS: Record<PhotoBrand, readonly PhotoEdit[]> = {
  SEVAPHOTOS: ['straighten', 'crop', 'resize', 'convert', 'even-background'],
  SEVADOCS: ['straighten', 'crop', 'resize', 'convert'],
};

/** "We straighten a slight tilt, crop, resize and convert; we never retouch a face." for these edits. */
export function composePhotoPromise(edits: readonly PhotoEdit[]): string {
  const words = edits.map((edit) => EDIT_WORDS[edit]);
  const last = words.pop();
  const list = words.length > 0 ? `${words.join(', ')} and ${last}` : (last ?? '');
  return `We ${list}; we never retouch a face.`;
}

/** Each brand's sentence. */
export const PHOTO_PROMISE: Record<PhotoBrand, string> = {
  SEVAPHOTOS: composePhotoPromise(PHOTO_FITTING_EDITS.SEVAPHOTOS),
  SEVADOCS: composePhotoPromise(PHOTO_FITTING_EDITS.SEVADOCS),
};
