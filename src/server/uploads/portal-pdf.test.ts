import { Readable } from 'node:stream';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { StoredFileType } from '../../domain/uploads/file-types.ts';
import { FILE_MISSING_MESSAGE, PORTAL_PDF_MESSAGES } from '../../domain/uploads/messages.ts';
import { PORTAL_PDF_LIMITS } from '../../domain/uploads/portal-pdf.ts';
import { grainyJpeg, pdfOfSize } from '../test/upload-fixtures.ts';
import { portalPdf, storedPortalPdf } from './portal-pdf.ts';

const A4 = { short: 595.28, long: 841.89 };
const OCI = PORTAL_PDF_LIMITS.oci;
const E_VISA = PORTAL_PDF_LIMITS.eVisa;
const MARGIN = 24;

/** A phone's 12 MP photo of a page: grainy enough that JPEG cannot make it small (sharp's gaussian noise). */
let phonePhoto: Promise<Buffer> | null = null;
const twelveMegapixelPhoto = () =>
  (phonePhoto ??= sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#d8d2c4',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer());

/** A smooth picture (no noise): small as JPEG at any quality. */
const plainImage = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#4a78b0' } })
    .jpeg()
    .toBuffer();

type Matrix = [number, number, number, number, number, number];

/** `next` applied within `current` (PDF's `cm`: the new matrix is next × current). */
function concat(next: Matrix, current: Matrix): Matrix {
  const [a, b, c, d, e, f] = next;
  const [A, B, C, D, E, F] = current;
  return [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F];
}

/** What a reader sees of the PDF: its pages, the one image's JPEG bytes and the rectangle it is drawn in. */
async function read(pdf: Buffer) {
  const document = await PDFDocument.load(pdf, { updateMetadata: false, throwOnInvalidObject: true });
  const pages = document.getPages();
  const images = document.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter(
      (o): o is PDFRawStream => o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
    );
  const contents = pages[0]?.node.Contents();
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((ref) => document.context.lookup(ref)) : [contents];
  const operators = streams
    .map((stream) => {
      if (!(stream instanceof PDFRawStream)) throw new Error('expected the page’s content streams');
      return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
    })
    .join('\n');
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  for (const match of operators.matchAll(/((?:-?[\d.]+ ){6})cm/g)) {
    ctm = concat(match[1]?.trim().split(' ').map(Number) as Matrix, ctm);
  }
  const [width, height, x, y] = [ctm[0], ctm[3], ctm[4], ctm[5]];
  return {
    document,
    pages,
    page: pages[0]?.getSize(),
    jpeg: Buffer.from(images[0]?.contents ?? []),
    imageCount: images.length,
    drawn: { x, y, width, height, skewed: ctm[1] !== 0 || ctm[2] !== 0 },
  };
}

/**
 * The luminance table's DC step of a baseline JPEG (its first DQT entry), and what libjpeg's
 * quality scaling of the standard table (16) gives for `quality`: it tells which quality the
 * embedded image was really encoded at.
 */
const dcStep = (jpeg: Buffer) => jpeg[jpeg.indexOf(Buffer.from([0xff, 0xdb])) + 5];
const dcStepAt = (quality: number) => Math.floor((16 * (quality < 50 ? 5000 / quality : 200 - 2 * quality) + 50) / 100);

describe('portalPdf (decision 0185-portal-pdf)', () => {
  it('makes a 12 MP phone photo a one-page PDF of at most 1000 KB, its aspect kept, centred inside the margin', async () => {
    const photo = await twelveMegapixelPhoto();
    // Over the limit as it is, and over it at 2000 px and quality 85: the steps have work to do.
    expect(photo.length).toBeGreaterThan(OCI.maxBytes);
    const made = await portalPdf(photo, { title: 'passport.jpg' });
    if (!made.ok) throw new Error('expected a PDF');
    expect(made.pdf.length).toBeLessThanOrEqual(OCI.maxBytes);
    expect(made.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // This grain makes ~1240 KB at 2000 px and quality 85 and ~850 KB at 75: the first step that fits.
    expect(made).toMatchObject({ widthPx: 2000, heightPx: 1500, quality: 75 });

    const { document, pages, page, jpeg, imageCount, drawn } = await read(made.pdf);
    expect(pages).toHaveLength(1);
    expect(imageCount).toBe(1);
    expect(page).toEqual({ width: A4.long, height: A4.short });
    // The embedded image is the one the steps settled on, at the quality they say.
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: 'jpeg', width: made.widthPx, height: made.heightPx });
    expect(dcStep(jpeg)).toBe(dcStepAt(made.quality));
    expect(Math.abs(made.widthPx / made.heightPx / (4000 / 3000) - 1)).toBeLessThan(0.01);
    // Drawn with 4:3 kept, filling the height inside the 24 pt margin, centred.
    expect(drawn.skewed).toBe(false);
    expect(Math.abs(drawn.width / drawn.height / (4000 / 3000) - 1)).toBeLessThan(0.01);
    expect(drawn.height).toBeCloseTo(A4.short - 2 * MARGIN, 1);
    expect(drawn.y).toBeCloseTo(MARGIN, 1);
    expect(drawn.x).toBeCloseTo((A4.long - drawn.width) / 2, 1);
    // The title and who made it; no dates, creator or pdf-lib's name.
    expect(document.getTitle()).toBe('passport.jpg');
    expect(document.getProducer()).toBe('SevaDocs');
    expect(document.getCreator()).toBeUndefined();
    expect(document.getCreationDate()).toBeUndefined();
    expect(document.getModificationDate()).toBeUndefined();
  }, 60_000);

  it('keeps a small image at its own size and quality 85, on a portrait page', async () => {
    const made = await portalPdf(await plainImage(600, 800), { title: 'birth-certificate.png' });
    if (!made.ok) throw new Error('expected a PDF');
    expect(made).toMatchObject({ widthPx: 600, heightPx: 800, quality: 85 });
    const { page, jpeg, drawn } = await read(made.pdf);
    expect(await sharp(jpeg).metadata()).toMatchObject({ width: 600, height: 800 });
    expect(dcStep(jpeg)).toBe(dcStepAt(85));
    expect(page).toEqual({ width: A4.short, height: A4.long });
    // Fitted to the page's width inside the margin (3:4 is wider than A4's 1:√2), centred.
    expect(drawn.width).toBeCloseTo(A4.short - 2 * MARGIN, 1);
    expect(drawn.height).toBeCloseTo(((A4.short - 2 * MARGIN) * 800) / 600, 1);
    expect(drawn.y).toBeCloseTo((A4.long - drawn.height) / 2, 1);
  });

  it('puts an image wider than tall on a landscape page', async () => {
    const made = await portalPdf(await plainImage(900, 600), { title: 'address-proof.jpg' });
    if (!made.ok) throw new Error('expected a PDF');
    const { page, drawn } = await read(made.pdf);
    expect(page).toEqual({ width: A4.long, height: A4.short });
    // 3:2 is wider than A4's √2:1: fitted to the page's width inside the margin.
    expect(drawn.width).toBeCloseTo(A4.long - 2 * MARGIN, 1);
    expect(drawn.width / drawn.height).toBeCloseTo(1.5, 3);
    expect(drawn.y).toBeCloseTo((A4.short - drawn.height) / 2, 1);
  });

  it('turns a JPEG upright by its EXIF orientation', async () => {
    // 400×200, red on the left and blue on the right, shown turned 90° clockwise (orientation 6):
    // upright it is 200×400 with red on top.
    const sideways = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#ff0000' } })
      .composite([
        {
          input: { create: { width: 200, height: 200, channels: 3, background: '#0000ff' } },
          left: 200,
          top: 0,
        },
      ])
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const made = await portalPdf(sideways, { title: 'passport.jpg' });
    if (!made.ok) throw new Error('expected a PDF');
    const { page, jpeg } = await read(made.pdf);
    expect(page).toEqual({ width: A4.short, height: A4.long });
    const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 200, height: 400 });
    const pixel = (x: number, y: number) => [...data.subarray((y * 200 + x) * 3, (y * 200 + x) * 3 + 3)];
    const [topRed, , topBlue] = pixel(100, 50);
    const [bottomRed, , bottomBlue] = pixel(100, 350);
    expect(topRed).toBeGreaterThan(200);
    expect(topBlue).toBeLessThan(50);
    expect(bottomBlue).toBeGreaterThan(200);
    expect(bottomRed).toBeLessThan(50);
  });

  it('refuses an image that does not fit even at 1024 px and quality 55', async () => {
    const photo = await twelveMegapixelPhoto();
    expect(await portalPdf(photo, { title: 'passport.jpg', limits: { ...OCI, maxBytes: 20_000 } })).toEqual({
      ok: false,
      reason: 'over-limit',
    });
  }, 60_000);
});

/** A blank strip of paper, wider than any step: a JPEG of it stays tiny at any size and quality. */
const blankStrip = () =>
  sharp({ create: { width: 3000, height: 300, channels: 3, background: '#ffffff' } })
    .jpeg()
    .toBuffer();

describe('portalPdf for the e-Visa portal: 10 KB–300 KB (decision 0189)', () => {
  const within = (pdf: Buffer) => {
    expect(pdf.length).toBeGreaterThanOrEqual(E_VISA.minBytes);
    expect(pdf.length).toBeLessThanOrEqual(E_VISA.maxBytes);
  };

  it('makes a 12 MP phone photo a one-page PDF of at most 300 KB, further down the same steps', async () => {
    const photo = await twelveMegapixelPhoto();
    const made = await portalPdf(photo, { title: 'passport.jpg', limits: E_VISA });
    if (!made.ok) throw new Error('expected a PDF');
    within(made.pdf);
    // The OCI portal's first fit (2000 px at 75, ~850 KB) is far over; this grain fits at 1600 px and 55.
    expect(made).toMatchObject({ widthPx: 1600, heightPx: 1200, quality: 55 });
    const { pages, page, jpeg, imageCount } = await read(made.pdf);
    expect(pages).toHaveLength(1);
    expect(imageCount).toBe(1);
    expect(page).toEqual({ width: A4.long, height: A4.short });
    expect(dcStep(jpeg)).toBe(dcStepAt(made.quality));
  }, 60_000);

  it('brings a small plain image up to 10 KB: quality first, then pixels, drawn on the page as the OCI’s is', async () => {
    const image = await plainImage(600, 800);
    // At its own size the OCI portal's PDF is a few KB: under the e-Visa's floor.
    const oci = await portalPdf(image, { title: 'birth-certificate.png' });
    if (!oci.ok) throw new Error('expected a PDF');
    expect(oci.pdf.length).toBeLessThan(E_VISA.minBytes);

    const made = await portalPdf(image, { title: 'birth-certificate.png', limits: E_VISA });
    if (!made.ok) throw new Error('expected a PDF');
    within(made.pdf);
    // A flat colour gains nothing from quality: enlarged 1.25× at a time (1000, 1250, 1563 px) at 95.
    expect(made).toMatchObject({ widthPx: 1172, heightPx: 1563, quality: 95 });
    const { jpeg, drawn } = await read(made.pdf);
    expect(dcStep(jpeg)).toBe(dcStepAt(95));
    // The same page: the image is drawn in the same rectangle (to half a point: 1172 × 1563 is 3:4
    // rounded), only with more pixels.
    const ociDrawn = (await read(oci.pdf)).drawn;
    expect(drawn.width).toBeCloseTo(ociDrawn.width, 0);
    expect(drawn.height).toBeCloseTo(ociDrawn.height, 0);
    expect(drawn.y).toBeCloseTo(ociDrawn.y, 0);
  });

  it('raises the quality of a tiny photo at its own size before enlarging it', async () => {
    const made = await portalPdf(await grainyJpeg(120, 60), { title: 'passport.jpg', limits: E_VISA });
    if (!made.ok) throw new Error('expected a PDF');
    within(made.pdf);
    // Under 10 KB at 85 and 90, over it at 95, at its own 120 × 90 px.
    expect(made).toMatchObject({ widthPx: 120, heightPx: 90, quality: 95 });
  });

  it('refuses an image still under 10 KB at 2000 px and 95, which the OCI portal’s steps still take', async () => {
    const strip = await blankStrip();
    expect(await portalPdf(strip, { title: 'passport.jpg', limits: E_VISA })).toEqual({
      ok: false,
      reason: 'under-limit',
    });
    expect(await portalPdf(strip, { title: 'passport.jpg' })).toMatchObject({ ok: true, quality: 85 });
  });

  it('refuses an image over 300 KB even at 1024 px and 55', async () => {
    const photo = await twelveMegapixelPhoto();
    expect(await portalPdf(photo, { title: 'passport.jpg', limits: { ...E_VISA, maxBytes: 20_000 } })).toEqual({
      ok: false,
      reason: 'over-limit',
    });
  }, 60_000);
});

describe('storedPortalPdf', () => {
  /** A storage holding one file under `key`. */
  const holding = (body: Buffer, contentType: StoredFileType) => ({
    get: async (key: string) =>
      key === 'ab/one' ? { stream: Readable.from([body]), size: body.length, contentType } : null,
  });
  const file = { storageKey: 'ab/one', displayName: 'passport.jpg' };

  it('makes a stored image the PDF titled after the document, and answers 422 when it cannot fit', async () => {
    const image = await plainImage(600, 800);
    const made = await storedPortalPdf(holding(image, 'image/jpeg'), file);
    if (!made.ok) throw new Error(made.message);
    expect((await PDFDocument.load(made.value)).getTitle()).toBe('passport.jpg');
    expect(await storedPortalPdf(holding(image, 'image/jpeg'), file, { ...OCI, maxBytes: 1_000 })).toEqual({
      ok: false,
      status: 422,
      message: PORTAL_PDF_MESSAGES.oci.imageOverLimit,
    });
  });

  it('answers a stored PDF byte for byte within the limit, 409 over it, and 404 for a file gone', async () => {
    const pdf = Buffer.from(await (await PDFDocument.create()).save());
    const upTo = (maxBytes: number) => ({ ...OCI, maxBytes });
    expect(await storedPortalPdf(holding(pdf, 'application/pdf'), file, upTo(pdf.length))).toEqual({
      ok: true,
      value: pdf,
    });
    expect(await storedPortalPdf(holding(pdf, 'application/pdf'), file, upTo(pdf.length - 1))).toEqual({
      ok: false,
      status: 409,
      message: PORTAL_PDF_MESSAGES.oci.pdfOverLimit,
    });
    expect(await storedPortalPdf(holding(pdf, 'application/pdf'), { ...file, storageKey: 'cd/gone' })).toEqual({
      ok: false,
      status: 404,
      message: FILE_MISSING_MESSAGE,
    });
  });

  it('answers an e-Visa order’s stored PDF byte for byte within 10 KB–300 KB, 409 outside them (decision 0189)', async () => {
    /** A scan saved as a one-page PDF: `image` embedded as it is. */
    const scan = async (image: Buffer) => {
      const document = await PDFDocument.create();
      const embedded = await document.embedJpg(image);
      document.addPage([595, 446]).drawImage(embedded, { x: 0, y: 0, width: 595, height: 446 });
      return Buffer.from(await document.save());
    };
    const inRange = await scan(await grainyJpeg(400, 30));
    const large = await scan(await grainyJpeg(1200, 60));
    const tiny = Buffer.from(await (await PDFDocument.create()).save());
    expect(inRange.length).toBeGreaterThan(E_VISA.minBytes);
    expect(inRange.length).toBeLessThan(E_VISA.maxBytes);
    expect(large.length).toBeGreaterThan(E_VISA.maxBytes);
    expect(large.length).toBeLessThan(OCI.maxBytes);
    expect(tiny.length).toBeLessThan(E_VISA.minBytes);

    expect(await storedPortalPdf(holding(inRange, 'application/pdf'), file, E_VISA)).toEqual({
      ok: true,
      value: inRange,
    });
    expect(await storedPortalPdf(holding(large, 'application/pdf'), file, E_VISA)).toEqual({
      ok: false,
      status: 409,
      message: PORTAL_PDF_MESSAGES.eVisa.pdfOverLimit,
    });
    expect(await storedPortalPdf(holding(tiny, 'application/pdf'), file, E_VISA)).toEqual({
      ok: false,
      status: 409,
      message: PORTAL_PDF_MESSAGES.eVisa.pdfUnderLimit,
    });
    // The OCI portal's limits, as before: both go as they are.
    expect(await storedPortalPdf(holding(large, 'application/pdf'), file)).toEqual({ ok: true, value: large });
    expect(await storedPortalPdf(holding(tiny, 'application/pdf'), file)).toEqual({ ok: true, value: tiny });
  });

  it('holds a stored PDF to the bytes every reading of the portal’s KB takes: 10,240–300,000 on the e-Visa, 1,000,000 on the OCI (decision 0189)', async () => {
    const answer = async (bytes: number, limits = OCI) => {
      const pdf = await pdfOfSize(bytes);
      const made = await storedPortalPdf(holding(pdf, 'application/pdf'), file, limits);
      return made.ok ? made.value.equals(pdf) : made;
    };
    const refused = (status: number, message: string | undefined) => ({ ok: false, status, message });
    // The e-Visa's ceiling in decimal KB: 300 KB is 300,000 bytes, whichever KB the portal counts.
    expect(await answer(300_000, E_VISA)).toBe(true);
    expect(await answer(300_001, E_VISA)).toEqual(refused(409, PORTAL_PDF_MESSAGES.eVisa.pdfOverLimit));
    expect(await answer(300 * 1024, E_VISA)).toEqual(refused(409, PORTAL_PDF_MESSAGES.eVisa.pdfOverLimit));
    // Its floor in binary KB: 10 KB is 10,240 bytes.
    expect(await answer(10_240, E_VISA)).toBe(true);
    expect(await answer(10_239, E_VISA)).toEqual(refused(409, PORTAL_PDF_MESSAGES.eVisa.pdfUnderLimit));
    // The OCI's 1000 KB is 1,000,000 bytes.
    expect(await answer(1_000_000)).toBe(true);
    expect(await answer(1_000_001)).toEqual(refused(409, PORTAL_PDF_MESSAGES.oci.pdfOverLimit));
    // The refusals still say the sizes as the portals state them.
    expect(PORTAL_PDF_MESSAGES.eVisa.pdfOverLimit).toContain('over 300 KB');
    expect(PORTAL_PDF_MESSAGES.eVisa.pdfUnderLimit).toContain('under 10 KB');
    expect(PORTAL_PDF_MESSAGES.oci.pdfOverLimit).toContain('over 1000 KB');
  });

  it('makes an e-Visa order’s image within 10 KB–300 KB, and answers 422 for one that stays under 10 KB', async () => {
    const made = await storedPortalPdf(holding(await plainImage(600, 800), 'image/jpeg'), file, E_VISA);
    if (!made.ok) throw new Error(made.message);
    expect(made.value.length).toBeGreaterThanOrEqual(E_VISA.minBytes);
    expect(made.value.length).toBeLessThanOrEqual(E_VISA.maxBytes);
    expect(await storedPortalPdf(holding(await blankStrip(), 'image/jpeg'), file, E_VISA)).toEqual({
      ok: false,
      status: 422,
      message: PORTAL_PDF_MESSAGES.eVisa.imageUnderLimit,
    });
  });
});
