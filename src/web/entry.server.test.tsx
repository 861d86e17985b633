import { once } from 'node:events';
import { RouterContextProvider, UNSAFE_ErrorResponseImpl } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AppContextValue } from '../contracts/load-context.ts';
import { appContext, handleError, pageStream } from './entry.server.tsx';

const chunk = (byte: number, size = 4096) => new Uint8Array(size).fill(byte);

describe('the page stream React writes into', () => {
  it('carries every chunk to the Response, in order, and tells when the page ended', async () => {
    let ended = false;
    const { writable, readable } = pageStream(() => {
      ended = true;
    });
    writable.write(chunk(65, 3));
    writable.write(chunk(66, 2));
    writable.end();
    expect(new TextDecoder().decode(await new Response(readable).arrayBuffer())).toBe('AAABB');
    expect(ended).toBe(true);
  });

  it('passes the chunks of one pass on as one when React flushes, and 64 KB at most at a time', async () => {
    const { writable, readable } = pageStream(() => {});
    const reader = readable.getReader();
    writable.write(chunk(65, 3));
    writable.write(chunk(66, 2));
    writable.flush();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('AAABB');
    for (let i = 0; i < 17; i++) writable.write(chunk(i));
    expect((await reader.read()).value?.byteLength).toBe(64 * 1024);
    writable.end();
    expect((await reader.read()).value?.byteLength).toBe(4096);
    expect((await reader.read()).done).toBe(true);
  });

  it('holds React back while the reader is behind, and lets it go on as the reader catches up', async () => {
    const { writable, readable } = pageStream(() => {});
    let accepted = true;
    for (let i = 0; i < 64 && accepted; i++) accepted = writable.write(chunk(i));
    // 64 KB passed on and waiting for the reader, then 16 KB more in the writable behind them.
    expect(accepted).toBe(false);
    const reader = readable.getReader();
    const drained = once(writable, 'drain');
    let read = 0;
    while (writable.writableNeedDrain) {
      const { value } = await reader.read();
      read += value?.byteLength ?? 0;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await drained;
    expect(read).toBeGreaterThan(0);
  });

  it('closes the writable when the reader cancels (a visitor who left), so React stops rendering', async () => {
    const { writable, readable } = pageStream(() => {});
    writable.write(chunk(1));
    const closed = once(writable, 'close');
    await readable.cancel();
    await closed;
    expect(writable.destroyed).toBe(true);
  });

  it('errors the Response body when React destroys the stream with an error', async () => {
    const { writable, readable } = pageStream(() => {});
    writable.on('error', () => {});
    writable.destroy(new Error('render failed'));
    await expect(new Response(readable).arrayBuffer()).rejects.toThrow('render failed');
  });
});

describe("React Router's reports of failures on the server (handleError)", () => {
  const reportedFor = (error: unknown, request = new Request('http://shop.test/oci-card')) => {
    const reported: unknown[] = [];
    const context = new RouterContextProvider();
    context.set(appContext, {
      reportError: (e: unknown) => {
        reported.push(e);
      },
    } as Partial<AppContextValue> as AppContextValue);
    handleError(error, { request, context, params: {} } as Parameters<typeof handleError>[1]);
    return reported;
  };

  it("go to the request's server log: a loader's error, and the error behind a thrown 5xx answer", () => {
    const failure = new Error('the catalog is unreachable');
    expect(reportedFor(failure)).toEqual([failure]);
    const behind = new Error('no connection');
    expect(reportedFor(new UNSAFE_ErrorResponseImpl(500, 'Internal Server Error', behind, true))).toEqual([behind]);
    const thrown = new UNSAFE_ErrorResponseImpl(503, 'Service Unavailable', 'down');
    expect(reportedFor(thrown)).toEqual([thrown]);
  });

  it('leave out a page not found (a 4xx answer) and a visitor who left', () => {
    expect(
      reportedFor(new UNSAFE_ErrorResponseImpl(404, 'Not Found', new Error('No route matches URL'), true)),
    ).toEqual([]);
    const left = new AbortController();
    left.abort();
    expect(reportedFor(new Error('cut short'), new Request('http://shop.test/', { signal: left.signal }))).toEqual([]);
  });
});
