// Runs in a worker thread (sandbox.ts): parses one PDF with pdf-lib under the limits it is given,
// checks it, writes it again from what was checked (pdf-rewrite.ts) and posts a PdfCheckResult.
// A PDF that hangs the parser or eats memory costs this worker only.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type { PdfCheckInput, PdfCheckResult } from './pdf.ts';
import { findActiveContent } from './pdf-active-content.ts';
import { limitPdfDecoding } from './pdf-decode-limit.ts';
import { keepReachable, serializePdf } from './pdf-rewrite.ts';

const require = createRequire(import.meta.url);
const { PDFDocument } = require('pdf-lib') as typeof import('pdf-lib');

const input = workerData as PdfCheckInput;
const decoding = limitPdfDecoding(input.maxDecodedBytes);

// Loaded despite encryption only to say so: pdf-lib's own EncryptedPDFError is an ES5 subclass
// of Error that `instanceof` does not recognise.
const LOAD_OPTIONS = { updateMetadata: false, throwOnInvalidObject: true, ignoreEncryption: true };

async function check(): Promise<PdfCheckResult> {
  try {
    const document = await PDFDocument.load(input.bytes, LOAD_OPTIONS);
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
    // pdf-lib reads the file top to bottom; a viewer follows its cross-reference table, which may
    // point at objects pdf-lib never saw (in a comment, inside a stream's data) or at another copy
    // of one. What we keep is therefore not the file sent but the objects checked above, written
    // again with a table of our own, less what nothing refers to.
    if (!keepReachable(document.context)) return { ok: false, reason: 'unreadable' };
    const bytes = await serializePdf(document.context);
    // The file written must open as the one checked: the same pages, still nothing active.
    const written = await PDFDocument.load(bytes, LOAD_OPTIONS);
    if (decoding.exceeded) return { ok: false, reason: 'too-complex' };
    if (written.isEncrypted || written.getPages().length !== pages.length) return { ok: false, reason: 'unreadable' };
    const writtenActive = findActiveContent(written.context);
    if (writtenActive) return { ok: false, reason: 'active-content', active: writtenActive };
    return { ok: true, pages: pages.length, bytes };
  } catch {
    return { ok: false, reason: decoding.exceeded ? 'too-complex' : 'unreadable' };
  }
}

const result = await check();
// The written file is handed over, not copied.
parentPort?.postMessage(result, result.ok ? [result.bytes.buffer as ArrayBuffer] : []);
