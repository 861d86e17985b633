import { describe, expect, it } from 'vitest';
import { pageTooLargeMessage, UPLOAD_MESSAGES } from '../../domain/uploads/messages.ts';
import { pdfWithPages } from '../test/upload-fixtures.ts';
import { CONTENT_LIMITS } from './limits.ts';
import { checkPdf } from './pdf.ts';

describe('checkPdf', () => {
  it('counts the pages of a sound PDF', async () => {
    expect(await checkPdf(await pdfWithPages(3), CONTENT_LIMITS)).toBe(3);
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
});
