// Runs in a worker thread (sandbox.ts): parses one PDF with pdf-lib under the limits it is given
// and posts a PdfCheckResult. A PDF that hangs the parser or eats memory costs this worker only.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type { PdfCheckInput, PdfCheckResult } from './pdf.ts';
import { findActiveContent } from './pdf-active-content.ts';
import { limitPdfDecoding } from './pdf-decode-limit.ts';

const require = createRequire(import.meta.url);
const { PDFDocument } = require('pdf-lib') as typeof import('pdf-lib');

const input = workerData as PdfCheckInput;
const decoding = limitPdfDecoding(input.maxDecodedBytes);

async function check(): Promise<PdfCheckResult> {
  try {
    // Loaded despite encryption only to say so: pdf-lib's own EncryptedPDFError is an ES5 subclass
    // of Error that `instanceof` does not recognise.
    const document = await PDFDocument.load(input.bytes, {
      updateMetadata: false,
      throwOnInvalidObject: true,
      ignoreEncryption: true,
    });
    // pdf-lib may have caught the limit's error and carried on without the object.
    if (decoding.exceeded) return { ok: false, reason: 'too-complex' };
    if (document.isEncrypted) return { ok: false, reason: 'encrypted' };
    const active = findActiveContent(document.context);
    if (active) return { ok: false, reason: 'active-content', active };
    // The page tree itself, not its /Count, which a file may state falsely.
    const pages = document.getPages();
    if (pages.length === 0) return { ok: false, reason: 'unreadable' };
    if (pages.length > input.maxPages) return { ok: false, reason: 'too-many-pages' };
    for (const page of pages) {
      const { width, height } = page.getSize();
      if (!(Number.isFinite(width) && Number.isFinite(height) && width > 0 && height > 0)) {
        return { ok: false, reason: 'unreadable' };
      }
      if (Math.max(width, height) > input.maxPageSide) return { ok: false, reason: 'page-too-large' };
    }
    return { ok: true, pages: pages.length };
  } catch {
    return { ok: false, reason: decoding.exceeded ? 'too-complex' : 'unreadable' };
  }
}

parentPort?.postMessage(await check());
