import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { PrintPack } from '../../../domain/applications/print-pack.ts';
import { pdfPageLines } from '../../test/pdf-text.ts';
import { renderPrintPack } from './print-pack-pdf.ts';

/** The label box is 300 pt wide with 14 pt inside it before the cut line: its text must fit 286 pt. */
const LABEL_TEXT_ROOM = 286;

describe('the print pack’s mailing label', () => {
  it('wraps a long name and street inside the box, losing no word', async () => {
    const name = 'AADHYA LAKSHMI VENKATARAMANAN-SUBRAMANIAM CHANDRAN';
    const street =
      'Apartment 1204, Tower B, The Residences at Riverside Park, 4500 Mission College Boulevard, Building 7, North Campus, near the junction of Great America Parkway and Tasman Drive, Santa Clara Valley, CA';
    expect(name).toHaveLength(50);
    expect(street).toHaveLength(200);
    const pack: PrintPack = {
      paper: 'letter',
      reference: 'DOC-12345678',
      pages: [
        {
          title: 'Mailing label',
          blocks: [
            { kind: 'label', heading: 'To', lines: ['VFS Global', street] },
            { kind: 'label', heading: 'From', lines: [name, street, 'SAN JOSE, CA 95112'] },
            { kind: 'fields', rows: [['Reference', 'DOC-12345678']] },
          ],
        },
      ],
    };
    const [lines = []] = await pdfPageLines(await renderPrintPack(pack));
    const labelLines = [
      ...lines.slice(lines.indexOf('To') + 1, lines.indexOf('From')),
      ...lines.slice(lines.indexOf('From') + 1, lines.indexOf('Reference')),
    ];
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    for (const line of labelLines) expect(font.widthOfTextAtSize(line, 12), line).toBeLessThanOrEqual(LABEL_TEXT_ROOM);
    // Wrapped between words, so the lines read back as the whole address.
    expect(labelLines.join(' ')).toBe(`VFS Global ${street} ${name} ${street} SAN JOSE, CA 95112`);
  });
});
