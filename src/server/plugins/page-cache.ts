import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE_NAME } from '../session-cookie.ts';
import { type EncodedBody, encodeBody, sendEncoded, uniqueEtag } from './encoded-body.ts';

export interface CachedPage {
  status: number;
  headers: OutgoingHttpHeaders;
  /** Compressed once per encoding a client asks for, so a later hit costs no compression. */
  encoded: EncodedBody;
  storedAt: number;
}

/**
 * Pages by path alone, and pages whose URL has a query string, are kept apart: any visitor can
 * make up query strings, and those must not push the real pages out.
 */
const MAX_PLAIN_ENTRIES = 500;
const MAX_QUERY_ENTRIES = 100;

/**
 * Rendered pages for anonymous visitors. A page opts in by answering `Cache-Control: public`
 * (its route's `headers` export); anything with a session, a Set-Cookie or another status is
 * rendered every time. Entries live `maxAgeSeconds` (0 turns the cache off).
 */
export function createPageCache({ maxAgeSeconds }: { maxAgeSeconds: number }) {
  const plain = new Map<string, CachedPage>();
  const withQuery = new Map<string, CachedPage>();
  const segmentOf = (url: string) =>
    url.includes('?') ? { entries: withQuery, max: MAX_QUERY_ENTRIES } : { entries: plain, max: MAX_PLAIN_ENTRIES };
  const maxAgeMs = maxAgeSeconds * 1000;
  // Bumped by clear(): a page whose render began before a clear may show what the clear was for.
  let generation = 0;

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
      const { entries } = segmentOf(url);
      const entry = entries.get(url);
      if (!entry) return undefined;
      entries.delete(url);
      if (Date.now() - entry.storedAt > maxAgeMs) return undefined;
      // Most recently used last: the first key is the one to drop.
      entries.set(url, entry);
      return entry;
    },

    /** What `set` compares `renderedSince` with: take it before rendering. */
    generation(): number {
      return generation;
    },

    /**
     * Stores the page, unless the cache was cleared since `renderedSince` (its render may have
     * read content the clear was for): then the entry is answered once and not kept.
     */
    set(
      url: string,
      status: number,
      headers: OutgoingHttpHeaders,
      body: string | Buffer,
      renderedSince: number = generation,
    ): CachedPage {
      const { entries, max } = segmentOf(url);
      const entry = { status, headers, encoded: encodeBody(body, uniqueEtag()), storedAt: Date.now() };
      if (renderedSince !== generation) return entry;
      entries.delete(url);
      entries.set(url, entry);
      if (entries.size > max) entries.delete(entries.keys().next().value as string);
      return entry;
    },

    clear(): void {
      generation += 1;
      plain.clear();
      withQuery.clear();
    },

    send(entry: CachedPage, request: FastifyRequest, reply: FastifyReply) {
      reply.headers(entry.headers);
      reply.status(entry.status);
      return sendEncoded(entry.encoded, request, reply);
    },
  };
}
