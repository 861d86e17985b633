import { randomFillSync } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { fail } from '../../domain/api/envelope.ts';
import { clientKey } from '../http/client-address.ts';
import { FIRST_BROTLI_QUALITY, STREAMED_BROTLI_WINDOW_BITS } from './encoded-body.ts';
import { fastifyRateLimitStore, type RateLimitStore } from './rate-limit-store.ts';

declare module 'fastify' {
  interface FastifyReply {
    /** This response's script nonce (empty under `npm run dev`, which sends no CSP). */
    scriptNonce: string;
  }
}

/** Other origins a page's scripts come from, call and frame (the captcha's, a payment provider's). */
export interface ThirdPartyHosts {
  script: readonly string[];
  connect: readonly string[];
  frame: readonly string[];
}

/**
 * The content security policy of one response. Scripts: this origin, the third parties' hosts
 * (the captcha when it is on, the configured payment providers' checkout scripts), and inline
 * scripts carrying the response's nonce (docs/decisions/0039); styles may be inline (Tailwind and
 * Radix set style attributes, which a nonce cannot cover).
 */
export function contentSecurityPolicy({ hosts, production }: { hosts: ThirdPartyHosts; production: boolean }) {
  const fixed = [
    "default-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...hosts.connect].join(' '),
    ["frame-src 'self'", ...hosts.frame].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(production ? ['upgrade-insecure-requests'] : []),
  ];
  return (nonce: string) => [["script-src 'self'", `'nonce-${nonce}'`, ...hosts.script].join(' '), ...fixed].join('; ');
}

/**
 * The headers helmet sets for these options, worked out once: they are the same on every
 * response, and helmet's own Fastify plugin builds its middleware again per request (about 1% of
 * an uncached page render, more of an API answer; docs/decisions/0041).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Script nonces of 16 random bytes each, cut from a pool filled 256 nonces at a time: one call to
 * the system's random source instead of one per request (a few percent of an uncached render's
 * CPU, decision 0041), as Node's own randomUUID buffers. Every byte serves one nonce only.
 */
export function nonceSource(): () => string {
  const NONCE_BYTES = 16;
  const pool = Buffer.alloc(NONCE_BYTES * 256);
  let offset = pool.length;
  return () => {
    if (offset >= pool.length) {
      randomFillSync(pool);
      offset = 0;
    }
    const nonce = pool.toString('base64', offset, offset + NONCE_BYTES);
    offset += NONCE_BYTES;
    return nonce;
  };
}

/** Powerful browser features no page uses yet: off for us and for any frame (docs/decisions/0036). */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

/**
 * Security headers, cookies, compression and the rate limiter (opt-in per route; auth routes
 * set the strictest limits).
 */
export async function registerSecurity(
  app: FastifyInstance,
  {
    production,
    captcha,
    paymentHosts,
    rateLimitStore,
    viteDev = false,
  }: {
    production: boolean;
    captcha: boolean;
    /** What the configured payment providers' on-page checkouts load, call and frame. */
    paymentHosts: ThirdPartyHosts;
    rateLimitStore: RateLimitStore;
    viteDev?: boolean;
  },
) {
  // reCAPTCHA v3 loads its script from Google and runs in a frame of theirs.
  const captchaHosts = captcha ? ['https://www.google.com', 'https://www.gstatic.com'] : [];
  const hosts: ThirdPartyHosts = {
    script: [...new Set([...captchaHosts, ...paymentHosts.script])],
    connect: [...new Set([...captchaHosts, ...paymentHosts.connect])],
    frame: [...new Set([...captchaHosts, ...paymentHosts.frame])],
  };
  app.decorateReply('scriptNonce', '');
  if (!viteDev) {
    // A fresh nonce per rendered page (docs/decisions/0039): React Router's inline scripts carry it,
    // and nothing else inline may run. A cached page keeps the header it was rendered with.
    const policy = contentSecurityPolicy({ hosts, production });
    const nextNonce = nonceSource();
    app.addHook('onRequest', async (_request, reply) => {
      reply.scriptNonce = nextNonce();
      reply.header('content-security-policy', policy(reply.scriptNonce));
    });
  }
  const fixedHeaders = helmetHeaders({
    // Set above, per request, with the page's script nonce.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // Not helmet's 'no-referrer': under it a form posted without JavaScript carries `Origin: null`,
    // which React Router refuses as a possible cross-site action (and so would the session check).
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: production,
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(fixedHeaders);
  });
  await app.register(cookie);
  // Added after the cookie plugin, whose own onSend hook writes the cookies set with
  // reply.setCookie (the session check clearing a stale cookie, for one): hooks run in the order
  // they were added, so this one sees every Set-Cookie the answer will carry.
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // A signed-in answer is that user's alone, and a cookie is never handed to a shared cache.
    const type = String(reply.getHeader('content-type') ?? '');
    const personal = Boolean(request.viewer) && /^(text\/html|application\/json)/.test(type);
    if (personal || reply.hasHeader('set-cookie')) reply.header('cache-control', 'private, no-store');
    // A failure is kept by no cache, whatever the route said before it failed (the pages' headers
    // say `public` for every status): a shared cache would go on showing it after we recovered.
    else if (reply.statusCode >= 500) reply.header('cache-control', 'no-store');
    return payload;
  });
  // Streamed answers (signed-in pages, uncached JSON) are well under 256 KB: a window of 18 bits
  // instead of brotli's 22 halves the main thread's share of each compression (decision 0041 §8).
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_QUALITY]: FIRST_BROTLI_QUALITY,
        [zlib.BROTLI_PARAM_LGWIN]: STREAMED_BROTLI_WINDOW_BITS,
      },
    },
  });
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => clientKey(request.ip),
    store: fastifyRateLimitStore(rateLimitStore),
    errorResponseBuilder: (_request, context) => ({
      ...fail(429, `Too many requests. Please try again in ${context.after}.`),
    }),
  });
}
