// Files for the upload tests, made in the tests themselves (sharp, pdf-lib, zlib) rather than
// committed as binaries. Only the HEIC is stored: sharp cannot encode HEVC, so it is a 64×48
// picture made once with libheif's heif-enc (502 bytes).
import { crc32, deflateSync } from 'node:zlib';
import { degrees, type PDFContext, PDFDict, PDFDocument, PDFName, PDFString } from 'pdf-lib';
import sharp from 'sharp';

/** A 64×48 HEIC (HEVC, brand `heic`): the left half red, the right half blue. */
export const TINY_HEIC = Buffer.from(
  'AAAAHGZ0eXBoZWljAAAAAG1pZjFoZWljbWlhZgAAAa1tZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAAAA5waXRtAAAAAAACAAAAEGlkYXQAAAAAAEAAMAAAADhpbG9jAQAAAERAAAIAAQAAAAAAAAHRAAEAAAAAAAAAJQACAAEAAAAAAAAAAQAAAAAAAAAIAAAAOGlpbmYAAAAAAAIAAAAVaW5mZQIAAAEAAQAAaHZjMQAAAAAVaW5mZQIAAAAAAgAAZ3JpZAAAAADYaXBycAAAALZpcGNvAAAAdmh2Y0MBA3AAAAAAAAAAAAAe8AD8/fj4AAAPAyAAAQAYQAEMAf//A3AAAAMAkAAAAwAAAwAeugJAIQABACpCAQEDcAAAAwCQAAADAAADAB6gIIEFlurkprm4EBAwIAAAAwAgAAADACEiAAEABkQBwXPAiQAAABRpc3BlAAAAAAAAAEAAAABAAAAAFGlzcGUAAAAAAAAAQAAAADAAAAAQcGl4aQAAAAADCAgIAAAAGmlwbWEAAAAAAAAAAgABAoECAAICA4QAAAAaaXJlZgAAAAAAAAAOZGltZwACAAEAAQAAAC1tZGF0AAAAISgBrxmA70mlv//AS3/mR6/4fshf/8NPHfSwJ/wQwNtbwA==',
  'base64',
);

/**
 * A grainy picture `width` × 3/4 px (sharp's gaussian noise), as a JPEG of quality 90: JPEG cannot
 * make it small, so a Portal PDF of it must step its quality and size down (decisions 0185, 0189).
 */
export function grainyJpeg(width: number, sigma = 30): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height: (width * 3) / 4,
      channels: 3,
      background: '#d8d2c4',
      noise: { type: 'gaussian', mean: 128, sigma },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A small JPEG carrying EXIF with a GPS position, a camera model and an orientation (6: rotate 90°). */
export async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: '#c03030' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'SevaCam', Model: 'Tracker 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '18/1 55/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '72/1 50/1 0/1' },
    })
    .toBuffer();
}

export async function smallPng(): Promise<Buffer> {
  return sharp({ create: { width: 30, height: 30, channels: 4, background: '#3050c0' } })
    .png()
    .toBuffer();
}

export async function pdfWithPages(pages = 1): Promise<Buffer> {
  const document = await PDFDocument.create();
  for (let i = 0; i < pages; i += 1) document.addPage([612, 792]).drawText(`Page ${i + 1}`, { x: 50, y: 700 });
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

/**
 * A one-page PDF of exactly `bytes` bytes, to test a size limit to the byte: its Info dictionary's
 * Subject padded with a literal string, so the file stays a well-formed PDF throughout.
 */
export async function pdfOfSize(bytes: number): Promise<Buffer> {
  const make = async (padding: number) => {
    const document = await PDFDocument.create({ updateMetadata: false });
    document.addPage([612, 792]);
    document.setProducer('SevaDocs tests'); // makes the Info dictionary
    const info = document.context.lookup(document.context.trailerInfo.Info, PDFDict);
    info.set(PDFName.of('Subject'), PDFString.of('x'.repeat(padding)));
    return Buffer.from(await document.save({ useObjectStreams: false }));
  };
  let padding = 0;
  for (let tries = 0; tries < 5; tries += 1) {
    const pdf = await make(padding);
    if (pdf.length === bytes) return pdf;
    padding += bytes - pdf.length;
    if (padding < 0) break;
  }
  throw new Error(`no PDF of exactly ${bytes} bytes`);
}

/**
 * A scan saved as a one-page PDF, as a phone scanner app or a printer writes it: a JPEG embedded
 * as it is (DCTDecode) or a PNG's pixels deflated (FlateDecode), drawn over an A4-wide page,
 * which `rotate` turns for display (the page's /Rotate).
 */
export async function scannedPdf(
  image: Buffer,
  { type = 'jpeg', rotate = 0 }: { type?: 'jpeg' | 'png'; rotate?: number } = {},
): Promise<Buffer> {
  const document = await PDFDocument.create();
  const embedded = type === 'jpeg' ? await document.embedJpg(image) : await document.embedPng(image);
  const width = 595;
  const page = document.addPage([width, (width * embedded.height) / embedded.width]);
  page.drawImage(embedded, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
  page.setRotation(degrees(rotate));
  return Buffer.from(await document.save());
}

type StreamDict = NonNullable<Parameters<PDFContext['stream']>[1]>;

/**
 * A one-page PDF whose page lists image XObjects written by hand: each `contents` kept as given
 * under its `dict` (the shapes pdf-lib does not embed: PNG predictors, grey pixels, JPEG 2000, a
 * lying size); a `dict` made from the context may refer to other objects (an ICC profile).
 * `inForm` puts them in a form XObject the page lists, as some scanner apps do.
 */
export async function pdfWithImageStreams(
  images: { contents: Uint8Array; dict: StreamDict | ((context: PDFContext) => StreamDict) }[],
  { inForm = false } = {},
): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage([595, 842]);
  const { context } = document;
  const refs = images.map(({ contents, dict }) =>
    context.register(
      context.stream(contents, {
        Type: 'XObject',
        Subtype: 'Image',
        ...(typeof dict === 'function' ? dict(context) : dict),
      }),
    ),
  );
  const xObjects = Object.fromEntries(refs.map((ref, i) => [`Im${i}`, ref]));
  if (inForm) {
    const form = context.stream('', {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, 595, 842],
      Resources: { XObject: xObjects },
    });
    page.node.newXObject('Fm0', context.register(form));
  } else {
    for (const [key, ref] of Object.entries(xObjects)) page.node.newXObject(key, ref);
  }
  return Buffer.from(await document.save());
}

/** A PDF whose trailer says it is encrypted with the standard security handler (RC4, 40-bit). */
export async function encryptedPdf(): Promise<Buffer> {
  const text = (await pdfWithPages()).toString('latin1');
  const encrypt = `/Encrypt << /Filter /Standard /V 1 /R 2 /O <${'28'.repeat(32)}> /U <${'4e'.repeat(32)}> /P -44 >>`;
  return Buffer.from(
    text.replace(/trailer\s*<</, (m) => `${m}\n${encrypt}\n`),
    'latin1',
  );
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid 1-bit PNG of side × side pixels, all black: 100 megapixels fit in about 12 KB. */
export function pixelBombPng(side = 10_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const row = Buffer.alloc(1 + Math.ceil(side / 8));
  const pixels = deflateSync(Buffer.concat(Array.from({ length: side }, () => row)), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A PDF bomb: a one-page document whose object stream inflates to `inflatedBytes` of padding,
 * sent as a few kilobytes.
 */
export function pdfBomb(inflatedBytes: number): Buffer {
  const content = Buffer.concat([Buffer.from('5 0 '), Buffer.alloc(inflatedBytes, 0x20), Buffer.from('null')]);
  const packed = deflateSync(content, { level: 9 });
  return Buffer.concat([
    Buffer.from(
      [
        '%PDF-1.7',
        '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
        '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
        '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj',
        `4 0 obj << /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${packed.length} >> stream`,
        '',
      ].join('\n'),
      'latin1',
    ),
    packed,
    Buffer.from('\nendstream\nendobj\ntrailer << /Root 1 0 R /Size 6 >>\n%%EOF\n', 'latin1'),
  ]);
}

/**
 * A one-page PDF written by hand, with a cross-reference table: `catalog` is added to its catalog
 * and `objects` follow its page as objects 4, 5, … (each `<< … >>` or a stream). For the shapes
 * pdf-lib does not write: scripts, launch actions, attached files, XFA forms, obfuscated names.
 */
export function handmadePdf({ catalog = '', objects = [] }: { catalog?: string; objects?: (string | Buffer)[] } = {}) {
  const bodies: (string | Buffer)[] = [
    `<< /Type /Catalog /Pages 2 0 R ${catalog} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
    ...objects,
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  bodies.forEach((body, index) => {
    offsets.push(length);
    const part = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(part);
    length += part.length;
  });
  const xref = [
    'xref',
    `0 ${bodies.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    `trailer << /Size ${bodies.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(length),
    '%%EOF',
    '',
  ].join('\n');
  return Buffer.concat([...parts, Buffer.from(xref, 'latin1')]);
}

/** A stream object for handmadePdf: `content` deflated, with `dict` added to its dictionary. */
export function deflatedStream(content: string, dict = ''): Buffer {
  const packed = deflateSync(Buffer.from(content, 'latin1'));
  return Buffer.concat([
    Buffer.from(`<< ${dict} /Filter /FlateDecode /Length ${packed.length} >>\nstream\n`, 'latin1'),
    packed,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

/** The deflated pixel rows of a PNG (its IDAT chunks joined): what a PDF holds with PNG predictors. */
export function pngImageData(png: Buffer): Buffer {
  const chunks: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') chunks.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return Buffer.concat(chunks);
}
