import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type EncodedBody, encodeBody, sendEncoded } from './encoded-body.ts';
import type { RouteMarks } from './openapi-contract.ts';

interface Entry {
  version: object;
  encoded: EncodedBody;
}

/**
 * Serialised and compressed answers of read-only API routes whose answer depends only on the
 * request's URL and on data that a service can give a version for (the catalog's snapshot, the
 * country list). A hit costs neither serialisation nor compression, which is most of such a
 * request's time (docs/decisions/0023-cached-api-reads.md). At most `maxEntries` URLs are kept;
 * the least recently used goes first.
 */
export function createJsonResponseCache({
  maxEntries = 1000,
  scope,
}: {
  maxEntries?: number;
  /** The route scope whose reads answer through this cache: the API document declares their 304. */
  scope?: FastifyInstance;
} = {}) {
  const entries = new Map<string, Entry>();
  scope?.addHook('onRoute', (route) => {
    const marks: RouteMarks = { answersNotModified: true };
    if ([route.method].flat().some((method) => method === 'GET' || method === 'HEAD')) {
      route.config = { ...route.config, ...marks };
    }
  });

  return {
    /**
     * Answers from the cache when the entry for this URL was made under `version` (compared by
     * identity); otherwise runs `produce`, serialises its result with the route's response schema,
     * keeps it and answers with it. What `produce` throws is answered as usual and not kept.
     */
    async send(
      request: FastifyRequest,
      reply: FastifyReply,
      version: object,
      produce: () => unknown,
    ): Promise<FastifyReply> {
      const key = `${request.method} ${request.url}`;
      let entry = entries.get(key);
      if (entry?.version !== version) {
        const body = reply.serialize(await produce());
        if (typeof body !== 'string') throw new TypeError(`${key}: the route's serializer did not give text`);
        entry = { version, encoded: encodeBody(body) };
      }
      entries.delete(key);
      entries.set(key, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      reply.type('application/json; charset=utf-8');
      return sendEncoded(entry.encoded, request, reply);
    },

    get size(): number {
      return entries.size;
    },
  };
}
export type JsonResponseCache = ReturnType<typeof createJsonResponseCache>;
