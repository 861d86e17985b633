// Runs in a worker thread (sandbox.ts): finds the scanned page of one PDF — the largest image on
// its first page — and posts a PdfImageResult. A scanner app or a printer puts the page there as
// one image, usually a JPEG (DCTDecode) or deflated pixels (FlateDecode). Nothing is rendered:
// text and drawings are not a scan, and a renderer is far more code to expose to hostile files.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import { inflateSync } from 'node:zlib';
import type { PDFDict as Dict, PDFName as Name, PDFObject } from 'pdf-lib';
import { limitPdfDecoding } from './pdf-decode-limit.ts';
import type { PdfImageInput, PdfImageResult, PdfPageImage } from './pdf-image.ts';

const require = createRequire(import.meta.url);
const { PDFArray, PDFBool, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef } =
  require('pdf-lib') as typeof import('pdf-lib');

const input = workerData as PdfImageInput;
const decoding = limitPdfDecoding(input.maxDecodedBytes);

interface Candidate {
  dict: Dict;
  contents: Uint8Array;
  width: number;
  height: number;
}

/** What a failed look at the file answers; the worker's only other answers are an image or null. */
class Refusal extends Error {
  readonly reason: Extract<PdfImageResult, { ok: false }>['reason'];
  constructor(reason: Refusal['reason']) {
    super(reason);
    this.reason = reason;
  }
}

const name = (value: string): Name => PDFName.of(value);

function positiveInteger(dict: Dict, key: string): number {
  const value = dict.lookup(name(key));
  const number = value instanceof PDFNumber ? value.asNumber() : Number.NaN;
  return Number.isSafeInteger(number) && number > 0 ? number : 0;
}

/** A stream's /Filter as a list: one name, or an array of them. */
function names(value: PDFObject | undefined): PDFObject[] {
  if (value instanceof PDFArray) return value.asArray();
  return value === undefined ? [] : [value];
}

/** An owned copy, unless the bytes already fill their own buffer: what is transferred must not share one. */
function owned(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}

/**
 * The images of a resource dictionary and of the forms it draws, one level deep (a scanner app
 * may wrap the page image in a form). Deeper nesting is not how scans are made.
 */
function collectImages(resources: PDFObject | undefined, found: Candidate[], depth = 0) {
  if (!(resources instanceof PDFDict)) return;
  const xObjects = resources.lookup(name('XObject'));
  if (!(xObjects instanceof PDFDict)) return;
  for (const value of xObjects.values()) {
    const stream = value instanceof PDFRef ? resources.context.lookup(value) : value;
    if (!(stream instanceof PDFRawStream)) continue;
    const subtype = stream.dict.lookup(name('Subtype'));
    // A stencil mask (/ImageMask true) paints a shape in one colour: never the scan.
    const mask = stream.dict.lookup(name('ImageMask'));
    if (subtype === name('Image') && !(mask instanceof PDFBool && mask.asBoolean())) {
      const width = positiveInteger(stream.dict, 'Width');
      const height = positiveInteger(stream.dict, 'Height');
      if (width && height) found.push({ dict: stream.dict, contents: stream.contents, width, height });
    } else if (subtype === name('Form') && depth === 0) {
      collectImages(stream.dict.lookup(name('Resources')), found, depth + 1);
    }
  }
}

/** Colour components of a grey or RGB colour space (an ICC profile's /N); null for any other. */
function channelsOf(colorSpace: PDFObject | undefined): 1 | 3 | null {
  let family = colorSpace;
  let components: number | undefined;
  if (colorSpace instanceof PDFArray) {
    family = colorSpace.lookup(0);
    const profile = colorSpace.lookup(1);
    if (family === name('ICCBased') && profile instanceof PDFRawStream) components = positiveInteger(profile.dict, 'N');
  }
  if (family === name('DeviceGray') || family === name('CalGray')) return 1;
  if (family === name('DeviceRGB') || family === name('CalRGB')) return 3;
  return components === 1 || components === 3 ? components : null;
}

function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const toLeft = Math.abs(estimate - left);
  const toUp = Math.abs(estimate - up);
  const toUpLeft = Math.abs(estimate - upLeft);
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}

/**
 * Undoes PNG's row filters (PDF predictors 10–15, as img2pdf and many scanners write a PNG's own
 * data into the PDF): each row starts with its filter's number.
 */
function unfilterRows(data: Uint8Array, stride: number, height: number, bytesPerPixel: number): Uint8Array {
  const out = new Uint8Array(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = data[y * (stride + 1)];
    const from = y * (stride + 1) + 1;
    const at = y * stride;
    for (let x = 0; x < stride; x += 1) {
      const left = x >= bytesPerPixel ? (out[at + x - bytesPerPixel] ?? 0) : 0;
      const up = y > 0 ? (out[at + x - stride] ?? 0) : 0;
      const upLeft = y > 0 && x >= bytesPerPixel ? (out[at + x - stride - bytesPerPixel] ?? 0) : 0;
      const raw = data[from + x] ?? 0;
      if (filter === 0) out[at + x] = raw;
      else if (filter === 1) out[at + x] = raw + left;
      else if (filter === 2) out[at + x] = raw + up;
      else if (filter === 3) out[at + x] = raw + ((left + up) >> 1);
      else if (filter === 4) out[at + x] = raw + paeth(left, up, upLeft);
      else throw new Refusal('unreadable');
    }
  }
  return out;
}

/** Inflates exactly `expected` bytes: a stream that grows past what its image declares is refused, not followed. */
function inflateTo(contents: Uint8Array, expected: number): Uint8Array {
  if (expected > input.maxDecodedBytes) throw new Refusal('too-complex');
  let inflated: Buffer;
  try {
    inflated = inflateSync(contents, { maxOutputLength: expected });
  } catch (error) {
    throw new Refusal((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'too-complex' : 'unreadable');
  }
  if (inflated.byteLength !== expected) throw new Refusal('unreadable');
  return inflated;
}

/** The pixels of a deflated 8-bit grey or RGB image; null for one we do not decode. */
function flatePixels({ dict, contents, width, height }: Candidate, rotate: number): PdfPageImage | null {
  const channels = channelsOf(dict.lookup(name('ColorSpace')));
  if (!channels || positiveInteger(dict, 'BitsPerComponent') !== 8) return null;
  const params = dict.lookup(name('DecodeParms'));
  const predictor = params instanceof PDFDict ? positiveInteger(params, 'Predictor') || 1 : 1;
  const stride = width * channels;
  if (predictor === 1) {
    const pixels = owned(inflateTo(contents, stride * height));
    return { kind: 'raw', width, height, channels, pixels, rotate };
  }
  // PNG predictors only, laid out as the image says (TIFF's predictor 2 is not how scans come).
  if (
    predictor < 10 ||
    !(params instanceof PDFDict) ||
    (positiveInteger(params, 'Colors') || 1) !== channels ||
    (positiveInteger(params, 'BitsPerComponent') || 8) !== 8 ||
    (positiveInteger(params, 'Columns') || 1) !== width
  ) {
    return null;
  }
  const pixels = unfilterRows(inflateTo(contents, (stride + 1) * height), stride, height, channels);
  return { kind: 'raw', width, height, channels, pixels, rotate };
}

/** The largest image of the first page, in a form sharp decodes; null when there is none. */
async function find(): Promise<PdfImageResult> {
  const document = await PDFDocument.load(input.bytes, { updateMetadata: false, throwOnInvalidObject: true });
  if (decoding.exceeded) return { ok: false, reason: 'too-complex' };
  const page = document.getPages()[0];
  if (!page) return { ok: false, reason: 'unreadable' };
  const found: Candidate[] = [];
  collectImages(page.node.Resources(), found);
  const largest = found.reduce<Candidate | null>(
    (best, image) => (!best || image.width * image.height > best.width * best.height ? image : best),
    null,
  );
  if (!largest) return { ok: true, image: null };
  if (largest.width * largest.height > input.maxPixels) return { ok: false, reason: 'too-many-pixels' };
  const angle = page.getRotation().angle;
  const rotate = angle % 90 === 0 ? ((angle % 360) + 360) % 360 : 0;
  const filters = names(largest.dict.lookup(name('Filter')));
  // JPEG 2000 (JPXDecode), JBIG2 and CCITT fax images, chained or no filters: not decoded here.
  if (filters.length !== 1) return { ok: true, image: null };
  if (filters[0] === name('DCTDecode')) {
    return { ok: true, image: { kind: 'jpeg', bytes: owned(largest.contents), rotate } };
  }
  return { ok: true, image: filters[0] === name('FlateDecode') ? flatePixels(largest, rotate) : null };
}

async function answer(): Promise<PdfImageResult> {
  try {
    return await find();
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: error.reason };
    return { ok: false, reason: decoding.exceeded ? 'too-complex' : 'unreadable' };
  }
}

const result = await answer();
// The bytes are handed over, not copied: each image owns its buffer (owned() above).
const image = result.ok ? result.image : null;
const bytes = image ? (image.kind === 'jpeg' ? image.bytes : image.pixels) : null;
parentPort?.postMessage(result, bytes ? [bytes.buffer as ArrayBuffer] : []);
