import { PageSizes, PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import type { StoredFileType } from '../../domain/uploads/file-types.ts';
import { type ReencodedImage, reencodeTurn } from './image.ts';
import { CONTENT_LIMITS } from './limits.ts';

/** A4, the paper of the Indian government that reads the files; landscape for a wide image. */
const [A4_SHORT_PT, A4_LONG_PT] = PageSizes.A4;
const MARGIN_PT = 24;

/**
 * Baseline JPEG with 4:2:0 chroma, as libjpeg-turbo writes it (mozjpeg off): what every PDF reader
 * and a portal's own checks decode. Huffman tables are optimised (sharp's default, unlike the
 * upload's re-encode in image.ts): ~7% smaller, and at 2000 px at most the coefficients it keeps
 * are ~9 MB, not the ~45 MB of a whole phone photo.
 */
export function pdfJpegOptions(quality: number) {
  return { quality, mozjpeg: false, progressive: false, chromaSubsampling: '4:2:0' } as const;
}

/** One A4 page, portrait or landscape as the image is, with the JPEG fitted inside the margin and centred. */
export async function addA4ImagePage(document: PDFDocument, jpeg: Buffer, width: number, height: number) {
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
}

/** A new PDF with no creation dates, creator or pdf-lib's producer: the title and who made it. */
export async function newPdf(title: string): Promise<PDFDocument> {
  const document = await PDFDocument.create({ updateMetadata: false });
  document.setTitle(title);
  document.setProducer('SevaDocs');
  return document;
}

/**
 * A page's photo as it goes into an assembled document: upright, on white, at most 1600 px on its
 * long side at quality 80. A phone photo of a passport page stays readable when zoomed, and two
 * pages come to ~0.5–0.9 MB, within the OCI portal's 1000 KB for the passport copy (K17).
 */
const PAGE_LONG_SIDE_PX = 1600;
const PAGE_QUALITY = 80;

async function pageJpeg(image: Buffer) {
  return sharp(image, { limitInputPixels: CONTENT_LIMITS.maxImagePixels })
    .rotate()
    .resize(PAGE_LONG_SIDE_PX, PAGE_LONG_SIDE_PX, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg(pdfJpegOptions(PAGE_QUALITY))
    .toBuffer({ resolveWithObject: true });
}

/** The document a page is added to: a photo (its first page), or a PDF we assembled before. */
export interface PagedDocument {
  bytes: Buffer;
  contentType: StoredFileType;
  /** The document's name, the PDF's title. */
  title: string;
}

/**
 * The document with `page` as its last page (decision 0196): a photo becomes a PDF of two pages;
 * a PDF we assembled gains one. Never called on a customer's own PDF (the caller checks the
 * document's `pages`): only what we wrote is opened again here. Runs in the upload re-encode's
 * turn, one image decoded at a time in this process.
 */
export function withPageAdded(document: PagedDocument, page: ReencodedImage): Promise<{ pdf: Buffer; pages: number }> {
  return reencodeTurn(async () => {
    const pdf =
      document.contentType === 'application/pdf'
        ? await PDFDocument.load(document.bytes, { updateMetadata: false })
        : await newPdf(document.title);
    const images = document.contentType === 'application/pdf' ? [page.data] : [document.bytes, page.data];
    for (const image of images) {
      const { data, info } = await pageJpeg(image);
      await addA4ImagePage(pdf, data, info.width, info.height);
    }
    // A classic cross-reference table, as the portal PDFs: whatever reader a portal uses reads it.
    return { pdf: Buffer.from(await pdf.save({ useObjectStreams: false })), pages: pdf.getPageCount() };
  });
}

/**
 * The assembled document without page `page` (from 1), as a new PDF of the other pages in order:
 * copying the pages leaves the removed page's image behind, where taking it out of the page tree
 * would keep its bytes in the file. Only for a PDF we assembled (the caller checks `pages`).
 */
export async function withPageRemoved(document: PagedDocument, page: number): Promise<{ pdf: Buffer; pages: number }> {
  const source = await PDFDocument.load(document.bytes, { updateMetadata: false });
  const kept = source.getPageIndices().filter((index) => index !== page - 1);
  const pdf = await newPdf(document.title);
  for (const copied of await pdf.copyPages(source, kept)) pdf.addPage(copied);
  return { pdf: Buffer.from(await pdf.save({ useObjectStreams: false })), pages: pdf.getPageCount() };
}
