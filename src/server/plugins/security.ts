import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { fail } from '../../domain/api/envelope.ts';

/**
 * Security headers, cookies, compression and the rate limiter (opt-in per route; auth routes
 * set the strictest limits). Inline scripts are allowed because React Router puts its
 * hydration data inline and anonymous pages are served from a shared cache, where a per-request
 * nonce cannot work (docs/decisions/0008-security-headers.md).
 */
/** Powerful browser features no page uses yet: off for us and for any frame (docs/decisions/0036). */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

export async function registerSecurity(
  app: FastifyInstance,
  { production, captcha, viteDev = false }: { production: boolean; captcha: boolean; viteDev?: boolean },
) {
  // reCAPTCHA v3 loads its script from Google and runs in a frame of theirs.
  const captchaHosts = captcha ? ['https://www.google.com', 'https://www.gstatic.com'] : [];
  await app.register(helmet, {
    // Vite's dev client injects inline modules and opens its HMR socket on another port.
    contentSecurityPolicy: viteDev
      ? false
      : {
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
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // A signed-in answer is that user's alone, and a cookie is never handed to a shared cache.
    const type = String(reply.getHeader('content-type') ?? '');
    const personal = Boolean(request.viewer) && /^(text\/html|application\/json)/.test(type);
    if (personal || reply.hasHeader('set-cookie')) reply.header('cache-control', 'private, no-store');
    return payload;
  });
  await app.register(cookie);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      ...fail(429, `Too many requests. Please try again in ${context.after}.`),
    }),
  });
}
