import { PageSizes, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { BLANK, type PackBlock, type PackPage, type PrintPack } from '../../../domain/applications/print-pack.ts';

/**
 * Draws a print pack (src/domain/applications/print-pack.ts) as a PDF with pdf-lib: Helvetica, one
 * of the 14 standard fonts every PDF reader has, so nothing is embedded from disk; text wrapped to
 * the page; each pack page starts a new sheet and runs onto more when long; every sheet carries
 * the pack's reference and its page number at the foot.
 */

const MARGIN = 54;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.38, 0.42, 0.48);
const ALERT = rgb(0.7, 0.12, 0.1);
const RULE = rgb(0.55, 0.58, 0.62);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
}

/**
 * The text as the font can write it: the standard fonts cover WinAnsi (Latin-1 and typographic
 * quotes), and pdf-lib refuses anything else, so a character outside it becomes '?'.
 */
function printable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text.replace(/\s+/g, ' ')].map((c) => (known.has(c.codePointAt(0) ?? 0) ? c : '?')).join('');
}

/** Lines of at most `width` points, broken between words (and inside a word longer than a line). */
export function wrapText(font: PDFFont, size: number, text: string, width: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of printable(font, text).split(' ').filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    let rest = word;
    while (!fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

/** Writes blocks top-down, starting a new sheet when the next one does not fit. */
class Writer {
  private page!: PDFPage;
  private y = 0;
  private readonly doc: PDFDocument;
  private readonly fonts: Fonts;
  private readonly size: [number, number];
  readonly width: number;

  constructor(doc: PDFDocument, fonts: Fonts, size: [number, number]) {
    this.doc = doc;
    this.fonts = fonts;
    this.size = size;
    this.width = size[0] - 2 * MARGIN;
  }

  startPage(title: string) {
    this.page = this.doc.addPage(this.size);
    this.y = this.size[1] - MARGIN;
    this.text('SevaDocs print pack', { font: this.fonts.regular, size: 9, color: MUTED });
    this.y -= 6;
    this.wrapped(title, { font: this.fonts.bold, size: 17 });
    this.y -= 10;
  }

  /** Room for `height` more points on this sheet, else a new sheet titled "(continued)". */
  need(height: number, title: string) {
    if (this.y - height < MARGIN + 24) this.startPage(`${title} (continued)`);
  }

  text(s: string, { font = this.fonts.regular, size = 10.5, color = INK, x = MARGIN } = {}) {
    this.page.drawText(printable(font, s), { x, y: this.y - size, size, font, color });
    this.y -= size * 1.4;
  }

  wrapped(s: string, options: { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb>; indent?: number } = {}) {
    const { font = this.fonts.regular, size = 10.5, color = INK, indent = 0 } = options;
    for (const line of wrapText(font, size, s, this.width - indent)) {
      this.text(line, { font, size, color, x: MARGIN + indent });
    }
  }

  rule(x: number, width: number) {
    this.page.drawLine({
      start: { x, y: this.y },
      end: { x: x + width, y: this.y },
      thickness: 0.7,
      color: RULE,
    });
  }

  box(x: number, top: number, width: number, height: number, dashed = false) {
    this.page.drawRectangle({
      x,
      y: top - height,
      width,
      height,
      borderColor: RULE,
      borderWidth: 0.8,
      ...(dashed ? { borderDashArray: [4, 3] } : {}),
    });
  }

  gap(points: number) {
    this.y -= points;
  }

  /** Back (or on) to a height already written at: a second column beside the first. */
  moveTo(y: number) {
    this.y = y;
  }

  get top() {
    return this.y;
  }
}

function drawFields(w: Writer, fonts: Fonts, rows: readonly (readonly [string, string])[], title: string) {
  const labelWidth = Math.round(w.width * 0.38);
  for (const [label, value] of rows) {
    const labelLines = wrapText(fonts.bold, 10, label, labelWidth - 8);
    const valueLines = value ? wrapText(fonts.regular, 10.5, value, w.width - labelWidth) : [];
    const lines = Math.max(labelLines.length, valueLines.length, 1);
    w.need(lines * 15 + 6, title);
    const top = w.top;
    for (const line of labelLines) w.text(line, { font: fonts.bold, size: 10 });
    const afterLabel = w.top;
    w.moveTo(top);
    if (valueLines.length === 0) {
      w.gap(13);
      w.rule(MARGIN + labelWidth, w.width - labelWidth);
      w.gap(2);
    } else {
      for (const line of valueLines) w.text(line, { x: MARGIN + labelWidth });
    }
    w.moveTo(Math.min(w.top, afterLabel) - 4);
  }
}

function drawBlock(w: Writer, fonts: Fonts, block: PackBlock, title: string) {
  switch (block.kind) {
    case 'heading':
      w.need(30, title);
      w.gap(6);
      w.wrapped(block.text, { font: fonts.bold, size: 12 });
      return;
    case 'paragraph':
      for (const part of block.text.split(/\n+/)) {
        w.need(30, title);
        w.wrapped(part);
        w.gap(4);
      }
      return;
    case 'notice':
      w.need(40, title);
      w.wrapped(block.text, { font: fonts.bold, size: 11, color: ALERT });
      w.gap(8);
      return;
    case 'fields':
      drawFields(w, fonts, block.rows, title);
      w.gap(6);
      return;
    case 'checklist':
      for (const item of block.items) {
        w.need(34, title);
        const top = w.top;
        w.box(MARGIN, top - 1, 10, 10);
        w.wrapped(item.label, { indent: 18 });
        if (item.note) w.wrapped(item.note, { font: fonts.italic, size: 9, color: MUTED, indent: 18 });
        w.gap(4);
      }
      return;
    case 'signature': {
      w.need(70, title);
      w.gap(34);
      w.rule(MARGIN, 230);
      w.rule(MARGIN + 270, 120);
      w.gap(3);
      const captions = w.top;
      w.text('Date', { font: fonts.bold, size: 9.5, x: MARGIN + 270 });
      w.moveTo(captions);
      w.text(`Signature of the ${block.role.toLowerCase()}`, { font: fonts.bold, size: 9.5 });
      w.text(block.name || `Name: ${BLANK}`, { size: 10 });
      return;
    }
    case 'witness':
      w.need(110, title);
      w.gap(8);
      w.text(`Witness ${block.number}`, { font: fonts.bold, size: 11 });
      drawFields(
        w,
        fonts,
        [
          ['Name', block.name],
          ['Address', block.address],
        ],
        title,
      );
      w.gap(26);
      w.rule(MARGIN, 230);
      w.gap(3);
      w.text(`Signature of witness ${block.number}`, { font: fonts.bold, size: 9.5 });
      return;
    case 'notary': {
      w.need(150, title);
      w.gap(10);
      const top = w.top;
      w.gap(10);
      w.text('Notary’s acknowledgement', { font: fonts.bold, size: 11, x: MARGIN + 12 });
      w.text(`Subscribed and sworn to (or affirmed) before me on ${BLANK}`, { size: 10, x: MARGIN + 12 });
      w.text(`by ${BLANK}${BLANK}.`, { size: 10, x: MARGIN + 12 });
      w.gap(26);
      w.rule(MARGIN + 12, 230);
      w.gap(3);
      w.text('Notary public: signature', { font: fonts.bold, size: 9.5, x: MARGIN + 12 });
      w.text(`Commission expires: ${BLANK}`, { size: 9.5, x: MARGIN + 12 });
      w.text('Seal', { size: 9.5, color: MUTED, x: MARGIN + w.width - 90 });
      w.box(MARGIN, top, w.width, top - w.top + 8);
      w.gap(14);
      return;
    }
    case 'label':
      drawLabel(w, fonts, block, title);
      return;
  }
}

/** Inside a label's box: 14 pt either side of the text. */
const LABEL_PADDING = 14;

/**
 * A mailing label: its lines in a dashed box to cut out, each wrapped to the box (a long name or
 * street would otherwise run past the cut line), and the box kept on one sheet.
 */
function drawLabel(w: Writer, fonts: Fonts, block: Extract<PackBlock, { kind: 'label' }>, title: string) {
  const width = Math.min(w.width, 300);
  const textWidth = width - 2 * LABEL_PADDING;
  const x = MARGIN + LABEL_PADDING;
  const lines = block.lines.flatMap((line) => wrapText(fonts.regular, 12, line, textWidth));
  const missing = block.missing ? wrapText(fonts.italic, 10, block.missing, textWidth) : [];
  // Each line advances 1.4 times its size (Writer.text): the heading, the lines, the note, the padding.
  w.need(10 + 12 + (10 + 12 * lines.length + 10 * missing.length) * 1.4 + 8 + 10, title);
  w.gap(10);
  const top = w.top;
  w.gap(12);
  w.text(block.heading, { font: fonts.bold, size: 10, color: MUTED, x });
  for (const line of lines) w.text(line, { size: 12, x });
  for (const line of missing) w.text(line, { font: fonts.italic, size: 10, color: MUTED, x });
  w.gap(8);
  w.box(MARGIN, top, width, top - w.top, true);
  w.gap(10);
}

function drawPage(w: Writer, fonts: Fonts, page: PackPage) {
  w.startPage(page.title);
  for (const block of page.blocks) drawBlock(w, fonts, block, page.title);
}

/** The pack as PDF bytes: Letter or A4 as the pack says, its reference and page numbers at each foot. */
export async function renderPrintPack(pack: PrintPack): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`SevaDocs print pack: ${pack.reference}`);
  doc.setProducer('SevaDocs');
  doc.setCreator('SevaDocs');
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
  };
  const size: [number, number] = pack.paper === 'letter' ? [...PageSizes.Letter] : [...PageSizes.A4];
  const writer = new Writer(doc, fonts, size);
  for (const page of pack.pages) drawPage(writer, fonts, page);
  const sheets = doc.getPages();
  sheets.forEach((sheet, index) => {
    const footer = printable(fonts.regular, `${pack.reference} · Page ${index + 1} of ${sheets.length}`);
    sheet.drawText(footer, { x: MARGIN, y: MARGIN - 24, size: 8, font: fonts.regular, color: MUTED });
  });
  return doc.save();
}
