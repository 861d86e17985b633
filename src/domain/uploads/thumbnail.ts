/**
 * The small image a stored image document's thumbnail loads: `?size=thumb` on its preview link
 * answers a JPEG at most THUMBNAIL_MAX_SIDE_PX on its longer side instead of the whole upload (a
 * phone's 4000×3000 photo is ~5 MB over mobile data; its thumbnail ~10 KB). A PDF's preview
 * answers the same file whatever the size asked; its thumbnail is an icon.
 */
export const THUMBNAIL_SIZES = ['thumb'] as const;
export type ThumbnailSize = (typeof THUMBNAIL_SIZES)[number];

/**
 * The thumbnails are 56 CSS px squares cut from the image (object-cover): a 4:3 photo's shorter
 * side at 240 px on the longer one is 180 px, sharp on a 3× phone screen.
 */
export const THUMBNAIL_MAX_SIDE_PX = 240;

/** The thumbnail's address from a document's preview link (`links.preview`). */
export function thumbnailUrl(previewUrl: string): string {
  return `${previewUrl}?size=thumb`;
}
