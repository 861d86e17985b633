// Shared by the PDF workers (pdf-worker.ts, pdf-image-worker.ts): a cap on what pdf-lib may
// decompress while it parses a file, so a PDF bomb costs its worker a refusal, not its memory.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// Every stream pdf-lib decodes (object streams, cross-reference streams) grows its output here.
const { default: DecodeStream } = require('pdf-lib/cjs/core/streams/DecodeStream.js') as {
  default: { prototype: { buffer: Uint8Array; ensureBuffer(requested: number): Uint8Array } };
};

export interface PdfDecodeLimit {
  /** Whether a stream went past the cap: pdf-lib may catch the error and carry on without it. */
  readonly exceeded: boolean;
}

/**
 * Makes every stream pdf-lib decodes in this worker count against `maxDecodedBytes`, summed over
 * the whole file; past it the decode throws. Called once, at the top of a worker.
 */
export function limitPdfDecoding(maxDecodedBytes: number): PdfDecodeLimit {
  const state = { exceeded: false };
  let decodedBytes = 0;
  const ensureBuffer = DecodeStream.prototype.ensureBuffer;
  DecodeStream.prototype.ensureBuffer = function (this: { buffer: Uint8Array }, requested: number) {
    const before = this.buffer.byteLength;
    if (requested > before && decodedBytes + (requested - before) > maxDecodedBytes) {
      state.exceeded = true;
      throw new Error('PDF decompresses past the limit');
    }
    const buffer = ensureBuffer.call(this, requested);
    // What was really allocated (the buffer doubles), summed over every stream of the file.
    decodedBytes += buffer.byteLength - before;
    return buffer;
  };
  return state;
}
