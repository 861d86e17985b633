import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodeBody, negotiateEncoding } from './encoded-body.ts';

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
  });

  it('gives the same strong ETag for the same body', () => {
    expect(encodeBody('a').etag).toBe(encodeBody('a').etag);
    expect(encodeBody('a').etag).not.toBe(encodeBody('b').etag);
    expect(encodeBody('a').etag).toMatch(/^"[\w-]+"$/);
  });

  it('negotiates brotli, then gzip, else none', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});
