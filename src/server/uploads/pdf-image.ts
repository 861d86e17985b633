import { UPLOAD_MESSAGES } from '../../domain/uploads/messages.ts';
import { type ReencodedImage, reencodePageImage, tooManyPixels } from './image.ts';
import type { ContentLimits } from './limits.ts';
import { uploadRefused } from './refusal.ts';
import { runSandboxed } from './sandbox.ts';

export interface PdfImageInput {
  bytes: Uint8Array;
  maxPixels: number;
  maxDecodedBytes: number;
}

/**
 * The scanned page found in a PDF, as its worker hands it over: a JPEG's own bytes, or the
 * inflated pixels of a Flate image. `rotate` is the page's /Rotate (0, 90, 180 or 270): how a PDF
 * viewer turns it.
 */
export type PdfPageImage =
  | { kind: 'jpeg'; bytes: Uint8Array; rotate: number }
  | { kind: 'raw'; width: number; height: number; channels: 1 | 3; pixels: Uint8Array; rotate: number };

export type PdfImageResult =
  | { ok: true; image: PdfPageImage | null }
  | { ok: false; reason: 'unreadable' | 'too-complex' | 'too-many-pixels' };

const PDF_IMAGE_WORKER = new URL('./pdf-image-worker.ts', import.meta.url);

/**
 * The scanned page of a PDF (a phone scanner app's or a printer's scan), as an image to read: the
 * largest image on its first page, found by pdf-lib in a sandboxed worker (pdf-image-worker.ts)
 * under the PDF check's time, heap and decompression limits, then decoded and re-encoded as JPEG
 * by sharp within the pixel limit, turned as the page is shown. Null when the page holds no image
 * we decode (a PDF made of text and drawings; JPEG 2000, JBIG2 or CCITT fax images). A PDF that
 * does not open, or whose image is past the limits, is refused with the customer's message.
 */
export async function pdfPageImage(bytes: Uint8Array, limits: ContentLimits): Promise<ReencodedImage | null> {
  // A copy the worker can own: the caller's buffer stays usable.
  const copy = new Uint8Array(bytes);
  let result: PdfImageResult;
  try {
    result = await runSandboxed<PdfImageResult>(
      PDF_IMAGE_WORKER,
      {
        bytes: copy,
        maxPixels: limits.maxImagePixels,
        maxDecodedBytes: limits.maxPdfDecodedBytes,
      } satisfies PdfImageInput,
      { timeoutMs: limits.pdfTimeoutMs, maxHeapMb: limits.workerHeapMb },
      [copy.buffer],
    );
  } catch {
    throw uploadRefused(400, UPLOAD_MESSAGES.pdfTooComplex);
  }
  if (!result.ok) {
    if (result.reason === 'too-many-pixels') throw tooManyPixels(limits);
    throw uploadRefused(
      400,
      result.reason === 'too-complex' ? UPLOAD_MESSAGES.pdfTooComplex : UPLOAD_MESSAGES.pdfUnreadable,
    );
  }
  return result.image ? reencodePageImage(result.image, limits) : null;
}
