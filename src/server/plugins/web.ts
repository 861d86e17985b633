import { existsSync } from 'node:fs';
import type { OutgoingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import type { AppContextValue } from '../../contracts/load-context.ts';
import { isFromThisMachine } from '../http/local-request.ts';
import { countRoutesAs, STATIC_FILES_ROUTE } from '../metrics/routes.ts';
import type { Services } from '../services.ts';
import { createPageCache } from './page-cache.ts';
import { createRenderTurns } from './render-turns.ts';
import type { DevWeb } from './web-dev.ts';

/** A built app (`npm start`, tests, deployments) or Vite's dev server (`npm run dev`). */
export type WebOptions = { build: ServerBuild; clientDir: string } | { dev: DevWeb };

type AppContextKey = Parameters<RouterContextProvider['set']>[0];

/** The server log's message for a page that failed on the server (`reportError`; its `err` holds the stack). */
export const PAGE_FAILED_LOG_MESSAGE = 'The page failed on the server';

function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const url = `${request.protocol}://${request.host}${request.url}`;
  const controller = new AbortController();
  // The visitor went away before the whole page was sent. (A close after the last byte aborts
  // nothing, and would cost a DOMException with a stack trace per request.)
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  // Name-value pairs, which the Request takes as they are (a Headers object would be copied again).
  const headers: [string, string][] = [];
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.push([name, v]);
    else if (value !== undefined) headers.push([name, value]);
  }
  // HEAD renders as GET; the body is dropped when sending.
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const hasBody = method !== 'GET';
  return new Request(url, {
    method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

function appContextKeyOf(build: ServerBuild): AppContextKey {
  return (build.entry.module as unknown as { appContext: AppContextKey }).appContext;
}

function copyHeaders(response: Response, reply: FastifyReply): void {
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

/**
 * Serves the built client assets and hands every other path to React Router. The body stays
 * unparsed in this scope so actions read it themselves.
 */
export async function registerWeb(app: FastifyInstance, options: WebOptions): Promise<void> {
  const dev = 'dev' in options ? options.dev : null;
  const clientDir = 'clientDir' in options ? options.clientDir : null;
  if (clientDir && existsSync(clientDir)) {
    // A route per file (wildcard: false), found by the router without asking the disk; /metrics
    // counts them all as one route.
    await app.register(async (files) => {
      countRoutesAs(files, STATIC_FILES_ROUTE);
      await files.register(fastifyStatic, {
        root: clientDir,
        prefix: '/',
        wildcard: false,
        index: false,
        setHeaders(reply, path) {
          reply.header(
            'cache-control',
            path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
          );
        },
      });
    });
  }

  const contextValue: Omit<AppContextValue, 'viewer' | 'clientIp' | 'fromThisMachine' | 'cspNonce' | 'reportError'> = {
    services: app.services,
    publicConfig: {
      siteUrl: app.env.siteUrl,
      tollFreeNumber: app.env.TOLL_FREE_NUMBER,
      supportEmail: app.env.SUPPORT_EMAIL,
      whatsappNumber: app.env.WHATSAPP_NUMBER,
      blogUrl: app.env.BLOG_URL,
      recaptchaSiteKey: app.env.RECAPTCHA_SITE_KEY ?? null,
    },
    devMailbox: app.env.devMailbox,
    devPages: app.env.devPages,
  };
  const build = 'build' in options ? options.build : null;
  const handle = dev
    ? createRequestHandler(dev.build, 'development')
    : createRequestHandler(build as ServerBuild, 'production');
  // The key the bundled loaders read; a dev reload makes a new one, so ask the current build.
  const builtKey = build ? appContextKeyOf(build) : null;
  // Under `npm run dev` every render shows the latest code.
  const cache = createPageCache({ maxAgeSeconds: dev ? 0 : app.env.PAGE_CACHE_SECONDS });
  // A change to public content (the back office's catalog, marketing and content edits) drops every stored page at once.
  // (The plugin's own tests build it without the modules' services: nothing to watch there.)
  const changes = app.services.contentChanges as Services['contentChanges'] | undefined;
  const unsubscribe = changes?.subscribe(() => cache.clear());
  if (unsubscribe) app.addHook('onClose', async () => unsubscribe());
  const turns = createRenderTurns();

  async function render(request: FastifyRequest, reply: FastifyReply): Promise<Response> {
    const key = builtKey ?? appContextKeyOf(await (dev as DevWeb).build());
    const context = new RouterContextProvider();
    context.set(key, {
      ...contextValue,
      viewer: request.viewer,
      clientIp: request.ip,
      fromThisMachine: isFromThisMachine(request.raw),
      cspNonce: reply.scriptNonce,
      reportError: (error: unknown) => request.log.error({ err: error }, PAGE_FAILED_LOG_MESSAGE),
    });
    return handle(toWebRequest(request, reply), context);
  }

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    if (dev) {
      app.addHook('onClose', () => dev.close());
      // Vite answers module, style, public-file and HMR requests itself; the rest render below.
      scope.addHook('onRequest', async (request, reply) => {
        const answeredByVite = await new Promise<boolean>((resolve, reject) => {
          const answered = () => resolve(true);
          reply.raw.once('finish', answered);
          dev.middleware(request.raw, reply.raw, (error) => {
            reply.raw.off('finish', answered);
            if (error) reject(error);
            else resolve(false);
          });
        });
        if (answeredByVite) reply.hijack();
      });
    }

    scope.all('/*', async (request, reply) => {
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      const cacheable = isRead && cache.accepts(request.headers);
      if (cacheable) {
        const hit = cache.get(request.url);
        if (hit) return cache.send(hit, request, reply);
      }
      await turns.wait();
      // The visitor left while this render waited for its turn: the page could not reach them.
      if (request.raw.socket?.destroyed) return reply.hijack();
      const renderedSince = cache.generation();
      const response = await render(request, reply);
      reply.status(response.status);
      copyHeaders(response, reply);
      // A page rendered for a signed-in user is theirs alone: no shared cache may keep it.
      if (request.viewer) reply.header('cache-control', 'private, no-store');
      if (cacheable && cache.isStorable(response)) {
        // Kept as the rendered bytes: no decoding to a string and encoding back, and the up to
        // 600 stored pages stay outside the JavaScript heap that the garbage collector copies.
        const body = Buffer.from(await response.arrayBuffer());
        const entry = cache.set(
          request.url,
          response.status,
          reply.getHeaders() as OutgoingHttpHeaders,
          body,
          renderedSince,
        );
        return cache.send(entry, request, reply);
      }
      if (!response.body || request.method === 'HEAD') {
        await response.body?.cancel();
        return reply.send();
      }
      return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
    });
  });
}
