import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';

/** A real one-page PDF, as a scanner would make: the upload service parses it. */
export async function onePagePdf(text = 'US passport, bio page'): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([612, 792]).drawText(text);
  return pdf.save();
}

/** Drops a PDF on a drop zone (by its test id) as a browser does: a DataTransfer built in the page. */
export async function dropFile(page: Page, testId: string, name: string, bytes: Uint8Array) {
  await page.getByTestId(testId).evaluate(
    (zone, file) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: 'application/pdf' }));
      for (const type of ['dragenter', 'dragover', 'drop']) {
        zone.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
      }
    },
    { name, bytes: [...bytes] },
  );
}
