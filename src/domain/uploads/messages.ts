import { describeUploadTypes, formatFileSize, UPLOAD_TYPE_INFO, type UploadType } from './file-types.ts';
import {
  fitsPortalPdfLimits,
  PORTAL_PDF_LIMITS,
  type PortalPdfLimits,
  type PortalPdfPortal,
  portalPdfRange,
} from './portal-pdf.ts';

/**
 * What a customer reads when an upload is refused (issue 10, "Bad input and safety"): what went
 * wrong and what to do. SPEC.md shows no upload messages, so these are ours; the server sends
 * them as the envelope's message and the upload widget shows them as they are.
 */
export const UPLOAD_MESSAGES = {
  noFile: 'Please choose a file to upload.',
  oneFileOnly: 'Please upload one file at a time.',
  malformed: 'The upload could not be read. Please try again.',
  interrupted: 'The upload was interrupted. Please try again.',
  empty: 'This file is empty. Please choose the file again.',
  imageUnreadable: 'This image could not be opened. It may be damaged: please take or export it again.',
  pdfUnreadable: 'This PDF could not be opened. It may be damaged: please save or scan it again.',
  pdfEncrypted: 'This PDF is protected by a password. Please upload a copy without a password.',
  pdfActiveContent:
    'This PDF contains scripts, attached files or other interactive content, which we cannot accept for safety. Please save it again with “Print to PDF”, or scan the pages as a new PDF.',
  pdfTooComplex:
    'This PDF is too complex for us to check. Please save it again with “Print to PDF”, or scan the pages as a new PDF.',
} as const;

/** A file of a type this slot does not take, whatever its name says. */
export function unsupportedTypeMessage(types: readonly UploadType[]): string {
  return `This file type is not accepted here. Please upload a ${describeUploadTypes(types)} file.`;
}

/**
 * A file whose name promises a type the slot takes but whose bytes are something else (a saved
 * web page renamed to `.pdf`): the general message would leave the customer sure they uploaded a PDF.
 */
export function mislabelledFileMessage(named: UploadType, types: readonly UploadType[]): string {
  const label = UPLOAD_TYPE_INFO[named].label;
  return `This file is named as a ${label} but is not really one: it may be a saved web page or a renamed file. Please save or export it again as a ${describeUploadTypes(types)} file.`;
}

/** A file over the slot's size limit. */
export function fileTooLargeMessage(maxBytes: number): string {
  return `This file is larger than ${formatFileSize(maxBytes)}. Please upload a smaller file.`;
}

/** An image whose pixel count is beyond what we decode (a decompression bomb or an outsized scan). */
export function tooManyPixelsMessage(maxMegapixels: number): string {
  return `This image is too large (over ${maxMegapixels} megapixels). Please upload a smaller photo or scan.`;
}

/** An image too small to be a photo of anything (a 1 × 1 image). */
export function tooFewPixelsMessage(width: number, height: number, minSidePx: number): string {
  return `This image is too small (${width} × ${height} px). Please upload a photo at least ${minSidePx} px on each side.`;
}

/** A PDF with more pages than any document we ask for. */
export function tooManyPagesMessage(maxPages: number): string {
  return `This PDF has more than ${maxPages} pages. Please upload only the pages we ask for.`;
}

/** A PDF with a page larger than any paper size (a rendering bomb). */
export function pageTooLargeMessage(): string {
  return 'This PDF has a page far larger than any paper size. Please scan or save it again at its real size.';
}

/** A file whose record exists but whose bytes are gone from storage. */
export const FILE_MISSING_MESSAGE = 'This file is no longer available. Please upload it again.';

/**
 * What staff read when the desk's Portal PDF (decisions 0185-portal-pdf and 0189) cannot be made:
 * the file would be refused by the order's portal, which each message names with its limits, so
 * the customer has to send another. The "under" ones only for a portal with a floor (the e-Visa's).
 */
export interface PortalPdfRefusals {
  /** A stored PDF is sent as it is: we never rewrite what the customer signed or scanned. */
  pdfOverLimit: string;
  imageOverLimit: string;
  pdfUnderLimit?: string;
  imageUnderLimit?: string;
}

/** `the e-Visa portal will refuse it (it takes 10 KB–300 KB)`; a portal without a floor, its ceiling alone. */
const portalRefuses = (limits: PortalPdfLimits) =>
  `the ${limits.portalName} portal will refuse it${limits.stated.minKb > 0 ? ` (it takes ${portalPdfRange(limits)})` : ''}`;

/** The portal's sizes as it states them (`stated`), not formatted from the bytes checked (decision 0189). */
function overLimit(limits: PortalPdfLimits) {
  const max = `${limits.stated.maxKb} KB`;
  return {
    pdfOverLimit: `This PDF is over ${max}; ${portalRefuses(limits)}. Ask the customer for a smaller scan.`,
    imageOverLimit: `This image stays over ${max} as a PDF even at its smallest size and quality; ${portalRefuses(limits)}. Ask the customer for a plainer photo or a scan of the page.`,
  };
}

function underLimit(limits: PortalPdfLimits) {
  const min = `${limits.stated.minKb} KB`;
  return {
    pdfUnderLimit: `This PDF is under ${min}; ${portalRefuses(limits)}. Ask the customer for a clear scan of the whole page.`,
    imageUnderLimit: `This image stays under ${min} as a PDF even at its largest size and best quality, so it is all but blank; ${portalRefuses(limits)}. Ask the customer for a clear photo or scan of the whole page.`,
  };
}

export const PORTAL_PDF_MESSAGES = {
  oci: overLimit(PORTAL_PDF_LIMITS.oci),
  eVisa: { ...overLimit(PORTAL_PDF_LIMITS.eVisa), ...underLimit(PORTAL_PDF_LIMITS.eVisa) },
} as const satisfies Record<PortalPdfPortal, PortalPdfRefusals>;

/** The refusal naming the portal's limits: over its ceiling, or under its floor. */
export function portalPdfRefusal(limits: PortalPdfLimits, of: 'pdf' | 'image', under: boolean): string {
  const refusals: PortalPdfRefusals = PORTAL_PDF_MESSAGES[limits.portal];
  const message = refusals[`${of}${under ? 'Under' : 'Over'}Limit` as const];
  if (message === undefined) throw new Error(`the ${limits.portalName} portal has no floor to refuse a file under`);
  return message;
}

/**
 * Why the order's portal would refuse a stored PDF of `bytes`, or null when it takes it. A stored PDF
 * is sent as it is (we never rewrite it), so its size alone decides: the server's 409 says this, and
 * the desk says it in the link's place before staff click, where its binary-KB size ("293 KB" for
 * 300,500 bytes) would not tell them (decision 0189).
 */
export function storedPdfRefusal(bytes: number, limits: PortalPdfLimits): string | null {
  return fitsPortalPdfLimits(bytes, limits) ? null : portalPdfRefusal(limits, 'pdf', bytes < limits.minBytes);
}
