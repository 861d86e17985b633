import { createHash } from 'node:crypto';
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
   * The body compressed as `encoding`: made when a client first asks for it, then kept. A Buffer
   * once made; until then the pending compression, which runs in libuv's thread pool, not on the
   * event loop.
   */
  compressed(encoding: ContentEncoding): Buffer | Promise<Buffer>;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const compressors: Record<ContentEncoding, (body: string | Buffer) => Promise<Buffer>> = {
  br: (body) => brotliAsync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (body) => gzipAsync(body, { level: 6 }),
};

/**
 * Brotli quality 5 and gzip level 6: most of the size win of the maximum levels at a fraction of
 * the time, and it is paid once per stored body and encoding, not once per request. Only the
 * encodings clients ask for are made: a page rendered for one visitor's made-up query string is
 * compressed once, as that visitor accepts, not twice.
 */
export function encodeBody(body: string | Buffer): EncodedBody {
  const made: Partial<Record<ContentEncoding, Buffer | Promise<Buffer>>> = {};
  return {
    body,
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    compressed(encoding) {
      const found = made[encoding];
      if (found) return found;
      const pending = compressors[encoding](body).then(
        (buffer) => {
          made[encoding] = buffer;
          return buffer;
        },
        (error: unknown) => {
          delete made[encoding];
          throw error;
        },
      );
      made[encoding] = pending;
      return pending;
    },
  };
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
 * Answers with `encoded` as the client accepts it: 304 when its If-None-Match is our ETag, no body
 * for HEAD. The caller sets the status and other headers first.
 */
export function sendEncoded(
  encoded: EncodedBody,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply | Promise<FastifyReply> {
  reply.header('etag', encoded.etag);
  reply.header('vary', 'Accept-Encoding');
  if (request.headers['if-none-match'] === encoded.etag) return reply.status(304).send();
  if (request.method === 'HEAD') return reply.send();
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  if (encoding === null) return reply.send(encoded.body);
  reply.header('content-encoding', encoding);
  const compressed = encoded.compressed(encoding);
  return Buffer.isBuffer(compressed) ? reply.send(compressed) : compressed.then((buffer) => reply.send(buffer));
}
