import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, constants as zlib } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { brotliWindowBits, encodeBody, FIRST_BROTLI_QUALITY, negotiateEncoding, uniqueEtag } from './encoded-body.ts';

const ENCODED_BODY = new URL('./encoded-body.ts', import.meta.url).href;

/** Brotli at `quality` with the window encodeBody picks for the body. */
const brotliAt = (body: Buffer, quality: number) =>
  brotliCompressSync(body, {
    params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_LGWIN]: brotliWindowBits(body.length) },
  });

describe('encoded body', () => {
  it('compresses each encoding when first asked, once: concurrent asks share it, later asks get the buffer', async () => {
    const encoded = encodeBody('<p>page</p>'.repeat(100));
    const first = encoded.compressed('br');
    expect(first).toBeInstanceOf(Promise);
    expect(encoded.compressed('br')).toBe(first);
    const brotli = await first;
    expect(encoded.compressed('br')).toBe(brotli);
    expect(brotliDecompressSync(brotli).toString()).toBe(encoded.body);
    // gzip was not made along with brotli.
    const gzip = encoded.compressed('gzip');
    expect(gzip).toBeInstanceOf(Promise);
    expect(gunzipSync(await gzip).toString()).toBe(encoded.body);
    expect(encoded.compressed('gzip')).toBe(await gzip);
  });

  it('answers the first brotli request at quality 3, and requests after it at quality 5 once made', async () => {
    const body = Buffer.from(await readFile(new URL('../../../README.md', import.meta.url)));
    const encoded = encodeBody(body);
    const quick = await encoded.compressed('br');
    expect(quick.equals(brotliAt(body, FIRST_BROTLI_QUALITY))).toBe(true);
    expect(FIRST_BROTLI_QUALITY).toBe(3);
    // Asked again: the quality 3 bytes answer while quality 5 is made in the background.
    expect(encoded.compressed('br')).toBe(quick);
    const kept = await vi.waitFor(() => {
      const now = encoded.compressed('br');
      if (now === quick) throw new Error('quality 5 not made yet');
      return now as Buffer;
    });
    expect(kept.equals(brotliAt(body, 5))).toBe(true);
    expect(kept.length).toBeLessThan(quick.length);
    expect(brotliDecompressSync(kept).equals(body)).toBe(true);
  });

  it('compresses with the smallest window that holds the body, to the same bytes as the default window', async () => {
    expect(brotliWindowBits(10)).toBe(16);
    expect(brotliWindowBits(60_000)).toBe(16);
    expect(brotliWindowBits(65_536)).toBe(17);
    expect(brotliWindowBits(200_000)).toBe(18);
    expect(brotliWindowBits(50_000_000)).toBe(zlib.BROTLI_MAX_WINDOW_BITS);
    const body = Buffer.from(await readFile(new URL('../../../README.md', import.meta.url)));
    const usual = brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: FIRST_BROTLI_QUALITY } });
    expect((await encodeBody(body).compressed('br')).length).toBeLessThanOrEqual(usual.length);
  });

  it('gives the same strong ETag for the same body', () => {
    expect(encodeBody('a').etag).toBe(encodeBody('a').etag);
    expect(encodeBody('a').etag).not.toBe(encodeBody('b').etag);
    expect(encodeBody('a').etag).toMatch(/^"[\w-]+"$/);
  });

  it('takes a unique ETag for a body no other can equal (a page with its own nonce), without hashing it', () => {
    const etags = new Set(Array.from({ length: 100 }, () => encodeBody('a', uniqueEtag()).etag));
    expect(etags.size).toBe(100);
    for (const etag of etags) expect(etag).toMatch(/^"[\w-]+"$/);
  });

  it('never gives two processes (a restart, a second server) the same unique ETags', () => {
    const firstEtags = () =>
      execFileSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `const { uniqueEtag } = await import(${JSON.stringify(ENCODED_BODY)}); console.log(uniqueEtag(), uniqueEtag());`,
        ],
        { encoding: 'utf8' },
      )
        .trim()
        .split(' ');
    const [one, two] = [firstEtags(), firstEtags()];
    expect(new Set([...(one ?? []), ...(two ?? [])]).size).toBe(4);
  });

  it('negotiates brotli, then gzip, else none', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});
