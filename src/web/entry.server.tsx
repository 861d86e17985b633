import { Writable } from 'node:stream';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from 'react-router';
import { isRouteErrorResponse, ServerRouter } from 'react-router';
import { appContext } from './lib/app-context.ts';
import { LoadContext } from './lib/load-context.ts';

// Re-exported so the Fastify server uses the very key the bundled loaders read.
export { appContext } from './lib/app-context.ts';

export const streamTimeout = 5_000;

/** The most React's 4 KB chunks are gathered into before they go on, whatever the pass. */
const GATHER_BYTES = 64 * 1024;

/**
 * Where React writes the page: a Writable that hands the chunks to the web stream the Response
 * carries, with its backpressure (a write waits while that stream's queue is full). React writes
 * 4 KB chunks and calls `flush()` after each pass of its work (the shell, then each boundary that
 * completes); the chunks of a pass go on as one, so every layer after this one (the web stream,
 * Readable.fromWeb, compression, the socket's writev) handles one chunk per pass instead of one
 * per 4 KB: fewer calls, one copy. Streaming is unchanged: nothing waits beyond the end of a pass.
 */
export function pageStream(onEnd: () => void): {
  writable: Writable & { flush(): void };
  readable: ReadableStream<Uint8Array>;
} {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let waiting: (() => void) | undefined;
  let gathered: Uint8Array[] = [];
  let gatheredBytes = 0;
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
  const passOn = () => {
    if (gathered.length === 0) return;
    controller.enqueue(gathered.length === 1 ? (gathered[0] as Uint8Array) : Buffer.concat(gathered, gatheredBytes));
    gathered = [];
    gatheredBytes = 0;
  };
  const writable = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Uint8Array, _encoding, callback) {
      gathered.push(chunk);
      gatheredBytes += chunk.byteLength;
      if (gatheredBytes >= GATHER_BYTES) passOn();
      if ((controller.desiredSize ?? 0) > 0) callback();
      else waiting = callback;
    },
    final(callback) {
      passOn();
      onEnd();
      controller.close();
      callback();
    },
    destroy(error, callback) {
      gathered = [];
      if (error) controller.error(error);
      callback(error);
    },
  });
  return {
    writable: Object.assign(writable, {
      flush() {
        if (!writable.destroyed) passOn();
      },
    }),
    readable,
  };
}

/**
 * React Router's report of a failure on the server (a loader or action that threw, a document
 * whose shell could not render): into the server's log with the request's id (`reportError`),
 * where React Router would print it on the console. A thrown 4xx answer (a page not found) is the
 * visitor's miss, not a failure, and a visitor who left is no failure either.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const { reportError } = (context as RouterContextProvider).get(appContext);
  if (!isRouteErrorResponse(error)) return reportError(error);
  // A thrown answer carries the error behind it, if any (React Router's internal `error`).
  if (error.status >= 500) reportError((error as { error?: unknown }).error ?? error);
};

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
        // A part that has finished is written in place, however large: React sent a big one (a
        // signed-in page's body, the account menu) apart, revealed by its inline scripts, ~0.6 KB
        // more first-load JavaScript on every signed-in page, though it had finished with the rest
        // (decision 0178). One that still waits on real work streams as before.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          const status = responseStatusCode;
          // Piped one turn later: React Router's loader data reaches the page through a Suspense
          // boundary whose data is ready a few microtasks after the shell. Piped at once, the
          // shell went out before it, and the data followed as a streamed boundary with React's
          // reveal scripts (~0.5 KB more first-load JavaScript); whether it did depended on the
          // machine's timing. React keeps rendering what is ready until this turn ends, so the
          // data is now always written in place (decision 0139).
          setImmediate(() => {
            const body = pageStream(() => {
              clearTimeout(timeoutId);
              timeoutId = undefined;
            });
            responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
            pipe(body.writable);
            resolve(new Response(body.readable, { headers: responseHeaders, status }));
          });
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Before the shell, React Router reports it (handleError) when this promise rejects.
          if (shellRendered) loadContext.get(appContext).reportError(error);
        },
      },
    );
  });
}
