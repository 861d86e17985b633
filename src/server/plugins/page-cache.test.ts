import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE_NAME } from '../session-cookie.ts';
import { createPageCache } from './page-cache.ts';

const publicPage = () =>
  new Response('<html>hi</html>', { status: 200, headers: { 'cache-control': 'public, s-maxage=60' } });

afterEach(() => vi.useRealTimers());

describe('page cache', () => {
  it('serves only anonymous requests', () => {
    const cache = createPageCache({ maxAgeSeconds: 60 });
    expect(cache.accepts({})).toBe(true);
    expect(cache.accepts({ cookie: 'theme=dark' })).toBe(true);
    expect(cache.accepts({ cookie: `a=1; ${SESSION_COOKIE_NAME}=abc` })).toBe(false);
    expect(cache.accepts({ authorization: 'Bearer x' })).toBe(false);
    expect(createPageCache({ maxAgeSeconds: 0 }).accepts({})).toBe(false);
  });

  it('stores only public 200 answers that set no cookie', () => {
    const cache = createPageCache({ maxAgeSeconds: 60 });
    expect(cache.isStorable(publicPage())).toBe(true);
    expect(cache.isStorable(new Response('x', { headers: { 'cache-control': 'private' } }))).toBe(false);
    expect(cache.isStorable(new Response('x', { status: 404, headers: { 'cache-control': 'public' } }))).toBe(false);
    const withCookie = publicPage();
    withCookie.headers.append('set-cookie', 'a=b');
    expect(cache.isStorable(withCookie)).toBe(false);
  });

  it('does not keep a page whose render began before a clear', () => {
    const cache = createPageCache({ maxAgeSeconds: 60 });
    const before = cache.generation();
    cache.clear();
    expect(cache.set('/', 200, {}, 'old', before).encoded.body).toBe('old');
    expect(cache.get('/')).toBeUndefined();
    cache.set('/', 200, {}, 'new', cache.generation());
    expect(cache.get('/')?.encoded.body).toBe('new');
  });

  it('expires entries after maxAge', () => {
    vi.useFakeTimers();
    const cache = createPageCache({ maxAgeSeconds: 60 });
    cache.set('/', 200, {}, 'body');
    vi.advanceTimersByTime(59_000);
    expect(cache.get('/')?.encoded.body).toBe('body');
    vi.advanceTimersByTime(2_000);
    expect(cache.get('/')).toBeUndefined();
  });

  it('answers a matching If-None-Match with 304, otherwise the stored page, precompressed as the client accepts', async () => {
    const cache = createPageCache({ maxAgeSeconds: 60 });
    const entry = cache.set('/', 200, { 'content-type': 'text/html' }, '<p>page</p>');
    const app = Fastify();
    app.get('/', (request, reply) => cache.send(entry, request, reply));
    const full = await app.inject({ url: '/' });
    expect(full.statusCode).toBe(200);
    expect(full.body).toBe('<p>page</p>');
    expect(full.headers.etag).toBe(entry.encoded.etag);
    const brotli = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe('<p>page</p>');
    const gzip = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe('<p>page</p>');
    const revalidated = await app.inject({ url: '/', headers: { 'if-none-match': entry.encoded.etag } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    await app.close();
  });

  it('keeps pages with a query string apart, so made-up queries cannot push real pages out', () => {
    const cache = createPageCache({ maxAgeSeconds: 60 });
    cache.set('/', 200, {}, 'home');
    cache.set('/guideline?active=Terms+of+Use', 200, {}, 'terms');
    for (let i = 0; i < 1000; i++) cache.set(`/?nocache=${i}`, 200, {}, `home ${i}`);
    expect(cache.get('/')?.encoded.body).toBe('home');
    expect(cache.get('/guideline?active=Terms+of+Use')).toBeUndefined();
    expect(cache.get('/?nocache=999')?.encoded.body).toBe('home 999');
    expect(cache.get('/?nocache=0')).toBeUndefined();
  });

  it('drops the least recently used page when full', () => {
    const cache = createPageCache({ maxAgeSeconds: 60 });
    for (let i = 0; i < 500; i++) cache.set(`/page-${i}`, 200, {}, `page ${i}`);
    expect(cache.get('/page-0')?.encoded.body).toBe('page 0');
    cache.set('/page-500', 200, {}, 'page 500');
    expect(cache.get('/page-0')?.encoded.body).toBe('page 0');
    expect(cache.get('/page-1')).toBeUndefined();
  });
});
