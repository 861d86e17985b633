import { MEGABYTE, PHOTO_MAX_BYTES } from '../../domain/uploads/file-types.ts';

/** What an accepted file's content may be, beyond its size (docs/decisions/0049). */
export interface ContentLimits {
  /** Width × height an image may have; sharp refuses larger before decoding (a decompression bomb). */
  maxImagePixels: number;
  maxPdfPages: number;
  /** The longest side of a PDF page in points: PDF's own implementation limit, 200 inches. */
  maxPdfPageSide: number;
  /** Bytes the PDF parser may decompress while reading the file's structure (a PDF bomb). */
  maxPdfDecodedBytes: number;
  pdfTimeoutMs: number;
  heicTimeoutMs: number;
  /** Heap of the worker that parses one PDF or decodes one HEIC. */
  workerHeapMb: number;
}

export const CONTENT_LIMITS: ContentLimits = {
  // A 48-megapixel phone photo passes; 16384 × 16384 does not.
  maxImagePixels: 50_000_000,
  maxPdfPages: 50,
  maxPdfPageSide: 14_400,
  maxPdfDecodedBytes: 200 * MEGABYTE,
  pdfTimeoutMs: 10_000,
  heicTimeoutMs: 15_000,
  workerHeapMb: 256,
};

/**
 * Hard limits of the multipart parser on every upload request: one file, a handful of small
 * fields, few headers per part. The file size limit is set per slot by acceptUpload; this one is
 * only the ceiling for a scope that never says (the largest slot of the checklists).
 */
export const MULTIPART_LIMITS = {
  fileSize: PHOTO_MAX_BYTES,
  files: 1,
  fields: 5,
  parts: 6,
  fieldNameSize: 100,
  fieldSize: 1024,
  headerPairs: 20,
} as const;
