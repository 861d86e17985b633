import { Writable } from 'node:stream';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, RouterContextProvider } from 'react-router';
import { ServerRouter } from 'react-router';
import { appContext } from './lib/app-context.ts';
import { LoadContext } from './lib/load-context.ts';

// Re-exported so the Fastify server uses the very key the bundled loaders read.
export { appContext } from './lib/app-context.ts';

export const streamTimeout = 5_000;

/**
 * Where React writes the page: a Writable that hands each chunk straight to the web stream the
 * Response carries, with its backpressure (a write waits while that stream's queue is full). One
 * stream instead of a PassThrough plus a second stream pumping its 'data' events across, which
 * also copied every chunk. React never writes into a chunk it has handed over.
 */
export function pageStream(onEnd: () => void): { writable: Writable; readable: ReadableStream<Uint8Array> } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let waiting: (() => void) | undefined;
  const readable = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      pull() {
        const resume = waiting;
        waiting = undefined;
        resume?.();
      },
      cancel() {
        // The reader went away (the visitor left): React sees the destination close and stops.
        writable.destroy();
      },
    },
    { highWaterMark: 16 * 1024, size: (chunk) => chunk.byteLength },
  );
  const writable = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Uint8Array, _encoding, callback) {
      controller.enqueue(chunk);
      if ((controller.desiredSize ?? 0) > 0) callback();
      else waiting = callback;
    },
    final(callback) {
      onEnd();
      controller.close();
      callback();
    },
    destroy(error, callback) {
      if (error) controller.error(error);
      callback(error);
    },
  });
  return { writable, readable };
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers and no-JS readers get the whole document at once.
    const waitForAll = (userAgent && isbot(userAgent)) || routerContext.isSpaMode;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    // The response's CSP lets only inline scripts with this nonce run (docs/decisions/0039).
    const nonce = loadContext.get(appContext).cspNonce || undefined;

    const { pipe, abort } = renderToPipeableStream(
      <LoadContext value={loadContext}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </LoadContext>,
      {
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          const body = pageStream(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          pipe(body.writable);
          resolve(new Response(body.readable, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
