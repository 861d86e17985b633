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
 * Thumbnails made lately, by storage key, so a family's documents page seen again (or a client
 * asking in a loop) is not made again: the browser keeps none (`private, no-store`, as every
 * customer file: a passport's thumbnail must not stay in a shared computer's cache). A stored file
 * never changes under its key. Bounded in count (~10 KB each: a few MB) and in time, so a file
 * deleted or erased is not held for long; every answer still passes the caller's ownership check.
 */
const RECENT_THUMBNAILS = 256;
const RECENT_THUMBNAIL_MS = 10 * 60_000;
const recent = new Map<string, { body: Buffer; at: number }>();

function recentThumbnail(storageKey: string, now: number): Buffer | null {
  const hit = recent.get(storageKey);
  if (!hit) return null;
  recent.delete(storageKey);
  if (now - hit.at > RECENT_THUMBNAIL_MS) return null;
  recent.set(storageKey, hit); // the newest again, for the oldest-first eviction
  return hit.body;
}

function keepThumbnail(storageKey: string, body: Buffer, now: number): void {
  recent.set(storageKey, { body, at: now });
  for (const oldest of recent.keys()) {
    if (recent.size <= RECENT_THUMBNAILS) break;
    recent.delete(oldest);
  }
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

/** The thumbnail of the file under `storageKey`: one made lately, or read and made in turn (thumbnailTurn). */
export async function thumbnailOf(storage: FileStorage, storageKey: string): Promise<Thumbnail | null> {
  const kept = recentThumbnail(storageKey, Date.now());
  if (kept) return { kind: 'made', body: kept, contentType: 'image/jpeg' };
  return thumbnailTurn(async () => {
    const stored = await storage.get(storageKey);
    if (!stored) return null;
    if (!stored.contentType.startsWith('image/')) return { kind: 'stored', file: stored };
    const chunks = await stored.stream.toArray();
    const body = await makeThumbnail(Buffer.concat(chunks));
    keepThumbnail(storageKey, body, Date.now());
    return { kind: 'made', body, contentType: 'image/jpeg' };
  });
}
