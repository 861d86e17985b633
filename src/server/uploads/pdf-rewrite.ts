// Runs inside the PDF worker (pdf-worker.ts), on the document pdf-lib parsed and checked there: the
// file we store is written again from those objects (docs/decisions/0092-hardening-features.md,
// "Later (session 38)").
import { createRequire } from 'node:module';
import type { PDFContext, PDFObject, PDFRef as PdfRef } from 'pdf-lib';

const require = createRequire(import.meta.url);
const { PDFArray, PDFDict, PDFNull, PDFRef, PDFStream, PDFWriter } = require('pdf-lib') as typeof import('pdf-lib');

/**
 * Removes from `context` every indirect object a viewer cannot reach from the trailer (its
 * /Root, /Info and /ID): an old linearisation dictionary, a stray copy of an object, a stream that only
 * carries bytes. A reference to an object pdf-lib did not find (one hidden from it, or simply
 * missing) is null to a viewer (ISO 32000-1 §7.3.10) and is written so: the entry of a dictionary
 * dropped, the item of an array `null`. Answers false when two objects that are kept share an
 * object number (`7 0` and `7 1` both used): a file no viewer reads one way only.
 */
export function keepReachable(context: PDFContext): boolean {
  const reached = new Set<PdfRef>();
  const missing = (value: PDFObject) => value instanceof PDFRef && context.lookup(value) === undefined;
  const { trailerInfo } = context;
  if (trailerInfo.Info && missing(trailerInfo.Info)) trailerInfo.Info = undefined;
  // An explicit stack: a deeply nested file must not exhaust the worker's call stack.
  const stack: PDFObject[] = [trailerInfo.Root, trailerInfo.Info, trailerInfo.ID].filter(
    (object) => object !== undefined,
  );
  for (let object = stack.pop(); object !== undefined; object = stack.pop()) {
    if (object instanceof PDFRef) {
      if (reached.has(object)) continue;
      reached.add(object);
      const target = context.lookup(object);
      if (target) stack.push(target);
    } else if (object instanceof PDFStream) {
      stack.push(object.dict);
    } else if (object instanceof PDFDict) {
      for (const [key, value] of object.entries()) {
        if (missing(value)) object.delete(key);
        else stack.push(value);
      }
    } else if (object instanceof PDFArray) {
      object.asArray().forEach((item, index) => {
        if (missing(item)) object.set(index, PDFNull);
        else stack.push(item);
      });
    }
  }
  const numbers = new Set<number>();
  for (const [ref] of context.enumerateIndirectObjects()) {
    if (!reached.has(ref)) {
      context.delete(ref);
      continue;
    }
    if (numbers.has(ref.objectNumber)) return false;
    numbers.add(ref.objectNumber);
  }
  return true;
}

/**
 * The document as pdf-lib holds it, written as a new file: its objects (stream data as it was
 * sent, still encoded), one cross-reference table that points at each of them, and a trailer with
 * the /Root, /Info and /ID pdf-lib read. Nothing pdf-lib did not parse can be in it, and each
 * object number has the one copy that was checked.
 */
export function serializePdf(context: PDFContext): Promise<Uint8Array> {
  return PDFWriter.forContext(context, Number.POSITIVE_INFINITY).serializeToBuffer();
}
