import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../http/errors.ts';
import { createJsonResponseCache } from './json-response-cache.ts';

/** A route answering `{ n, secret }` whose response schema keeps only `n`; its version is swappable. */
async function appWithCachedRoute(maxEntries?: number) {
  const cache = createJsonResponseCache({ maxEntries });
  const state = { version: {}, n: 1 };
  const produce = vi.fn((id: string) => {
    if (id === 'missing') throw new HttpError(404, 'No such thing');
    return { n: state.n, secret: 'not in the schema' };
  });
  const app = Fastify();
  // POST too: the API takes some reads by POST (SPEC.md §7's packages of a service).
  app.route<{ Params: { id: string } }>({
    method: ['GET', 'POST'],
    url: '/things/:id',
    schema: { response: { 200: { type: 'object', properties: { n: { type: 'number' } } } } },
    handler: (request, reply) => cache.send(request, reply, state.version, () => produce(request.params.id)),
  });
  await app.ready();
  return { app, cache, state, produce };
}

describe('JSON response cache', () => {
  it("serialises with the route's schema once, then answers from the cache while the version holds", async () => {
    const { app, state, produce } = await appWithCachedRoute();
    const first = await app.inject({ url: '/things/a' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.json()).toEqual({ n: 1 });
    state.n = 2;
    expect((await app.inject({ url: '/things/a' })).json()).toEqual({ n: 1 });
    expect(produce).toHaveBeenCalledTimes(1);

    state.version = {};
    expect((await app.inject({ url: '/things/a' })).json()).toEqual({ n: 2 });
    expect(produce).toHaveBeenCalledTimes(2);
  });

  it('keeps each URL apart and keeps no failure', async () => {
    const { app, produce } = await appWithCachedRoute();
    await app.inject({ url: '/things/a' });
    await app.inject({ url: '/things/b' });
    expect(produce).toHaveBeenCalledTimes(2);
    for (let i = 0; i < 2; i++) {
      const missing = await app.inject({ url: '/things/missing' });
      expect(missing.statusCode).toBe(404);
    }
    expect(produce).toHaveBeenCalledTimes(4);
  });

  it('answers brotli, gzip or plain as the client accepts, and 304 to its own ETag', async () => {
    const { app } = await appWithCachedRoute();
    const br = await app.inject({ url: '/things/a', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual({ n: 1 });
    const gzip = await app.inject({ url: '/things/a', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual({ n: 1 });
    const etag = String(br.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({ url: '/things/a', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers a POST its body even to its own ETag: a 304 is only for GET and HEAD (RFC 9110)', async () => {
    const { app } = await appWithCachedRoute();
    const first = await app.inject({ method: 'POST', url: '/things/a' });
    const etag = String(first.headers.etag);
    const again = await app.inject({ method: 'POST', url: '/things/a', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ n: 1 });
    const read = await app.inject({ url: '/things/a', headers: { 'if-none-match': etag } });
    expect(read.statusCode).toBe(304);
  });

  it('keeps at most maxEntries URLs, dropping the least recently used', async () => {
    const { app, cache, produce } = await appWithCachedRoute(2);
    await app.inject({ url: '/things/a' });
    await app.inject({ url: '/things/b' });
    await app.inject({ url: '/things/a' });
    await app.inject({ url: '/things/c' });
    expect(cache.size).toBe(2);
    expect(produce).toHaveBeenCalledTimes(3);
    await app.inject({ url: '/things/a' });
    expect(produce).toHaveBeenCalledTimes(3);
    await app.inject({ url: '/things/b' });
    expect(produce).toHaveBeenCalledTimes(4);
  });
});
