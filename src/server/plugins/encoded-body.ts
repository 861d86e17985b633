import { createHash, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type ContentEncoding = 'br' | 'gzip';

/** A response body compressed once per encoding, to be sent many times (the page cache, cached API reads). */
export interface EncodedBody {
  /** The body as is; a rendered page stays the bytes it was rendered to (outside the JavaScript heap). */
  body: string | Buffer;
  /** A strong validator of `body`. */
  etag: string;
  /**
   * The body compressed as `encoding`: made when a client first asks for it, then kept (see
   * encodeBody for the qualities). A Buffer once made; until then the pending compression, which
   * runs in libuv's thread pool, not on the event loop.
   */
  compressed(encoding: ContentEncoding): Buffer | Promise<Buffer>;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const brotli = (quality: number) => (body: string | Buffer) => {
  const size = Buffer.byteLength(body);
  return brotliAsync(body, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: quality,
      [zlib.BROTLI_PARAM_SIZE_HINT]: size,
      [zlib.BROTLI_PARAM_LGWIN]: brotliWindowBits(size),
    },
  });
};

/**
 * Brotli's quality for a body's first answer, and for streamed answers: quality 4 switches to a
 * larger hash table that costs more than twice the CPU of 3 for 5% fewer bytes (a 54 KB page:
 * 0.52 → 0.22 ms, 9.6 → 10.1 KB), and most of these bodies are sent once.
 */
export const FIRST_BROTLI_QUALITY = 3;

/** Streamed answers' window (their size is unknown): 256 KB, more than any page or uncached JSON answer. */
export const STREAMED_BROTLI_WINDOW_BITS = 18;

/**
 * The smallest brotli window that holds the whole body. The default (22 bits, 4 MB) costs the
 * same bytes for a 60 KB page but allocates and clears a ring buffer and hash tables sized for it
 * on every call: a fifth of the process CPU of compressing a page (decision 0041 §8).
 */
export function brotliWindowBits(byteLength: number): number {
  return Math.min(zlib.BROTLI_MAX_WINDOW_BITS, Math.max(16, Math.ceil(Math.log2(byteLength + 1))));
}

/** How each encoding is made: first for the request that asks for it, then (if better) for the requests after it. */
const compressors: Record<
  ContentEncoding,
  { first: (body: string | Buffer) => Promise<Buffer>; kept?: (body: string | Buffer) => Promise<Buffer> }
> = {
  br: { first: brotli(FIRST_BROTLI_QUALITY), kept: brotli(5) },
  gzip: { first: (body) => gzipAsync(body, { level: 6 }) },
};

/**
 * Only the encodings clients ask for are made, each once, in libuv's thread pool. The first
 * request that asks for brotli gets quality 3 (FIRST_BROTLI_QUALITY): a page rendered for one
 * visitor (a made-up query string, an expired entry) is often never asked for again, and quality 3
 * takes under a third of the CPU of 5 for 13% more bytes. When the same body is asked for again, quality 5 is made in the
 * background and answers from then on: most of the size win of the maximum levels, paid once per
 * body that is actually reused. Gzip is level 6 from the start.
 */
export function encodeBody(body: string | Buffer, etag = contentEtag(body)): EncodedBody {
  const made: Partial<Record<ContentEncoding, Buffer | Promise<Buffer>>> = {};
  /** Encodings whose first, faster form is what `made` holds; the kept form is not asked for yet. */
  const firstForm = new Set<ContentEncoding>();

  function make(encoding: ContentEncoding, compress: (body: string | Buffer) => Promise<Buffer>): Promise<Buffer> {
    return compress(body).then((buffer) => {
      made[encoding] = buffer;
      return buffer;
    });
  }

  return {
    body,
    etag,
    compressed(encoding) {
      const found = made[encoding];
      const { first, kept } = compressors[encoding];
      if (!found) {
        const pending = make(encoding, first).catch((error: unknown) => {
          delete made[encoding];
          throw error;
        });
        made[encoding] = pending;
        if (kept) firstForm.add(encoding);
        return pending;
      }
      if (kept && firstForm.has(encoding) && Buffer.isBuffer(found)) {
        // Asked for again: make the kept form; the first one answers until it is ready.
        firstForm.delete(encoding);
        make(encoding, kept).catch(() => {});
      }
      return found;
    },
  };
}

/** A strong validator from the body's bytes: equal bodies, stored apart or again, share it. */
export function contentEtag(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * This process's mark in unique validators, drawn once: another process (a restart, a cluster's
 * other server) draws its own, so their validators never meet.
 */
const UNIQUE_ETAG_MARK = randomBytes(12).toString('base64url');
let uniqueEtags = 0;

/**
 * A strong validator for a body that no other stored body can equal, such as a rendered page,
 * which carries its own script nonce (docs/decisions/0039): hashing it would only cost time
 * (2% of an uncached render, docs/decisions/0041). A count after the process's mark: a random
 * draw per page was a system call each, ~2% of an uncached render's main thread again.
 */
export function uniqueEtag(): string {
  uniqueEtags += 1;
  return `"u${UNIQUE_ETAG_MARK}${uniqueEtags.toString(36)}"`;
}

/** The encoding to answer with: brotli, then gzip, else none (q=0 refuses one). */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentEncoding | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * Answers with `encoded` as the client accepts it: to a GET or HEAD, 304 when its If-None-Match is
 * our ETag (RFC 9110 §15.4.5 allows a 304 only there: a read the API takes by POST, such as a
 * service's packages, always answers its body), no body for HEAD. The caller sets the status and
 * other headers first.
 */
export function sendEncoded(
  encoded: EncodedBody,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply | Promise<FastifyReply> {
  reply.header('etag', encoded.etag);
  reply.header('vary', 'Accept-Encoding');
  const conditional = request.method === 'GET' || request.method === 'HEAD';
  if (conditional && request.headers['if-none-match'] === encoded.etag) return reply.status(304).send();
  if (request.method === 'HEAD') return reply.send();
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  if (encoding === null) return reply.send(encoded.body);
  reply.header('content-encoding', encoding);
  const compressed = encoded.compressed(encoding);
  return Buffer.isBuffer(compressed) ? reply.send(compressed) : compressed.then((buffer) => reply.send(buffer));
}
