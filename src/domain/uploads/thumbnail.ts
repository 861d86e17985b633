/**
 * The small image a stored image document's thumbnail loads: `?size=thumb` on its preview link
 * answers a JPEG at most THUMBNAIL_MAX_SIDE_PX on its longer side instead of the whole upload (a
 * phone's 4000×3000 photo is ~5 MB over mobile data; its thumbnail ~10 KB). A PDF's preview
 * answers the same file whatever the size asked; its thumbnail is an icon.
 */
export const THUMBNAIL_SIZES = ['thumb'] as const;
export type ThumbnailSize = (typeof THUMBNAIL_SIZES)[number];

/**
 * The thumbnails are 56 CSS px squares the whole image fits in (object-contain: a walk saw a
 * signature, three times as wide as tall, cut to two letters by a square crop): 240 px on the
 * longer side is 168 CSS px's worth on a 3× phone screen, sharp.
 */
export const THUMBNAIL_MAX_SIDE_PX = 240;

/** The thumbnail's address from a document's preview link (`links.preview`). */
export function thumbnailUrl(previewUrl: string): string {
  return `${previewUrl}?size=thumb`;
}
