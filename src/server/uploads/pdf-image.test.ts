import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { mrzLines, PRIYA } from '../../domain/passports/testing.ts';
import { tooManyPixelsMessage, UPLOAD_MESSAGES } from '../../domain/uploads/messages.ts';
import { passportPhoto } from '../ocr/testing.ts';
import { pdfWithImageStreams, pdfWithPages, pngImageData, scannedPdf } from '../test/upload-fixtures.ts';
import { CONTENT_LIMITS } from './limits.ts';
import { pdfPageImage } from './pdf-image.ts';

/** A bio page as a scanner sees it: 1200 × 840. */
let page: Buffer;
beforeAll(async () => {
  page = await passportPhoto(mrzLines(PRIYA));
});

/** Mean difference of grey levels between two images, on a small thumbnail of each: 0 is the same picture. */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const thumbnail = (image: Buffer) =>
    sharp(image).greyscale().resize(60, 42, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
  const [x, y] = await Promise.all([thumbnail(a), thumbnail(b)]);
  expect(x.info).toEqual(y.info);
  return x.data.reduce((sum, value, i) => sum + Math.abs(value - (y.data[i] ?? 0)), 0) / x.data.length;
}

async function pageImage(pdf: Buffer, limits = CONTENT_LIMITS) {
  const image = await pdfPageImage(pdf, limits);
  if (!image) throw new Error('no page image found');
  const { width, height, format } = await sharp(image.data).metadata();
  return { image, width, height, format };
}

describe('pdfPageImage: the scanned page of a PDF', () => {
  it('takes a JPEG scan (DCTDecode) and re-encodes it, the picture unchanged', async () => {
    const found = await pageImage(await scannedPdf(page));
    expect(found).toMatchObject({ width: 1200, height: 840, format: 'jpeg' });
    expect(found.image.contentType).toBe('image/jpeg');
    expect(await difference(found.image.data, page)).toBeLessThan(2);
  });

  it("decodes a PNG's pixels deflated into the PDF (FlateDecode, RGB)", async () => {
    const png = await sharp(page).png().toBuffer();
    const found = await pageImage(await scannedPdf(png, { type: 'png' }));
    expect(found).toMatchObject({ width: 1200, height: 840, format: 'jpeg' });
    expect(await difference(found.image.data, page)).toBeLessThan(2);
  });

  it("undoes PNG predictors (a PNG's own rows, as img2pdf writes them), grey and ICC-based RGB", async () => {
    // Adaptive filtering: rows of every PNG filter (sub, up, average, Paeth).
    const grey = await sharp(page).toColourspace('b-w').png({ adaptiveFiltering: true }).toBuffer();
    const rgb = await sharp(page).png({ adaptiveFiltering: true }).toBuffer();
    const predicted = (channels: number) => ({
      BitsPerComponent: 8,
      Width: 1200,
      Height: 840,
      Filter: 'FlateDecode',
      DecodeParms: { Predictor: 15, Colors: channels, BitsPerComponent: 8, Columns: 1200 },
    });
    const greyFound = await pageImage(
      await pdfWithImageStreams([
        { contents: pngImageData(grey), dict: { ...predicted(1), ColorSpace: 'DeviceGray' } },
      ]),
    );
    expect(greyFound).toMatchObject({ width: 1200, height: 840 });
    expect(await difference(greyFound.image.data, page)).toBeLessThan(2);

    const rgbFound = await pageImage(
      await pdfWithImageStreams([
        {
          contents: pngImageData(rgb),
          dict: (context) => ({
            ...predicted(3),
            ColorSpace: ['ICCBased', context.register(context.stream('', { N: 3 }))],
          }),
        },
      ]),
    );
    expect(await difference(rgbFound.image.data, page)).toBeLessThan(2);
  });

  it('finds the scan inside a form XObject, and takes the largest image of the page', async () => {
    const logo = await sharp({ create: { width: 80, height: 40, channels: 3, background: '#203060' } })
      .jpeg()
      .toBuffer();
    const jpeg = (bytes: Buffer, width: number, height: number) => ({
      contents: bytes,
      dict: { Width: width, Height: height, ColorSpace: 'DeviceRGB', BitsPerComponent: 8, Filter: 'DCTDecode' },
    });
    const pdf = await pdfWithImageStreams([jpeg(logo, 80, 40), jpeg(page, 1200, 840)], { inForm: true });
    expect(await pageImage(pdf)).toMatchObject({ width: 1200, height: 840 });
  });

  it('turns the page as a PDF viewer shows it (the page’s /Rotate)', async () => {
    const sideways = await sharp(page).rotate(270).jpeg({ quality: 92 }).toBuffer();
    const found = await pageImage(await scannedPdf(sideways, { rotate: 90 }));
    expect(found).toMatchObject({ width: 1200, height: 840 });
    expect(await difference(found.image.data, page)).toBeLessThan(3);
  });

  it('finds none in a PDF of text, nor in JPEG 2000, JBIG2 or fax-coded scans', async () => {
    expect(await pdfPageImage(await pdfWithPages(2), CONTENT_LIMITS)).toBeNull();
    for (const Filter of ['JPXDecode', 'JBIG2Decode', 'CCITTFaxDecode']) {
      const pdf = await pdfWithImageStreams([
        {
          contents: Buffer.from('not decoded here'),
          dict: { Width: 1200, Height: 840, ColorSpace: 'DeviceGray', BitsPerComponent: 1, Filter },
        },
      ]);
      expect(await pdfPageImage(pdf, CONTENT_LIMITS), Filter).toBeNull();
    }
  });

  describe('a hostile PDF', () => {
    it('refuses an image declared past the pixel limit before decoding anything', async () => {
      const pdf = await pdfWithImageStreams([
        {
          contents: deflateSync(Buffer.alloc(1000)),
          dict: {
            Width: 100_000,
            Height: 100_000,
            ColorSpace: 'DeviceRGB',
            BitsPerComponent: 8,
            Filter: 'FlateDecode',
          },
        },
      ]);
      const started = performance.now();
      await expect(pdfPageImage(pdf, CONTENT_LIMITS)).rejects.toMatchObject({
        statusCode: 400,
        message: tooManyPixelsMessage(50),
      });
      expect(performance.now() - started).toBeLessThan(CONTENT_LIMITS.pdfTimeoutMs);
    });

    it('stops inflating pixels at what the image declares (a deflate bomb)', async () => {
      // 1000 × 1000 grey declared: 1 MB. The stream inflates to 64 MB.
      const pdf = await pdfWithImageStreams([
        {
          contents: deflateSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 }),
          dict: { Width: 1000, Height: 1000, ColorSpace: 'DeviceGray', BitsPerComponent: 8, Filter: 'FlateDecode' },
        },
      ]);
      await expect(pdfPageImage(pdf, CONTENT_LIMITS)).rejects.toMatchObject({
        statusCode: 400,
        message: UPLOAD_MESSAGES.pdfTooComplex,
      });
    });

    it('refuses a JPEG whose own header is past the pixel limit, whatever the PDF declares', async () => {
      const pdf = await pdfWithImageStreams([
        {
          contents: page,
          dict: { Width: 10, Height: 10, ColorSpace: 'DeviceRGB', BitsPerComponent: 8, Filter: 'DCTDecode' },
        },
      ]);
      await expect(pdfPageImage(pdf, { ...CONTENT_LIMITS, maxImagePixels: 1_000_000 })).rejects.toMatchObject({
        statusCode: 400,
        message: tooManyPixelsMessage(1),
      });
    });

    it('refuses a file that does not open as a PDF', async () => {
      await expect(pdfPageImage(Buffer.from('%PDF-1.7\nnothing else'), CONTENT_LIMITS)).rejects.toMatchObject({
        statusCode: 400,
        message: UPLOAD_MESSAGES.pdfUnreadable,
      });
    });
  });
});
