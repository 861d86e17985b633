import { PageSizes, PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { type FormResult, formFailure } from '../../domain/contact/result.ts';
import { FILE_MISSING_MESSAGE, PORTAL_PDF_MESSAGES } from '../../domain/uploads/messages.ts';
import { PORTAL_PDF_MAX_BYTES } from '../../domain/uploads/portal-pdf.ts';
import type { FileStorage } from '../storage/index.ts';
import { reencodeTurn } from './image.ts';
import { CONTENT_LIMITS } from './limits.ts';
import type { ServableFile } from './serve-file.ts';

/**
 * The longest side tried, largest first: 2000 px keeps a passport page's small print readable when
 * staff or the consulate zoom in; 1024 px is the least that still reads a phone photo of an A4 page.
 */
const LONG_SIDES_PX = [2000, 1600, 1280, 1024] as const;
/** JPEG qualities tried at each size, best first: below 55 the text of a page blurs into its blocks. */
const QUALITIES = [85, 75, 65, 55] as const;
/** A4, the paper of the Indian government that reads the file; landscape for a wide image. */
const [A4_SHORT_PT, A4_LONG_PT] = PageSizes.A4;
const MARGIN_PT = 24;

export interface PortalPdfOptions {
  /** The PDF's title: the document's display name. */
  title: string;
  /** The limit; only tests pass another (the portal's is PORTAL_PDF_MAX_BYTES). */
  maxBytes?: number;
}

export type PortalPdf =
  | {
      ok: true;
      pdf: Buffer;
      /** The embedded JPEG's pixels and quality: what the size steps settled on. */
      widthPx: number;
      heightPx: number;
      quality: number;
    }
  | { ok: false; reason: 'over-limit' };

/**
 * Baseline JPEG with 4:2:0 chroma, as libjpeg-turbo writes it (mozjpeg off): what every PDF reader
 * and a portal's own checks decode. Huffman tables are optimised (sharp's default, unlike the
 * upload's re-encode in image.ts): ~7% smaller, and at 2000 px at most the coefficients it keeps
 * are ~9 MB, not the ~45 MB of a whole phone photo.
 */
function jpegOptions(quality: number) {
  return { quality, mozjpeg: false, progressive: false, chromaSubsampling: '4:2:0' } as const;
}

/** One A4 page, portrait or landscape as the image is, with the image fitted inside the margin and centred. */
async function onePagePdf(jpeg: Buffer, width: number, height: number, title: string): Promise<Buffer> {
  // No creation dates, creator or pdf-lib's producer: the title and who made it, nothing more.
  const document = await PDFDocument.create({ updateMetadata: false });
  document.setTitle(title);
  document.setProducer('SevaDocs');
  const image = await document.embedJpg(jpeg);
  const [pageWidth, pageHeight] = width > height ? [A4_LONG_PT, A4_SHORT_PT] : [A4_SHORT_PT, A4_LONG_PT];
  const page = document.addPage([pageWidth, pageHeight]);
  const scale = Math.min((pageWidth - 2 * MARGIN_PT) / width, (pageHeight - 2 * MARGIN_PT) / height);
  const drawnWidth = width * scale;
  const drawnHeight = height * scale;
  page.drawImage(image, {
    x: (pageWidth - drawnWidth) / 2,
    y: (pageHeight - drawnHeight) / 2,
    width: drawnWidth,
    height: drawnHeight,
  });
  // A classic cross-reference table, not object streams (PDF 1.5): whatever reader the portal's
  // checks use reads it, and a file of five objects gains nothing from them.
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

/**
 * Makes the PDF out of turn: the callers take reencodeTurn (a call from inside a turn would wait
 * for itself). The image is decoded once, upright (its EXIF orientation applied) and on white,
 * at most 2000 px on its long side; each try encodes from those pixels.
 */
async function makePortalPdf(
  image: Buffer,
  { title, maxBytes = PORTAL_PDF_MAX_BYTES }: PortalPdfOptions,
): Promise<PortalPdf> {
  const [largest] = LONG_SIDES_PX;
  const upright = await sharp(image, { limitInputPixels: CONTENT_LIMITS.maxImagePixels })
    .rotate()
    .resize(largest, largest, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = upright.info;
  const longSide = Math.max(width, height);
  const tried = new Set<number>();
  for (const side of LONG_SIDES_PX) {
    // A smaller image than a step is tried at its own size, once.
    const target = Math.min(side, longSide);
    if (tried.has(target)) continue;
    tried.add(target);
    for (const quality of QUALITIES) {
      const jpeg = await sharp(upright.data, { raw: { width, height, channels } })
        .resize(target, target, { fit: 'inside', withoutEnlargement: true })
        .jpeg(jpegOptions(quality))
        .toBuffer({ resolveWithObject: true });
      // The PDF holds the JPEG whole: one already over the limit cannot make a PDF under it.
      if (jpeg.data.length > maxBytes) continue;
      const pdf = await onePagePdf(jpeg.data, jpeg.info.width, jpeg.info.height, title);
      if (pdf.length <= maxBytes) {
        return { ok: true, pdf, widthPx: jpeg.info.width, heightPx: jpeg.info.height, quality };
      }
    }
  }
  return { ok: false, reason: 'over-limit' };
}

/**
 * A document's image (the stored JPEG or PNG) as the one-page PDF the OCI portal takes: at most
 * `maxBytes` (1000 KB, K17), quality stepped down before size, size down to 1024 px; refused
 * (`over-limit`) when even that does not fit. Runs in the upload re-encode's turn: one image
 * decoded at a time in this process.
 */
export function portalPdf(image: Buffer, options: PortalPdfOptions): Promise<PortalPdf> {
  return reencodeTurn(() => makePortalPdf(image, options));
}

/**
 * The desk's Portal PDF of a stored document the caller has authorised (staff, this order's): an
 * image made into the PDF (portalPdf), a stored PDF as it is when under the limit (409 over it:
 * we do not rewrite what the customer sent), 422 for an image that cannot fit, 404 for a file
 * gone from storage. Read and made in one turn, as thumbnails are: waiting requests hold no bytes.
 */
export function storedPortalPdf(
  storage: Pick<FileStorage, 'get'>,
  file: ServableFile,
  maxBytes = PORTAL_PDF_MAX_BYTES,
): Promise<FormResult<Buffer>> {
  return reencodeTurn(async () => {
    const stored = await storage.get(file.storageKey);
    if (!stored) return formFailure(404, FILE_MISSING_MESSAGE);
    if (stored.contentType === 'application/pdf' && stored.size > maxBytes) {
      stored.stream.destroy();
      return formFailure(409, PORTAL_PDF_MESSAGES.pdfOverLimit);
    }
    const bytes = Buffer.concat(await stored.stream.toArray());
    if (stored.contentType === 'application/pdf') return { ok: true, value: bytes };
    const made = await makePortalPdf(bytes, { title: file.displayName, maxBytes });
    return made.ok ? { ok: true, value: made.pdf } : formFailure(422, PORTAL_PDF_MESSAGES.imageOverLimit);
  });
}
