import { pageTooLargeMessage, tooManyPagesMessage, UPLOAD_MESSAGES } from '../../domain/uploads/messages.ts';
import type { ContentLimits } from './limits.ts';
import type { PdfActiveContent } from './pdf-active-content.ts';
import { uploadRefused } from './refusal.ts';
import { runSandboxed } from './sandbox.ts';

export interface PdfCheckInput {
  bytes: Uint8Array;
  maxPages: number;
  maxPageSide: number;
  maxDecodedBytes: number;
}

export type PdfCheckResult =
  | { ok: true; pages: number; bytes: Uint8Array }
  | { ok: false; reason: 'unreadable' | 'encrypted' | 'too-many-pages' | 'page-too-large' | 'too-complex' }
  | { ok: false; reason: 'active-content'; active: PdfActiveContent };

/** A PDF that passed the check: what to keep of it. */
export interface CheckedPdf {
  pages: number;
  /**
   * The document written again by pdf-lib from the objects it parsed and checked (pdf-rewrite.ts),
   * never the bytes sent: what is stored and read afterwards.
   */
  bytes: Uint8Array;
}

const PDF_WORKER = new URL('./pdf-worker.ts', import.meta.url);

/**
 * Proves a PDF opens: pdf-lib parses its whole structure in a sandboxed worker (pdf-worker.ts)
 * and counts its pages. Refuses, with the customer's message, a PDF that does not parse, one
 * protected by a password, one carrying active content (scripts, launch actions, attached files,
 * media, XFA forms, links to other than web and mail addresses: pdf-active-content.ts), one with
 * too many pages or an absurd page size, and one that decompresses past the limit or takes too
 * long (a PDF bomb). Resolves with the page count and the document written again from what was
 * checked, which is what must be kept: objects pdf-lib did not see cannot be in it.
 */
export async function checkPdf(bytes: Uint8Array, limits: ContentLimits): Promise<CheckedPdf> {
  // A copy the worker can own: the caller's buffer stays usable.
  const copy = new Uint8Array(bytes);
  const input: PdfCheckInput = {
    bytes: copy,
    maxPages: limits.maxPdfPages,
    maxPageSide: limits.maxPdfPageSide,
    maxDecodedBytes: limits.maxPdfDecodedBytes,
  };
  let result: PdfCheckResult;
  try {
    result = await runSandboxed<PdfCheckResult>(
      PDF_WORKER,
      input,
      { timeoutMs: limits.pdfTimeoutMs, maxHeapMb: limits.workerHeapMb },
      [copy.buffer],
    );
  } catch {
    // Out of time or out of memory: a file built to exhaust the parser, or one far too heavy to check.
    throw uploadRefused(400, UPLOAD_MESSAGES.pdfTooComplex);
  }
  if (result.ok) return { pages: result.pages, bytes: result.bytes };
  switch (result.reason) {
    case 'encrypted':
      throw uploadRefused(400, UPLOAD_MESSAGES.pdfEncrypted);
    case 'active-content':
      throw uploadRefused(400, UPLOAD_MESSAGES.pdfActiveContent);
    case 'too-many-pages':
      throw uploadRefused(400, tooManyPagesMessage(limits.maxPdfPages));
    case 'page-too-large':
      throw uploadRefused(400, pageTooLargeMessage());
    case 'too-complex':
      throw uploadRefused(400, UPLOAD_MESSAGES.pdfTooComplex);
    default:
      throw uploadRefused(400, UPLOAD_MESSAGES.pdfUnreadable);
  }
}
