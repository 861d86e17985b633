import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A response body compressed once, to be sent many times (the page cache, cached API reads). */
export interface EncodedBody {
  body: string;
  brotli: Buffer;
  gzip: Buffer;
  /** A strong validator of `body`. */
  etag: string;
}

/**
 * Brotli quality 5 and gzip level 6: most of the size win of the maximum levels at a fraction of
 * the time, and it is paid once per stored body, not once per request.
 */
export function encodeBody(body: string): EncodedBody {
  return {
    body,
    brotli: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip: gzipSync(body, { level: 6 }),
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
  };
}

/** The encoding to answer with: brotli, then gzip, else none (q=0 refuses one). */
export function negotiateEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
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
export function sendEncoded(encoded: EncodedBody, request: FastifyRequest, reply: FastifyReply) {
  reply.header('etag', encoded.etag);
  reply.header('vary', 'Accept-Encoding');
  if (request.headers['if-none-match'] === encoded.etag) return reply.status(304).send();
  if (request.method === 'HEAD') return reply.send();
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  if (encoding === null) return reply.send(encoded.body);
  reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br' ? encoded.brotli : encoded.gzip);
}
