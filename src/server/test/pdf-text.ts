import { decodePDFRawStream, PDFArray, PDFDocument, type PDFObject, PDFRawStream } from 'pdf-lib';

/**
 * The text a PDF made with pdf-lib's standard fonts shows, page by page, one string per drawn
 * line: each page's content streams are decoded (pdf-lib deflates them) and every `<hex> Tj` is
 * read as WinAnsi, the standard fonts' encoding. Enough for the PDFs this app draws, with no PDF
 * text extractor among the dependencies (docs/decisions/0107-print-pack-and-copy-assist.md).
 */
export async function pdfPageLines(bytes: Uint8Array): Promise<string[][]> {
  const doc = await PDFDocument.load(bytes);
  const winAnsi = new TextDecoder('windows-1252');
  const streamsOf = (contents: PDFObject | undefined): PDFRawStream[] => {
    const object = contents ? doc.context.lookup(contents) : undefined;
    if (object instanceof PDFArray) return object.asArray().flatMap(streamsOf);
    return object instanceof PDFRawStream ? [object] : [];
  };
  return doc.getPages().map((page) => {
    const source = streamsOf(page.node.Contents())
      .map((stream) => new TextDecoder('latin1').decode(decodePDFRawStream(stream).decode()))
      .join('\n');
    return [...source.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((match) =>
      winAnsi.decode(Uint8Array.from((match[1] ?? '').match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))),
    );
  });
}
