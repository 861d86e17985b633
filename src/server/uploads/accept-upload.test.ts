import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../domain/api/envelope.ts';
import { DOCUMENT_UPLOAD, MEGABYTE, PHOTO_UPLOAD, type UploadRule } from '../../domain/uploads/file-types.ts';
import {
  fileTooLargeMessage,
  mislabelledFileMessage,
  tooManyPagesMessage,
  tooManyPixelsMessage,
  UPLOAD_MESSAGES,
  unsupportedTypeMessage,
} from '../../domain/uploads/messages.ts';
import { registerErrorHandler } from '../plugins/error-handler.ts';
import { createLocalDiskStorage } from '../storage/local-disk.ts';
import {
  MULTIPART_BOUNDARY as BOUNDARY,
  MULTIPART_CONTENT_TYPE as CONTENT_TYPE,
  filePart as file,
  filesUnder,
  multipart,
  type Part,
  partHeader,
} from '../test/multipart.ts';
import {
  deflatedStream,
  encryptedPdf,
  handmadePdf,
  jpegWithGps,
  pdfBomb,
  pdfWithPages,
  pixelBombPng,
  smallPng,
  TINY_HEIC,
} from '../test/upload-fixtures.ts';
import { type AcceptedUpload, createUploadService } from './accept-upload.ts';
import { registerUploadParsing } from './index.ts';
import { serveFile } from './serve-file.ts';

/**
 * A PDF laid out by hand as the security review's were: `pieces` after the header, then a
 * cross-reference table whose entry for each object number points where a viewer would look, at
 * the first `N 0 obj` in the file, wherever that is (in a comment, inside a stream's data, an
 * earlier copy of the object).
 */
function pdfFollowingTheTable(pieces: string[]): Buffer {
  const body = `%PDF-1.7\n%\xe2\xe3\xcf\xd3\n${pieces.join('')}`;
  const size = Math.max(...[...body.matchAll(/(?<!\d)(\d+) 0 obj/g)].map((match) => Number(match[1]))) + 1;
  const entries = Array.from({ length: size }, (_, number) => {
    const at = number === 0 ? -1 : body.search(new RegExp(`(?<!\\d)${number} 0 obj`));
    return at < 0 ? '0000000000 65535 f ' : `${String(at).padStart(10, '0')} 00000 n `;
  });
  const table = `xref\n0 ${size}\n${entries.join('\n')}\ntrailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${body.length}\n%%EOF\n`;
  return Buffer.from(body + table, 'latin1');
}

/** The text each page of a PDF shows, as pdf-lib reads its (uncompressed or deflated) content streams. */
async function pageTexts(pdf: Uint8Array): Promise<string[]> {
  const { PDFDocument, PDFRawStream, decodePDFRawStream } = await import('pdf-lib');
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  return document.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams = contents && 'asArray' in contents ? contents.asArray() : [contents];
    const text = streams
      .map((ref) => document.context.lookup(ref))
      .filter((stream) => stream instanceof PDFRawStream)
      .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1'))
      .join('');
    return [...text.matchAll(/\(([^)]*)\) Tj|<([0-9A-Fa-f]+)> Tj/g)]
      .map((match) => match[1] ?? Buffer.from(match[2] ?? '', 'hex').toString('latin1'))
      .join('');
  });
}

describe('acceptUpload', () => {
  let dir: string;
  let app: FastifyInstance;
  const storage = () => createLocalDiskStorage({ root: join(dir, 'files') });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sevadocs-uploads-'));
    const files = storage();
    // Small limits where a test needs a bomb that is cheap to build.
    const uploads = createUploadService({
      storage: files,
      scratchDir: join(dir, 'scratch'),
      limits: { maxPdfDecodedBytes: 4 * MEGABYTE },
    });
    app = Fastify({ logger: false });
    registerErrorHandler(app);
    await app.register(async (scope) => {
      await registerUploadParsing(scope);
      const slot = (path: string, itemLimits: UploadRule) =>
        scope.post(path, async (request) => ok(await uploads.acceptUpload(request, { itemLimits })));
      slot('/document', DOCUMENT_UPLOAD);
      slot('/photo', PHOTO_UPLOAD);
      slot('/tiny', { types: ['pdf'], maxBytes: 1024 });
    });
    app.get<{ Querystring: { key: string; name: string; inline?: string } }>('/file', async (request, reply) =>
      serveFile(
        reply,
        files,
        { storageKey: request.query.key, displayName: request.query.name },
        { disposition: request.query.inline ? 'inline' : 'attachment' },
      ),
    );
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  afterEach(async () => {
    await rm(join(dir, 'files'), { recursive: true, force: true });
  });

  async function upload(path: string, parts: Part[]) {
    return app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': CONTENT_TYPE },
      payload: multipart(parts),
    });
  }

  async function expectAccepted(response: Awaited<ReturnType<typeof upload>>): Promise<AcceptedUpload> {
    expect(response.statusCode, response.body).toBe(200);
    const accepted = response.json().data as AcceptedUpload;
    expect(await storage().exists(accepted.storageKey)).toBe(true);
    expect(await filesUnder(join(dir, 'scratch'))).toEqual([]);
    return accepted;
  }

  async function expectRefused(response: Awaited<ReturnType<typeof upload>>, status: number, message: string) {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toEqual({
      isSuccess: false,
      statusCode: status,
      message,
      data: null,
      errors: { file: message },
    });
    expect(await filesUnder(join(dir, 'files'))).toEqual([]);
    expect(await filesUnder(join(dir, 'scratch'))).toEqual([]);
  }

  async function storedBytes(key: string): Promise<Buffer> {
    const stored = await storage().get(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stored?.stream ?? Readable.from([])) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  describe('accepts', () => {
    it('a JPEG, re-encoded without its EXIF, GPS included, and turned upright', async () => {
      const original = await jpegWithGps();
      const before = await sharp(original).metadata();
      expect(before.exif?.toString('latin1')).toContain('SevaCam');
      expect(before.orientation).toBe(6);
      // The GPS IFD pointer (tag 0x8825), in either byte order.
      const gps = (exif: Buffer) =>
        exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
      expect(before.exif && gps(before.exif)).toBe(true);

      const accepted = await expectAccepted(await upload('/photo', [file('IMG_0001.jpg', original, 'image/jpeg')]));
      expect(accepted).toMatchObject({ displayName: 'IMG_0001.jpg', type: 'image/jpeg' });
      expect(accepted.storageKey).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}\.jpg$/);
      const kept = await storedBytes(accepted.storageKey);
      expect(accepted.size).toBe(kept.length);
      const after = await sharp(kept).metadata();
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.icc).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      // Orientation 6 applied to the pixels: the 40×20 picture now stands 20×40.
      expect([after.width, after.height]).toEqual([20, 40]);
      expect(kept.includes(Buffer.from('SevaCam'))).toBe(false);
    });

    it('a PNG, kept as PNG, with its SHA-256', async () => {
      const accepted = await expectAccepted(
        await upload('/document', [file('scan.png', await smallPng(), 'image/png')]),
      );
      expect(accepted.type).toBe('image/png');
      const kept = await storedBytes(accepted.storageKey);
      const { createHash } = await import('node:crypto');
      expect(accepted.sha256).toBe(createHash('sha256').update(kept).digest('hex'));
      expect((await sharp(kept).metadata()).format).toBe('png');
    });

    it('a HEIC from an iPhone, decoded and stored as JPEG', async () => {
      const accepted = await expectAccepted(await upload('/photo', [file('IMG_4031.HEIC', TINY_HEIC, 'image/heic')]));
      expect(accepted).toMatchObject({ displayName: 'IMG_4031.HEIC', type: 'image/jpeg' });
      expect(accepted.storageKey.endsWith('.jpg')).toBe(true);
      const kept = await sharp(await storedBytes(accepted.storageKey))
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([kept.info.width, kept.info.height]).toEqual([64, 48]);
      // Left half red, right half blue, as encoded.
      expect(kept.data[0]).toBeGreaterThan(180);
      expect(kept.data[(64 - 1) * kept.info.channels + 2]).toBeGreaterThan(150);
    });

    it('a PDF, written again from what was checked, whatever the browser declared', async () => {
      const pdf = await pdfWithPages(2);
      const accepted = await expectAccepted(await upload('/document', [file('Passport.pdf', pdf, 'text/plain')]));
      expect(accepted).toMatchObject({ displayName: 'Passport.pdf', type: 'application/pdf' });
      const kept = await storedBytes(accepted.storageKey);
      expect(accepted.size).toBe(kept.length);
      const { createHash } = await import('node:crypto');
      expect(accepted.sha256).toBe(createHash('sha256').update(kept).digest('hex'));
      expect(await pageTexts(kept)).toEqual(['Page 1', 'Page 2']);
    });

    it('a clean multi-page PDF, its pages intact in the file written again (issue 29, session 38)', async () => {
      const { PDFDocument, StandardFonts } = await import('pdf-lib');
      const sent = await PDFDocument.create();
      const font = await sent.embedFont(StandardFonts.Helvetica);
      const sizes = [
        [595, 842],
        [612, 792],
        [842, 595],
        [595, 842],
      ];
      sizes.forEach(([width, height], i) => {
        sent.addPage([width ?? 0, height ?? 0]).drawText(`Page ${i + 1}`, { x: 50, y: 400, font });
      });
      // pdf-lib's default layout: objects packed in object streams, a cross-reference stream.
      const pdf = Buffer.from(await sent.save());
      const accepted = await expectAccepted(await upload('/document', [file('Statement.pdf', pdf)]));
      const kept = await storedBytes(accepted.storageKey);
      // Not the bytes sent: the document as pdf-lib parsed and checked it, written with a table of its own.
      expect(kept.equals(pdf)).toBe(false);
      expect(kept.toString('latin1').match(/^xref$/gm)).toHaveLength(1);
      const stored = await PDFDocument.load(kept, { updateMetadata: false });
      expect(stored.getPages().map((page) => [page.getWidth(), page.getHeight()])).toEqual(sizes);
      expect(await pageTexts(kept)).toEqual(['Page 1', 'Page 2', 'Page 3', 'Page 4']);
    });

    it('a file name of any length, shown truncated to 500 characters with an ellipsis', async () => {
      const name = `${'n'.repeat(700)}.pdf`;
      const accepted = await expectAccepted(await upload('/document', [file(name, await pdfWithPages())]));
      expect(accepted.displayName).toBe(`${'n'.repeat(500)}…`);
    });

    it('small form fields beside the file', async () => {
      const accepted = await expectAccepted(
        await upload('/document', [{ name: 'itemId', data: 'foreign-passport' }, file('a.pdf', await pdfWithPages())]),
      );
      expect(accepted.type).toBe('application/pdf');
    });
  });

  describe('refuses', () => {
    const everyType = unsupportedTypeMessage(DOCUMENT_UPLOAD.types);

    it('an ELF executable named .jpg and declared image/jpeg', async () => {
      const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4096, 0x90)]);
      await expectRefused(
        await upload('/document', [file('photo.jpg', elf, 'image/jpeg')]),
        415,
        mislabelledFileMessage('jpeg', DOCUMENT_UPLOAD.types),
      );
    });

    it('a Windows executable named .jpg', async () => {
      const pe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4096, 0)]);
      await expectRefused(
        await upload('/photo', [file('photo.jpg', pe, 'image/jpeg')]),
        415,
        mislabelledFileMessage('jpeg', PHOTO_UPLOAD.types),
      );
    });

    it('an HTML page renamed .pdf', async () => {
      const html = '<!DOCTYPE html><html><body><script>fetch("/api/v1/users/me")</script></body></html>';
      await expectRefused(
        await upload('/document', [file('statement.pdf', html, 'application/pdf')]),
        415,
        'This file is named as a PDF but is not really one: it may be a saved web page or a renamed file. Please save or export it again as a JPEG, PNG, HEIC or PDF file.',
      );
    });

    it('a zip archive', async () => {
      const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)]);
      await expectRefused(
        await upload('/document', [file('documents.pdf', zip, 'application/pdf')]),
        415,
        mislabelledFileMessage('pdf', DOCUMENT_UPLOAD.types),
      );
      await expectRefused(await upload('/document', [file('documents.zip', zip, 'application/zip')]), 415, everyType);
      await expectRefused(
        await upload('/document', [file('documents', zip, 'application/octet-stream')]),
        415,
        everyType,
      );
    });

    it('a PDF where the slot takes only images', async () => {
      await expectRefused(
        await upload('/photo', [file('photo.pdf', await pdfWithPages())]),
        415,
        'This file type is not accepted here. Please upload a JPEG, PNG or HEIC file.',
      );
    });

    it('an empty file', async () => {
      await expectRefused(await upload('/document', [file('empty.pdf', '')]), 400, UPLOAD_MESSAGES.empty);
    });

    it('a 50 MB upload, cut off at the 10 MB limit as it streams', async () => {
      const total = 50 * MEGABYTE;
      let sent = 0;
      const body = Readable.from(
        (async function* () {
          yield Buffer.from(partHeader({ name: 'file', fileName: 'huge.pdf', contentType: 'application/pdf' }));
          yield Buffer.from('%PDF-1.7\n');
          const block = Buffer.alloc(256 * 1024, 0x20);
          while (sent < total) {
            sent += block.length;
            yield block;
          }
          yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
        })(),
      );
      const response = await app.inject({
        method: 'POST',
        url: '/document',
        headers: { 'content-type': CONTENT_TYPE },
        payload: body,
      });
      await expectRefused(response, 413, fileTooLargeMessage(DOCUMENT_UPLOAD.maxBytes));
      expect(response.json().message).toBe('This file is larger than 10 MB. Please upload a smaller file.');
    });

    it('a file over a small slot limit', async () => {
      await expectRefused(await upload('/tiny', [file('a.pdf', await pdfWithPages())]), 413, fileTooLargeMessage(1024));
    });

    it('two files in one request', async () => {
      const pdf = await pdfWithPages();
      await expectRefused(
        await upload('/document', [file('a.pdf', pdf), file('b.pdf', pdf)]),
        413,
        UPLOAD_MESSAGES.oneFileOnly,
      );
    });

    it('a request without a file', async () => {
      await expectRefused(await upload('/document', [{ name: 'note', data: 'hello' }]), 400, UPLOAD_MESSAGES.noFile);
      const json = await app.inject({ method: 'POST', url: '/document', payload: { file: 'x' } });
      await expectRefused(json, 400, UPLOAD_MESSAGES.noFile);
    });

    it('too many form fields', async () => {
      const fields = Array.from({ length: 8 }, (_, i) => ({ name: `f${i}`, data: 'x' }));
      await expectRefused(
        await upload('/document', [...fields, file('a.pdf', await pdfWithPages())]),
        400,
        UPLOAD_MESSAGES.malformed,
      );
    });

    it('a multipart body cut off mid-file', async () => {
      const whole = multipart([file('a.pdf', await pdfWithPages())]);
      const response = await app.inject({
        method: 'POST',
        url: '/document',
        headers: { 'content-type': CONTENT_TYPE },
        payload: whole.subarray(0, whole.length - 60),
      });
      await expectRefused(response, 400, UPLOAD_MESSAGES.malformed);
    });

    it('a pixel bomb: a 12 KB PNG of 100 megapixels', async () => {
      const bomb = pixelBombPng();
      expect(bomb.length).toBeLessThan(64 * 1024);
      await expectRefused(
        await upload('/document', [file('scan.png', bomb, 'image/png')]),
        400,
        tooManyPixelsMessage(50),
      );
      expect(tooManyPixelsMessage(50)).toBe(
        'This image is too large (over 50 megapixels). Please upload a smaller photo or scan.',
      );
    });

    it('a JPEG cut short', async () => {
      const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#888' } })
        .jpeg()
        .toBuffer();
      await expectRefused(
        await upload('/photo', [file('cut.jpg', jpeg.subarray(0, jpeg.length / 2), 'image/jpeg')]),
        400,
        UPLOAD_MESSAGES.imageUnreadable,
      );
    });

    it('a broken PDF: the right first bytes and nothing of a PDF after them', async () => {
      const broken = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('this is not a document '.repeat(40))]);
      await expectRefused(await upload('/document', [file('broken.pdf', broken)]), 400, UPLOAD_MESSAGES.pdfUnreadable);
      expect(UPLOAD_MESSAGES.pdfUnreadable).toBe(
        'This PDF could not be opened. It may be damaged: please save or scan it again.',
      );
    });

    it('a PDF cut off half-way', async () => {
      const pdf = await pdfWithPages(3);
      await expectRefused(
        await upload('/document', [file('half.pdf', pdf.subarray(0, Math.floor(pdf.length / 2)))]),
        400,
        UPLOAD_MESSAGES.pdfUnreadable,
      );
    });

    it('an encrypted PDF', async () => {
      await expectRefused(
        await upload('/document', [file('locked.pdf', await encryptedPdf())]),
        400,
        UPLOAD_MESSAGES.pdfEncrypted,
      );
    });

    it('a PDF carrying an attached file, leaving nothing in storage (issue 29)', async () => {
      const pdf = handmadePdf({
        catalog: '/Names << /EmbeddedFiles 4 0 R >>',
        objects: [
          '<< /Names [(run.exe) 5 0 R] >>',
          '<< /Type /Filespec /F (run.exe) /EF << /F 6 0 R >> >>',
          deflatedStream('MZ', '/Type /EmbeddedFile'),
        ],
      });
      await expectRefused(
        await upload('/document', [file('statement.pdf', pdf)]),
        400,
        UPLOAD_MESSAGES.pdfActiveContent,
      );
    });

    it('a PDF linking to a javascript: address, leaving nothing in storage (session 38)', async () => {
      const pdf = handmadePdf({
        catalog: '/Annots [4 0 R]',
        objects: [
          '<< /Type /Annot /Subtype /Link /Rect [0 0 612 792] /A << /S /URI /URI (javascript:app.alert\\(1\\)) >> >>',
        ],
      });
      await expectRefused(
        await upload('/document', [file('statement.pdf', pdf)]),
        400,
        UPLOAD_MESSAGES.pdfActiveContent,
      );
    });

    it('a PDF bomb: an object stream that inflates far past the limit', async () => {
      const bomb = pdfBomb(20 * MEGABYTE);
      expect(bomb.length).toBeLessThan(64 * 1024);
      await expectRefused(await upload('/document', [file('bomb.pdf', bomb)]), 400, UPLOAD_MESSAGES.pdfTooComplex);
    });

    it('a PDF with more pages than any document we ask for', async () => {
      await expectRefused(
        await upload('/document', [file('book.pdf', await pdfWithPages(51))]),
        400,
        tooManyPagesMessage(50),
      );
    });
  });

  /**
   * The security review's files (session 38): a script or an attached file pdf-lib, reading the
   * file top to bottom, does not see or sees replaced, but a viewer, following the
   * cross-reference table, opens (PDFium and pypdf showed `app.alert("pwned")` and `payload.exe`).
   */
  describe('a PDF hiding objects from the parser (session 38)', () => {
    const inStream = (number: number, data: string) =>
      `${number} 0 obj\n<< /Length ${data.length} >>\nstream\n${data}\nendstream\nendobj\n`;
    const page = [
      '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n',
      '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>\nendobj\n',
      inStream(4, 'BT /F1 24 Tf 72 700 Td (Hello) Tj ET'),
    ];
    const catalog = '1 0 obj\n<< /Type /Catalog /Pages 2 0 R /Names 7 0 R >>\nendobj\n';
    const names = '<< /JavaScript 8 0 R >>';
    const script = '<< /Names [(a) << /S /JavaScript /JS (app.alert\\("pwned"\\)) >>] >>';
    const attachment =
      '<< /EmbeddedFiles << /Names [(payload.exe) << /Type /Filespec /F (payload.exe) /EF << /F 9 0 R >> >>] >> >>';

    it.each([
      [
        'a script in comment lines, where the table points',
        [catalog, ...page, `% 7 0 obj ${names} endobj\n`, `% 8 0 obj ${script} endobj\n`],
      ],
      [
        "a script inside another object's stream data",
        [catalog, ...page, inStream(9, `7 0 obj\n${names}\nendobj\n8 0 obj\n${script}\nendobj\n`)],
      ],
      [
        'a script in the first of two copies of its objects (pdf-lib keeps the last)',
        [
          catalog,
          ...page,
          `7 0 obj\n${names}\nendobj\n`,
          `8 0 obj\n${script}\nendobj\n`,
          '7 0 obj\n<< >>\nendobj\n',
          '8 0 obj\n<< >>\nendobj\n',
        ],
      ],
      [
        "an attached program inside another object's stream data",
        [
          catalog,
          ...page,
          inStream(
            10,
            `7 0 obj\n${attachment}\nendobj\n9 0 obj\n<< /Type /EmbeddedFile /Length 2 >>\nstream\nMZ\nendstream\nendobj\n`,
          ),
        ],
      ],
    ])('%s: refused, or stored without it', async (_label, pieces) => {
      const pdf = pdfFollowingTheTable(pieces);
      const response = await upload('/document', [file('statement.pdf', pdf)]);
      if (response.statusCode !== 200) {
        await expectRefused(response, 400, UPLOAD_MESSAGES.pdfActiveContent);
        return;
      }
      const kept = (await storedBytes((await expectAccepted(response)).storageKey)).toString('latin1');
      for (const hidden of ['/JavaScript', 'app.alert', '/EmbeddedFile', 'payload.exe', 'MZ']) {
        expect(kept).not.toContain(hidden);
      }
      expect(await pageTexts(Buffer.from(kept, 'latin1'))).toEqual(['Hello']);
    });
  });

  describe('serveFile', () => {
    it('streams a stored file to its (already authorised) reader with safe headers', async () => {
      const pdf = await pdfWithPages();
      const accepted = await expectAccepted(await upload('/document', [file('Pässport (copy) 100%.pdf', pdf)]));
      const response = await app.inject({
        method: 'GET',
        url: '/file',
        query: { key: accepted.storageKey, name: accepted.displayName },
      });
      expect(response.statusCode).toBe(200);
      const kept = await storedBytes(accepted.storageKey);
      expect(response.rawPayload.equals(kept)).toBe(true);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-length']).toBe(String(kept.length));
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers['content-security-policy']).toContain('sandbox');
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="P_ssport (copy) 100_.pdf"; filename*=UTF-8''P%C3%A4ssport%20%28copy%29%20100%25.pdf`,
      );
    });

    it('shows an image inline, named with the type it was stored as', async () => {
      const accepted = await expectAccepted(await upload('/photo', [file('IMG_4031.HEIC', TINY_HEIC, 'image/heic')]));
      const response = await app.inject({
        method: 'GET',
        url: '/file',
        query: { key: accepted.storageKey, name: accepted.displayName, inline: '1' },
      });
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(response.headers['content-disposition']).toBe(
        `inline; filename="IMG_4031.jpg"; filename*=UTF-8''IMG_4031.jpg`,
      );
      expect(response.headers['content-security-policy']).toContain('sandbox');
    });

    it('shows a PDF preview sandboxed too, where no script it might carry gets our origin (issue 29)', async () => {
      const accepted = await expectAccepted(await upload('/document', [file('a.pdf', await pdfWithPages())]));
      const response = await app.inject({
        method: 'GET',
        url: '/file',
        query: { key: accepted.storageKey, name: accepted.displayName, inline: '1' },
      });
      expect(response.headers['content-disposition']).toMatch(/^inline; /);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toMatch(/(^|; )sandbox(;|$)/);
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    });

    it('answers 404 when the stored bytes are gone', async () => {
      const accepted = await expectAccepted(await upload('/document', [file('a.pdf', await pdfWithPages())]));
      await storage().delete(accepted.storageKey);
      const response = await app.inject({
        method: 'GET',
        url: '/file',
        query: { key: accepted.storageKey, name: accepted.displayName },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('This file is no longer available. Please upload it again.');
    });
  });
});
