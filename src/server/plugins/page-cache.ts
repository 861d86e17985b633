import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE_NAME } from '../session-cookie.ts';

export interface CachedPage {
  status: number;
  headers: OutgoingHttpHeaders;
  body: string;
  etag: string;
  storedAt: number;
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
      const entry = { status, headers: { ...headers, etag }, body, etag, storedAt: Date.now() };
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
      return request.method === 'HEAD' ? reply.send() : reply.send(entry.body);
    },
  };
}
