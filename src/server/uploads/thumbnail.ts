import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { THUMBNAIL_MAX_SIDE_PX } from '../../domain/uploads/thumbnail.ts';
import { createTurns } from '../lib/turns.ts';
import type { FileStorage, StoredFile } from '../storage/index.ts';
import { CONTENT_LIMITS } from './limits.ts';

/**
 * A stored image as its thumbnail: the JPEG made from it, or, for a stored PDF (never rendered),
 * the file itself; null when storage no longer holds it.
 */
export type Thumbnail =
  | { kind: 'made'; body: Buffer; contentType: 'image/jpeg' }
  | { kind: 'stored'; file: StoredFile };

/**
 * Thumbnails made at once in this process. A JPEG is decoded at an eighth of its size (libjpeg's
 * shrink-on-load: ~50 ms of CPU for a 12 MP phone photo), but its bytes are read whole first and a
 * PNG is decoded at full size: a page of a family's thumbnails must not hold them all at once.
 */
const thumbnailTurn = createTurns(2);

/**
 * Bumped when the thumbnail's making changes (size, quality), so that browsers holding one made
 * before fetch the new one instead of being told theirs is current.
 */
const THUMBNAIL_VERSION = 1;

/**
 * The thumbnail's strong validator: a stored file never changes under its key (a replaced document
 * is a new row with a new key), so neither does its thumbnail. A hash, so the key stays ours.
 */
export function thumbnailEtag(storageKey: string): string {
  const hash = createHash('sha256').update(`thumbnail:${THUMBNAIL_VERSION}:${storageKey}`).digest('base64url');
  return `"t${THUMBNAIL_VERSION}-${hash.slice(0, 27)}"`;
}

/**
 * The JPEG thumbnail of a stored image: at most THUMBNAIL_MAX_SIDE_PX on its longer side, the
 * EXIF orientation applied (stored images are already upright; this guards any that are not),
 * transparency on white, sRGB, no metadata (sharp keeps none unless asked).
 */
export async function makeThumbnail(image: Buffer): Promise<Buffer> {
  return sharp(image, { limitInputPixels: CONTENT_LIMITS.maxImagePixels })
    .rotate()
    .resize(THUMBNAIL_MAX_SIDE_PX, THUMBNAIL_MAX_SIDE_PX, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 75 })
    .toBuffer();
}

/** The thumbnail of the file under `storageKey`, read and made in turn (thumbnailTurn). */
export function thumbnailOf(storage: FileStorage, storageKey: string): Promise<Thumbnail | null> {
  return thumbnailTurn(async () => {
    const stored = await storage.get(storageKey);
    if (!stored) return null;
    if (!stored.contentType.startsWith('image/')) return { kind: 'stored', file: stored };
    const chunks = await stored.stream.toArray();
    return { kind: 'made', body: await makeThumbnail(Buffer.concat(chunks)), contentType: 'image/jpeg' };
  });
}
