import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE_NAME } from '../session-cookie.ts';

export interface CachedPage {
  status: number;
  headers: OutgoingHttpHeaders;
  body: string;
  /** Compressed once when stored, so a hit costs no compression. */
  brotli: Buffer;
  gzip: Buffer;
  etag: string;
  storedAt: number;
}

/** The encoding to answer with: brotli, then gzip, else none (q=0 refuses one). */
function negotiate(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
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

const MAX_ENTRIES = 500;

/**
 * Rendered pages for anonymous visitors. A page opts in by answering `Cache-Control: public`
 * (its route's `headers` export); anything with a session, a Set-Cookie or another status is
 * rendered every time. Entries live `maxAgeSeconds` (0 turns the cache off).
 */
export function createPageCache({ maxAgeSeconds }: { maxAgeSeconds: number }) {
  const entries = new Map<string, CachedPage>();
  const maxAgeMs = maxAgeSeconds * 1000;

  return {
    accepts(headers: IncomingHttpHeaders): boolean {
      if (maxAgeMs === 0 || headers.authorization) return false;
      return !headers.cookie?.includes(`${SESSION_COOKIE_NAME}=`);
    },

    isStorable(response: Response): boolean {
      return (
        response.status === 200 &&
        !response.headers.has('set-cookie') &&
        /\bpublic\b/.test(response.headers.get('cache-control') ?? '')
      );
    },

    get(url: string): CachedPage | undefined {
      const entry = entries.get(url);
      if (!entry) return undefined;
      if (Date.now() - entry.storedAt > maxAgeMs) {
        entries.delete(url);
        return undefined;
      }
      return entry;
    },

    set(url: string, status: number, headers: OutgoingHttpHeaders, body: string): CachedPage {
      const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
      const entry = {
        status,
        headers: { ...headers, etag, vary: 'Accept-Encoding' },
        body,
        brotli: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
        gzip: gzipSync(body, { level: 6 }),
        etag,
        storedAt: Date.now(),
      };
      entries.delete(url);
      entries.set(url, entry);
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      return entry;
    },

    clear(): void {
      entries.clear();
    },

    send(entry: CachedPage, request: FastifyRequest, reply: FastifyReply) {
      reply.headers(entry.headers);
      if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send();
      reply.status(entry.status);
      if (request.method === 'HEAD') return reply.send();
      const encoding = negotiate(request.headers['accept-encoding']);
      if (encoding === null) return reply.send(entry.body);
      reply.header('content-encoding', encoding);
      return reply.send(encoding === 'br' ? entry.brotli : entry.gzip);
    },
  };
}
