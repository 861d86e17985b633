// Runs in a worker thread (sandbox.ts): parses one PDF with pdf-lib under the limits it is given
// and posts a PdfCheckResult. A PDF that hangs the parser or eats memory costs this worker only.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type { PdfCheckInput, PdfCheckResult } from './pdf.ts';
import { findActiveContent } from './pdf-active-content.ts';

const require = createRequire(import.meta.url);
const { PDFDocument } = require('pdf-lib') as typeof import('pdf-lib');
// Every stream pdf-lib decodes (object streams, cross-reference streams) grows its output here.
const { default: DecodeStream } = require('pdf-lib/cjs/core/streams/DecodeStream.js') as {
  default: { prototype: { buffer: Uint8Array; ensureBuffer(requested: number): Uint8Array } };
};

const input = workerData as PdfCheckInput;
let decodedBytes = 0;
let tooComplex = false;
const ensureBuffer = DecodeStream.prototype.ensureBuffer;
DecodeStream.prototype.ensureBuffer = function (this: { buffer: Uint8Array }, requested: number) {
  const before = this.buffer.byteLength;
  if (requested > before && decodedBytes + (requested - before) > input.maxDecodedBytes) {
    // pdf-lib may catch this and carry on without the object: the flag keeps the real reason.
    tooComplex = true;
    throw new Error('PDF decompresses past the limit');
  }
  const buffer = ensureBuffer.call(this, requested);
  // What was really allocated (the buffer doubles), summed over every stream of the file.
  decodedBytes += buffer.byteLength - before;
  return buffer;
};

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
    if (tooComplex) return { ok: false, reason: 'too-complex' };
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
    return { ok: false, reason: tooComplex ? 'too-complex' : 'unreadable' };
  }
}

parentPort?.postMessage(await check());
