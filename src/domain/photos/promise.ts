/**
 * The one promise SevaDocs and SevaPhotos make about a customer's photo, everywhere it is made
 * (issue 30): the portals of the US, India and Canada refuse altered photos
 * (../shared/photo-specs.md, "No alteration"), so the engine only crops, scales, recompresses and
 * converts. Pages, add-ons and form notes show this sentence rather than their own wording.
 */
export const PHOTO_PROMISE = 'We crop, resize and convert; we never retouch a face.';
