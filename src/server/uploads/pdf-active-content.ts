// Runs inside the PDF worker (pdf-worker.ts), on the document pdf-lib parsed there: the same
// CommonJS build, so `instanceof` holds for the worker's objects.
import { createRequire } from 'node:module';
import type { PDFContext, PDFObject, PDFDict as PdfDict, PDFName as PdfName } from 'pdf-lib';

const require = createRequire(import.meta.url);
const { PDFArray, PDFDict, PDFHexString, PDFName, PDFRef, PDFStream, PDFString } =
  require('pdf-lib') as typeof import('pdf-lib');

/** What makes a PDF more than pages to look at (docs/decisions/0092-hardening-features.md). */
export type PdfActiveContent = 'javascript' | 'action' | 'embedded-file' | 'rich-media' | 'xfa';

/** Keys whose mere presence brings the content in: document scripts, attached files, XFA forms. */
const ACTIVE_KEYS: Record<string, PdfActiveContent> = {
  JS: 'javascript',
  JavaScript: 'javascript',
  EmbeddedFiles: 'embedded-file',
  EF: 'embedded-file',
  XFA: 'xfa',
  RichMediaContent: 'rich-media',
  RichMediaSettings: 'rich-media',
};

/**
 * Actions (an action dictionary's /S) that run code, open or fetch something outside the page, or
 * send the form away: wherever they sit (/OpenAction, /AA, a link's /A, /Next). Links to web
 * addresses (/URI, with a scheme of WEB_SCHEMES) and moves within the document (/GoTo, /Named)
 * stay allowed.
 */
const ACTIVE_ACTIONS: Record<string, PdfActiveContent> = {
  JavaScript: 'javascript',
  Launch: 'action',
  SubmitForm: 'action',
  ImportData: 'action',
  GoToR: 'action',
  GoToE: 'action',
  Rendition: 'action',
  RichMediaExecute: 'rich-media',
};

/** Annotations (and the embedded file stream's /Type) that carry media, 3D scenes or files. */
const ACTIVE_TYPES: Record<string, PdfActiveContent> = {
  EmbeddedFile: 'embedded-file',
  FileAttachment: 'embedded-file',
  RichMedia: 'rich-media',
  '3D': 'rich-media',
  Movie: 'rich-media',
  Sound: 'rich-media',
  Screen: 'rich-media',
};

/**
 * The schemes a link (/S /URI) may open: a web page or a new e-mail. Any other (`javascript:`,
 * `file:`, `smb:`, an application's own) or none (an address a desktop reader resolves against
 * the file's own folder) is refused like a launch action.
 */
const WEB_SCHEMES = new Set(['http', 'https', 'mailto']);

/** Whether a link's address (as bytes, one character each) has a scheme of WEB_SCHEMES. */
function isWebAddress(address: string): boolean {
  // As a browser's URL parser reads it: spaces and control characters around it dropped, tabs
  // and line breaks dropped anywhere (`java\tscript:` is `javascript:`).
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is dropped.
  const trimmed = address.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(trimmed)?.[1];
  return scheme !== undefined && WEB_SCHEMES.has(scheme.toLowerCase());
}

/**
 * Whether a link's /URI is a web or mail address, read both as its bytes and as the text they
 * encode (UTF-16 with a byte order mark): anything else, a missing or non-string one included,
 * is not.
 */
function isWebLink(value: PDFObject | undefined): boolean {
  if (!(value instanceof PDFString || value instanceof PDFHexString)) return false;
  const bytes = Buffer.from(value.asBytes()).toString('latin1');
  return isWebAddress(bytes) && isWebAddress(value.decodeText());
}

/**
 * A name as a viewer reads it. pdf-lib decodes `#xx` escapes only in upper-case hex, so a name
 * spelt `/J#61vaScript` or `/#4a#53` is decoded here again, in either case.
 */
function nameOf(name: PdfName): string {
  return name
    .decodeText()
    .replace(/#([0-9a-fA-F]{2})/g, (_: string, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A value as a viewer reads it: an indirect one (`/S 9 0 R`) is the object it refers to. */
function resolved(context: PDFContext, value: PDFObject | undefined): PDFObject | undefined {
  return value instanceof PDFRef ? context.lookup(value) : value;
}

function valueName(value: PDFObject | undefined): string | null {
  return value instanceof PDFName ? nameOf(value) : null;
}

/** The first active content of a dictionary itself (not of what it holds). */
function activeIn(context: PDFContext, dict: PdfDict): PdfActiveContent | null {
  for (const [key, value] of dict.entries()) {
    const name = nameOf(key);
    const found = ACTIVE_KEYS[name];
    if (found) return found;
    if (name !== 'S' && name !== 'Type' && name !== 'Subtype') continue;
    const valued = valueName(resolved(context, value));
    if (valued === null) continue;
    if (name === 'S' && ACTIVE_ACTIONS[valued]) return ACTIVE_ACTIONS[valued];
    if (name === 'S' && valued === 'URI' && !isWebLink(resolved(context, linkAddress(dict)))) return 'action';
    if ((name === 'Type' || name === 'Subtype') && ACTIVE_TYPES[valued]) return ACTIVE_TYPES[valued];
  }
  return null;
}

/** A URI action's /URI, however its key is spelt (`/U#52I`). */
function linkAddress(dict: PdfDict): PDFObject | undefined {
  for (const [key, value] of dict.entries()) if (nameOf(key) === 'URI') return value;
  return undefined;
}

/**
 * Walks every object pdf-lib parsed (each indirect object, the ones in object streams included,
 * and every dictionary nested in it) and answers the first active content found, or null. Every
 * object is looked at, reachable or not: a viewer's idea of what is reachable is not ours to guess.
 */
export function findActiveContent(context: PDFContext): PdfActiveContent | null {
  // An explicit stack: a deeply nested file must not exhaust the worker's call stack.
  const stack: PDFObject[] = context.enumerateIndirectObjects().map(([, object]) => object);
  for (let object = stack.pop(); object !== undefined; object = stack.pop()) {
    if (object instanceof PDFStream) {
      stack.push(object.dict);
    } else if (object instanceof PDFDict) {
      const found = activeIn(context, object);
      if (found) return found;
      for (const value of object.values()) stack.push(value);
    } else if (object instanceof PDFArray) {
      for (const item of object.asArray()) stack.push(item);
    }
  }
  return null;
}
