import sharp from 'sharp';
import { type FormResult, formFailure } from '../../domain/contact/result.ts';
import { FILE_MISSING_MESSAGE, portalPdfRefusal, storedPdfRefusal } from '../../domain/uploads/messages.ts';
import { fitsPortalPdfLimits, PORTAL_PDF_LIMITS, type PortalPdfLimits } from '../../domain/uploads/portal-pdf.ts';
import type { FileStorage } from '../storage/index.ts';
import { reencodeTurn } from './image.ts';
import { CONTENT_LIMITS } from './limits.ts';
import { addA4ImagePage, newPdf, pdfJpegOptions } from './pdf-pages.ts';
import type { ServableFile } from './serve-file.ts';

/**
 * The longest side tried, largest first: 2000 px keeps a passport page's small print readable when
 * staff or the consulate zoom in; 1024 px is the least that still reads a phone photo of an A4 page.
 */
const LONG_SIDES_PX = [2000, 1600, 1280, 1024] as const;
/** JPEG qualities tried at each size, best first: below 55 the text of a page blurs into its blocks. */
const QUALITIES = [85, 75, 65, 55] as const;
/**
 * Under a portal's floor (the e-Visa's 10 KB, decision 0189): the qualities tried above the first
 * step's 85 at the image's own size, then the one every enlarged step is made at.
 */
const FLOOR_QUALITIES = [90, 95] as const;
const ENLARGED_QUALITY = 95;
/** Each enlarged step's long side over the one before (up to 2000 px): ~1.56× the pixels. */
const ENLARGE_STEP = 1.25;

export interface PortalPdfOptions {
  /** The PDF's title: the document's display name. */
  title: string;
  /** The portal's limits (portalPdfLimitsOf the order's service); the OCI portal's when not given. */
  limits?: PortalPdfLimits;
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
  /** Over the portal's ceiling even at the smallest step, or under its floor even at the largest. */
  | { ok: false; reason: 'over-limit' | 'under-limit' };

/** One try: the JPEG's long side in pixels and its quality. */
interface Step {
  longSide: number;
  quality: number;
}

/**
 * The steps of decision 0185, best first: qualities before sizes, down to 1024 px at 55; an image
 * smaller than a step is tried at its own size, once.
 */
function stepsDown(longSide: number): [Step, ...Step[]] {
  const sides = [...new Set(LONG_SIDES_PX.map((side) => Math.min(side, longSide)))];
  const steps = sides.flatMap((side) => QUALITIES.map((quality) => ({ longSide: side, quality })));
  return steps as [Step, ...Step[]];
}

/**
 * For an image whose first step is under the portal's floor (decision 0189): more of its own
 * pixels' detail first (qualities 90 and 95 at its own size), then more pixels (enlarged 1.25× at
 * a time, at 95, up to 2000 px). Every byte added is the picture's: no padding a portal might refuse.
 */
function stepsUp(longSide: number): Step[] {
  const steps: Step[] = FLOOR_QUALITIES.map((quality) => ({ longSide, quality }));
  const [largest] = LONG_SIDES_PX;
  for (let side = longSide; side < largest; ) {
    side = Math.min(largest, Math.round(side * ENLARGE_STEP));
    steps.push({ longSide: side, quality: ENLARGED_QUALITY });
  }
  return steps;
}

/**
 * Makes the PDF out of turn: the callers take reencodeTurn (a call from inside a turn would wait
 * for itself). The image is decoded once, upright (its EXIF orientation applied) and on white,
 * at most 2000 px on its long side; each try encodes from those pixels. The first step decides the
 * way: over the portal's ceiling, down the steps of 0185; under its floor, up (stepsUp); the first
 * try within the limits wins. No step jumps across the window: neighbouring steps differ at most
 * ~3× in size (measured), the e-Visa's window is 30× wide (decision 0189); a try that falls
 * outside it on the other side is passed over all the same.
 */
async function makePortalPdf(
  image: Buffer,
  { title, limits = PORTAL_PDF_LIMITS.oci }: PortalPdfOptions,
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

  /** The try's size (its JPEG's alone when that is over the ceiling already) and its PDF. */
  const attempt = async ({ longSide: side, quality }: Step) => {
    const jpeg = await sharp(upright.data, { raw: { width, height, channels } })
      .resize(side, side, { fit: 'inside' })
      .jpeg(pdfJpegOptions(quality))
      .toBuffer({ resolveWithObject: true });
    // The PDF holds the JPEG whole: one already over the limit cannot make a PDF under it.
    if (jpeg.data.length > limits.maxBytes) return { bytes: jpeg.data.length, made: null };
    const document = await newPdf(title);
    await addA4ImagePage(document, jpeg.data, jpeg.info.width, jpeg.info.height);
    // A classic cross-reference table, not object streams (PDF 1.5): whatever reader the portal's
    // checks use reads it, and a file of five objects gains nothing from them.
    const pdf = Buffer.from(await document.save({ useObjectStreams: false }));
    const made = { ok: true, pdf, widthPx: jpeg.info.width, heightPx: jpeg.info.height, quality } as const;
    return { bytes: pdf.length, made };
  };

  const [first, ...down] = stepsDown(longSide);
  const firstTry = await attempt(first);
  if (firstTry.made && fitsPortalPdfLimits(firstTry.bytes, limits)) return firstTry.made;
  const under = firstTry.bytes < limits.minBytes;
  for (const step of under ? stepsUp(longSide) : down) {
    const next = await attempt(step);
    if (next.made && fitsPortalPdfLimits(next.bytes, limits)) return next.made;
  }
  return { ok: false, reason: under ? 'under-limit' : 'over-limit' };
}

/**
 * A document's image (the stored JPEG or PNG) as the one-page PDF its portal takes: within
 * `limits` (the OCI portal's 1000 KB when not given, K17; the e-Visa's 10 KB–300 KB, decision
 * 0189), quality stepped down before size, size down to 1024 px, or up from the image's own size
 * under a floor; refused (`over-limit`, `under-limit`) when no step fits. Runs in the upload
 * re-encode's turn: one image decoded at a time in this process.
 */
export function portalPdf(image: Buffer, options: PortalPdfOptions): Promise<PortalPdf> {
  return reencodeTurn(() => makePortalPdf(image, options));
}

/**
 * The desk's Portal PDF of a stored document the caller has authorised (staff, this order's), made
 * to the limits of the order's portal (portalPdfLimitsOf its service; the OCI portal's when not
 * given): an image made into the PDF (portalPdf), a stored PDF as it is when within the limits
 * (409 outside them: we do not rewrite what the customer sent), 422 for an image that cannot fit,
 * 404 for a file gone from storage. Read and made in one turn, as thumbnails are: waiting requests
 * hold no bytes.
 */
export function storedPortalPdf(
  storage: Pick<FileStorage, 'get'>,
  file: ServableFile,
  limits: PortalPdfLimits = PORTAL_PDF_LIMITS.oci,
): Promise<FormResult<Buffer>> {
  return reencodeTurn(async () => {
    const stored = await storage.get(file.storageKey);
    if (!stored) return formFailure(404, FILE_MISSING_MESSAGE);
    const refused = stored.contentType === 'application/pdf' ? storedPdfRefusal(stored.size, limits) : null;
    if (refused !== null) {
      stored.stream.destroy();
      return formFailure(409, refused);
    }
    const bytes = Buffer.concat(await stored.stream.toArray());
    if (stored.contentType === 'application/pdf') return { ok: true, value: bytes };
    const made = await makePortalPdf(bytes, { title: file.displayName, limits });
    return made.ok
      ? { ok: true, value: made.pdf }
      : formFailure(422, portalPdfRefusal(limits, 'image', made.reason === 'under-limit'));
  });
}
