import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { displayFileName } from '../../domain/uploads/display-name.ts';
import {
  type StoredFileType,
  type UploadRule,
  type UploadType,
  uploadTypeNamed,
} from '../../domain/uploads/file-types.ts';
import {
  fileTooLargeMessage,
  mislabelledFileMessage,
  UPLOAD_MESSAGES,
  unsupportedTypeMessage,
} from '../../domain/uploads/messages.ts';
import { HttpError } from '../http/errors.ts';
import type { FileStorage } from '../storage/index.ts';
import { type ReencodedImage, reencodeImage } from './image.ts';
import { CONTENT_LIMITS, type ContentLimits, MULTIPART_LIMITS } from './limits.ts';
import { checkPdf } from './pdf.ts';
import { pdfPageImage } from './pdf-image.ts';
import { uploadRefused } from './refusal.ts';
import { SNIFF_BYTES, sniffUploadType } from './sniff.ts';

/** What the caller records about an accepted file. */
export interface AcceptedUpload {
  /** Where the file is in storage: random, never derived from what the customer sent. */
  storageKey: string;
  /** The customer's file name for display only (SPEC.md §5: at most 500 characters and an ellipsis). */
  displayName: string;
  /** What was stored: images re-encoded (HEIC as JPEG), PDFs written again from what was checked. */
  type: StoredFileType;
  /** Bytes stored. */
  size: number;
  /** Hex SHA-256 of the stored bytes. */
  sha256: string;
}

export interface AcceptUploadOptions {
  /** The slot's accepted types and size limit (a checklist item's `accept`). */
  itemLimits: UploadRule;
  /**
   * What is kept of an accepted image instead of the image itself (an application's photo, fitted
   * to the portal's size): it gets the re-encoded upload and answers what storage keeps, or
   * throws the refusal. The customer's own file is then never stored.
   */
  finishImage?: (image: ReencodedImage) => Promise<ReencodedImage>;
  /**
   * A visitor's upload, before any account or order (a photo check): its image is re-encoded
   * behind every other upload waiting, so strangers cannot hold customers' uploads up.
   */
  behind?: boolean;
}

export interface UploadService {
  /**
   * Reads the one file of a multipart request and keeps it if it is what the slot accepts:
   * streamed to a private scratch file and cut off at the slot's size limit (never buffered
   * whole), its type decided by its first bytes, images re-encoded, PDFs parsed, checked and
   * written again from what was checked, then put in storage. Anything refused rejects with an
   * HttpError carrying the customer's message and leaves nothing on disk. The route must be in a
   * scope that ran registerUploadParsing().
   */
  acceptUpload(request: FastifyRequest, options: AcceptUploadOptions): Promise<AcceptedUpload>;
  /**
   * The same checks for an image that is only looked at, not kept (a passport page read for its
   * machine-readable zone): the re-encoded image is answered and nothing is stored. When the slot
   * takes PDFs, a PDF is checked as for keeping and its scanned page answered (pdf-image.ts), or
   * null when its first page holds no image we decode.
   */
  acceptImage(request: FastifyRequest, options: AcceptUploadOptions): Promise<ReencodedImage | null>;
}

export interface UploadServiceOptions {
  storage: FileStorage;
  /** Private folder for files being received and checked (DATA_DIR/upload-scratch). */
  scratchDir: string;
  limits?: Partial<ContentLimits>;
}

interface Received {
  path: string;
  type: UploadType;
  size: number;
  fileName: string;
}

/** Turns the multipart parser's own errors into the customer's messages. */
function multipartRefusal(error: unknown, rule: UploadRule): HttpError {
  if (error instanceof HttpError) return error;
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return uploadRefused(413, fileTooLargeMessage(rule.maxBytes));
    case 'FST_FILES_LIMIT':
      return uploadRefused(413, UPLOAD_MESSAGES.oneFileOnly);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return uploadRefused(400, UPLOAD_MESSAGES.noFile);
    case 'FST_REQ_PREMATURE_CLOSE':
      return uploadRefused(400, UPLOAD_MESSAGES.interrupted);
    default:
      // Too many fields or parts, a malformed part, a body that ends mid-part.
      return uploadRefused(400, UPLOAD_MESSAGES.malformed);
  }
}

/**
 * Streams one file part to `path`, refusing it as soon as its first bytes show a type the slot
 * does not take. busboy stops the part at the slot's size limit, so the file never grows past it.
 */
async function receive(part: MultipartFile, path: string, rule: UploadRule): Promise<Received> {
  let size = 0;
  let head = Buffer.alloc(0);
  let type: UploadType | null = null;
  const decide = (): Error | null => {
    type = sniffUploadType(head);
    if (type && rule.types.includes(type)) return null;
    const named = uploadTypeNamed(part.filename);
    return uploadRefused(
      415,
      named && named !== type && rule.types.includes(named)
        ? mislabelledFileMessage(named, rule.types)
        : unsupportedTypeMessage(rule.types),
    );
  };
  const gate = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (type === null && head.length < SNIFF_BYTES) {
        head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
        if (head.length >= SNIFF_BYTES) {
          const refused = decide();
          if (refused) return done(refused);
        }
      }
      done(null, chunk);
    },
    flush(done) {
      if (size === 0) return done(uploadRefused(400, UPLOAD_MESSAGES.empty));
      done(type === null ? decide() : null);
    },
  });
  await pipeline(part.file, gate, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
  if (part.file.truncated) throw uploadRefused(413, fileTooLargeMessage(rule.maxBytes));
  return { path, type: type as unknown as UploadType, size, fileName: part.filename };
}

/**
 * After a refusal made before the body ended (a disguised file is refused from its first bytes),
 * lets the rest of the body flow and be discarded rather than sit unread on the connection.
 * Browsers and curl stop sending once they read the refusal; a client that keeps going has its
 * bytes thrown away, and the request timeout bounds how long that lasts.
 */
function drainRequest(request: FastifyRequest) {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  raw.resume();
}

export function createUploadService({ storage, scratchDir, limits }: UploadServiceOptions): UploadService {
  const content: ContentLimits = { ...CONTENT_LIMITS, ...limits };

  /** An image re-encoded within the app's and the slot's pixel limits. */
  function reencoded(received: Received, rule: UploadRule, behind = false): Promise<ReencodedImage> {
    const maxImagePixels = Math.min(content.maxImagePixels, rule.maxPixels ?? content.maxImagePixels);
    const type = received.type as Exclude<UploadType, 'pdf'>;
    return reencodeImage(received.path, type, { ...content, maxImagePixels }, rule.minSidePx, { behind });
  }

  /** Checks a received file against the app's and the slot's limits and puts what we keep of it in storage. */
  async function keep(received: Received, { itemLimits: rule, finishImage, behind }: AcceptUploadOptions) {
    if (received.type === 'pdf') {
      // The document as checked, written again: never the bytes sent (pdf.ts, decision 0092).
      const checked = await checkPdf(await readFile(received.path), content);
      return storage.put(
        Readable.from([Buffer.from(checked.bytes.buffer, checked.bytes.byteOffset, checked.bytes.byteLength)]),
        { contentType: 'application/pdf' },
      );
    }
    const fresh = await reencoded(received, rule, behind);
    const image = finishImage ? await finishImage(fresh) : fresh;
    return storage.put(Readable.from([image.data]), { contentType: image.contentType });
  }

  /**
   * Receives the one file of a multipart request into a private scratch file, hands it to `use`
   * and removes it afterwards, whatever happens.
   */
  async function withReceived<T>(
    request: FastifyRequest,
    rule: UploadRule,
    use: (received: Received) => Promise<T>,
  ): Promise<T> {
    if (typeof request.isMultipart !== 'function') {
      throw new Error('acceptUpload needs a route scope that ran registerUploadParsing()');
    }
    if (!request.isMultipart()) throw uploadRefused(400, UPLOAD_MESSAGES.noFile);
    await mkdir(scratchDir, { recursive: true, mode: 0o700 });
    const scratchPath = join(scratchDir, `${randomBytes(16).toString('hex')}.upload`);
    try {
      let received: Received | null = null;
      try {
        const parts = request.parts({ limits: { ...MULTIPART_LIMITS, fileSize: rule.maxBytes } });
        for await (const part of parts) {
          if (part.type !== 'file') continue;
          // busboy's `files: 1` turns a second file into FST_FILES_LIMIT; this is the belt to those braces.
          if (received) throw uploadRefused(413, UPLOAD_MESSAGES.oneFileOnly);
          received = await receive(part, scratchPath, rule);
        }
      } catch (error) {
        throw multipartRefusal(error, rule);
      }
      if (!received) throw uploadRefused(400, UPLOAD_MESSAGES.noFile);
      return await use(received);
    } finally {
      await rm(scratchPath, { force: true });
      drainRequest(request);
    }
  }

  return {
    acceptUpload(request, options) {
      return withReceived(request, options.itemLimits, async (received) => {
        const stored = await keep(received, options);
        return {
          storageKey: stored.key,
          displayName: displayFileName(received.fileName),
          type: stored.contentType,
          size: stored.size,
          sha256: stored.sha256,
        };
      });
    },

    acceptImage(request, { itemLimits }) {
      return withReceived(request, itemLimits, async (received) => {
        if (received.type !== 'pdf') return reencoded(received, itemLimits);
        const checked = await checkPdf(await readFile(received.path), content);
        return pdfPageImage(checked.bytes, content);
      });
    },
  };
}
