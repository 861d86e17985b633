import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { fail } from '../../domain/api/envelope.ts';
import { fastifyRateLimitStore, type RateLimitStore } from './rate-limit-store.ts';

/**
 * Security headers, cookies, compression and the rate limiter (opt-in per route; auth routes
 * set the strictest limits). Inline scripts are allowed because React Router puts its
 * hydration data inline and anonymous pages are served from a shared cache, where a per-request
 * nonce cannot work (docs/decisions/0008-security-headers.md).
 */
export async function registerSecurity(
  app: FastifyInstance,
  { production, captcha, rateLimitStore }: { production: boolean; captcha: boolean; rateLimitStore: RateLimitStore },
) {
  // reCAPTCHA v3 loads its script from Google and runs in a frame of theirs.
  const captchaHosts = captcha ? ['https://www.google.com', 'https://www.gstatic.com'] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'unsafe-inline'", ...captchaHosts],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...captchaHosts],
        frameSrc: ["'self'", ...captchaHosts],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: production ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Not helmet's 'no-referrer': under it a form posted without JavaScript carries `Origin: null`,
    // which React Router refuses as a possible cross-site action (and so would the session check).
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: production,
  });
  await app.register(cookie);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(rateLimit, {
    global: false,
    store: fastifyRateLimitStore(rateLimitStore),
    errorResponseBuilder: (_request, context) => ({
      ...fail(429, `Too many requests. Please try again in ${context.after}.`),
    }),
  });
}
