import type { FastifyReply } from 'fastify';
import { FILE_MISSING_MESSAGE } from '../../domain/uploads/messages.ts';
import { HttpError } from '../http/errors.ts';
import type { FileStorage } from '../storage/index.ts';
import { thumbnailOf } from './thumbnail.ts';

/** A stored file the caller has already authorised this request to read (its owner, or staff). */
export interface ServableFile {
  storageKey: string;
  /** The name shown to the customer (displayFileName); the download is named after it. */
  displayName: string;
}

export interface ServeFileOptions {
  /** `inline` shows an image or PDF in the browser (a preview); `attachment`, the default, downloads it. */
  disposition?: 'inline' | 'attachment';
}

const EXTENSION: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
  // The customer's data export (issue 34 §3), made by the app, never uploaded.
  'application/zip': 'zip',
};
const KNOWN_EXTENSION = /\.(jpe?g|png|heic|heif|pdf|zip)$/i;
/** File systems allow 255 bytes per name; a name this long in characters stays under it in most scripts. */
const MAX_DOWNLOAD_NAME = 120;

/**
 * Nothing in a served file may run or load anything (an SVG or HTML could not get here, but a
 * browser is not to be trusted with guessing): no sources, a unique origin (`sandbox`), framable
 * only by our own pages. PDF previews too: Chromium's viewer shows a PDF sandboxed like this (it
 * did not when decision 0049 was written), and any script an older stored PDF carries gets no
 * origin of ours.
 */
const FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox";

/** The download's name: the display name with the stored type's extension (HEIC was stored as JPEG). */
export function downloadFileName(displayName: string, contentType: string): string {
  const base = Array.from(displayName.replace(/…$/, '').replace(KNOWN_EXTENSION, '').trim())
    .slice(0, MAX_DOWNLOAD_NAME)
    .join('')
    .trim();
  return `${base || 'document'}.${EXTENSION[contentType] ?? 'bin'}`;
}

/** RFC 5987 `ext-value` encoding: UTF-8, percent-encoded beyond attr-char. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266): an ASCII fallback for old clients,
 * the exact UTF-8 name for the rest.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}

/**
 * Streams a stored file as the response, with headers that keep it a file: its stored type and
 * length, `nosniff`, `private, no-store` (never in a shared cache or the browser's disk cache), a
 * CSP that runs nothing, and a Content-Disposition naming it. The ownership check is the
 * caller's: pass only a file this request may read. A file gone from storage is a 404.
 */
export async function serveFile(
  reply: FastifyReply,
  storage: FileStorage,
  file: ServableFile,
  options: ServeFileOptions = {},
): Promise<FastifyReply> {
  const stored = await storage.get(file.storageKey);
  if (!stored) throw new HttpError(404, FILE_MISSING_MESSAGE);
  return sendFile(reply, { ...stored, body: stored.stream, displayName: file.displayName }, options);
}

/**
 * Sends a file the app made on request (a print sheet) with the same headers as a stored one: the
 * browser downloads it, never sniffs or caches it, and nothing in it can run.
 */
export function serveMadeFile(
  reply: FastifyReply,
  file: { body: Buffer; contentType: string; displayName: string },
  options: ServeFileOptions = {},
): FastifyReply {
  return sendFile(reply, { ...file, size: file.body.length }, options);
}

/**
 * Sends the thumbnail of a stored image (a JPEG of ~10 KB, thumbnail.ts) with the headers of any
 * served file (`private, no-store`: a passport's thumbnail must not stay in a shared computer's
 * cache; the server keeps the ones made lately instead). A stored PDF is sent as it is, exactly as
 * `serveFile` does (PDFs are never rendered). The ownership check is the caller's, and comes first.
 */
export async function serveThumbnail(
  reply: FastifyReply,
  storage: FileStorage,
  file: ServableFile,
): Promise<FastifyReply> {
  const thumbnail = await thumbnailOf(storage, file.storageKey);
  if (!thumbnail) throw new HttpError(404, FILE_MISSING_MESSAGE);
  if (thumbnail.kind === 'stored') {
    const { stream, ...stored } = thumbnail.file;
    return sendFile(reply, { ...stored, body: stream, displayName: file.displayName }, { disposition: 'inline' });
  }
  return sendFile(
    reply,
    {
      body: thumbnail.body,
      contentType: thumbnail.contentType,
      size: thumbnail.body.length,
      displayName: file.displayName,
    },
    { disposition: 'inline' },
  );
}

function sendFile(
  reply: FastifyReply,
  file: { body: unknown; contentType: string; size: number; displayName: string },
  { disposition = 'attachment' }: ServeFileOptions,
): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', file.size)
    .header(
      'content-disposition',
      contentDisposition(disposition, downloadFileName(file.displayName, file.contentType)),
    )
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', FILE_CSP)
    .header('cross-origin-resource-policy', 'same-origin')
    .send(file.body);
}
