import { readFile } from 'node:fs/promises';
import sharp, { type Metadata } from 'sharp';
import type { UploadType } from '../../domain/uploads/file-types.ts';
import { tooFewPixelsMessage, tooManyPixelsMessage, UPLOAD_MESSAGES } from '../../domain/uploads/messages.ts';
import { createTurns } from '../lib/turns.ts';
import type { ContentLimits } from './limits.ts';
import type { PdfPageImage } from './pdf-image.ts';
import { uploadRefused } from './refusal.ts';
import { runSandboxed } from './sandbox.ts';

export interface HeicDecodeInput {
  bytes: Uint8Array;
  maxPixels: number;
}

export type HeicDecodeResult =
  | { ok: true; width: number; height: number; data: Uint8ClampedArray }
  | { ok: false; reason: 'unreadable' | 'too-many-pixels' };

export interface ReencodedImage {
  data: Buffer;
  contentType: 'image/jpeg' | 'image/png';
}

const HEIC_WORKER = new URL('./heic-worker.ts', import.meta.url);
/**
 * Huffman tables optimised for the image (sharp's default) make libjpeg keep every DCT coefficient
 * of the whole image until the end: ~45 MB more for a phone's 12 MP photo, ~90 MB at the peak of
 * its re-encode instead of ~8 MB streamed with the standard tables. The cost is the file: ~7%
 * larger for a phone's grainy photo, up to ~25% for a smooth one (decision 0122-memory-peak).
 */
const JPEG_OUTPUT = { quality: 90, optimiseCoding: false } as const;

export function tooManyPixels(limits: ContentLimits) {
  return uploadRefused(400, tooManyPixelsMessage(Math.round(limits.maxImagePixels / 1_000_000)));
}

function refusalFor(error: unknown, limits: ContentLimits) {
  return /pixel limit/i.test(String((error as Error)?.message))
    ? tooManyPixels(limits)
    : uploadRefused(400, UPLOAD_MESSAGES.imageUnreadable);
}

/** The pixels of an HEVC-coded HEIC, decoded in a sandboxed worker (heic-worker.ts). */
async function decodeHeic(file: Buffer, limits: ContentLimits) {
  // A copy the worker can own.
  const bytes = new Uint8Array(file);
  let result: HeicDecodeResult;
  try {
    result = await runSandboxed<HeicDecodeResult>(
      HEIC_WORKER,
      { bytes, maxPixels: limits.maxImagePixels } satisfies HeicDecodeInput,
      { timeoutMs: limits.heicTimeoutMs, maxHeapMb: limits.workerHeapMb },
      [bytes.buffer],
    );
  } catch {
    throw uploadRefused(400, UPLOAD_MESSAGES.imageUnreadable);
  }
  if (!result.ok) {
    throw result.reason === 'too-many-pixels'
      ? tooManyPixels(limits)
      : uploadRefused(400, UPLOAD_MESSAGES.imageUnreadable);
  }
  return result;
}

/**
 * Re-encodes an uploaded image so that what we keep is pixels we decoded ourselves: EXIF, GPS,
 * XMP, IPTC and colour profiles are dropped (colours converted to sRGB), the EXIF orientation is
 * applied to the pixels, anything after the image data (a polyglot's payload) is gone. JPEG stays
 * JPEG and PNG stays PNG; HEIC becomes JPEG, which every government portal takes. An image with
 * more than `maxImagePixels` pixels is refused from its header, before it is decoded; one that
 * does not decode cleanly (truncated, corrupt) is refused too, and so is one whose shorter side is
 * under `minSidePx`.
 */
export function reencodeImage(
  path: string,
  type: Exclude<UploadType, 'pdf'>,
  limits: ContentLimits,
  minSidePx = 1,
  /** `behind`: a visitor's image, re-encoded after every other waiting one (createTurns). */
  turn: { behind?: boolean } = {},
): Promise<ReencodedImage> {
  return reencodeTurn(() => reencode(path, type, limits, minSidePx), turn);
}

/**
 * Images re-encoded at once in this process: one. A phone's photo is decoded whole (~50 MB of
 * pixels) to be turned upright; four customers uploading at once held ~250 MB more than one at a
 * time, for the same total time on two cores (decision 0093-memory). The desk's Portal PDF
 * (portal-pdf.ts) decodes the same photos, so it takes its turns here too.
 */
export const reencodeTurn = createTurns(1);

async function reencode(
  path: string,
  type: Exclude<UploadType, 'pdf'>,
  limits: ContentLimits,
  minSidePx: number,
): Promise<ReencodedImage> {
  const options = { limitInputPixels: limits.maxImagePixels, failOn: 'warning' } as const;
  // Read once and decoded from memory (at most the slot's size limit): sharp's cache keeps files it
  // opened by name, which would hold a deleted scratch file's disk space after the upload.
  const file = await readFile(path);
  let metadata: Metadata;
  try {
    metadata = await sharp(file, options).metadata();
  } catch (error) {
    throw refusalFor(error, limits);
  }
  const expectedFormat = { jpeg: 'jpeg', png: 'png', heic: 'heif' }[type];
  if (metadata.format !== expectedFormat) throw uploadRefused(400, UPLOAD_MESSAGES.imageUnreadable);
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width * height > limits.maxImagePixels) throw tooManyPixels(limits);
  if (Math.min(width, height) < minSidePx) throw uploadRefused(400, tooFewPixelsMessage(width, height, minSidePx));

  try {
    if (type === 'heic' && metadata.compression === 'hevc') {
      // libheif applies the file's rotation and mirroring while decoding.
      const { width, height, data } = await decodeHeic(file, limits);
      const pixels = sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
        raw: { width, height, channels: 4 },
      });
      return {
        data: await pixels.flatten({ background: '#ffffff' }).jpeg(JPEG_OUTPUT).toBuffer(),
        contentType: 'image/jpeg',
      };
    }
    const image = sharp(file, options).rotate();
    if (type === 'png') return { data: await image.png().toBuffer(), contentType: 'image/png' };
    return {
      data: await image.flatten({ background: '#ffffff' }).jpeg(JPEG_OUTPUT).toBuffer(),
      contentType: 'image/jpeg',
    };
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode) throw error;
    throw refusalFor(error, limits);
  }
}

/**
 * A scanned page taken out of a PDF (pdf-image.ts), re-encoded as JPEG like a photo: decoded
 * within the pixel limit (a JPEG's header may claim more than the PDF declared) and turned by the
 * page's /Rotate only. A PDF viewer ignores a JPEG's own EXIF orientation, so it is dropped here
 * rather than applied later by the reader.
 */
export function reencodePageImage(image: PdfPageImage, limits: ContentLimits): Promise<ReencodedImage> {
  return reencodeTurn(async () => {
    const options = { limitInputPixels: limits.maxImagePixels, failOn: 'warning' } as const;
    const source =
      image.kind === 'jpeg'
        ? sharp(image.bytes, options)
        : sharp(image.pixels, {
            ...options,
            raw: { width: image.width, height: image.height, channels: image.channels },
          });
    try {
      return {
        data: await source.rotate(image.rotate).jpeg(JPEG_OUTPUT).toBuffer(),
        contentType: 'image/jpeg',
      };
    } catch (error) {
      throw refusalFor(error, limits);
    }
  });
}
