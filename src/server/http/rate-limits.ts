import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tooManyAttemptsMessage } from '../../domain/auth/messages.ts';
import { normalizeEmail } from '../../domain/auth/schemas.ts';
import { clientKey } from './client-address.ts';
import { HttpError } from './errors.ts';
import { withTrait } from './route-traits.ts';

/** Every accounts limit counts over 15 minutes. */
export const AUTH_RATE_WINDOW_MS = 15 * 60 * 1000;

/** Defaults outside tests; tests get limits no suite reaches unless it sets the variables. */
const DEFAULT_PER_CLIENT = 20;
const DEFAULT_PER_EMAIL = 5;
const TEST_DEFAULT = 100_000;

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
/** Marks a limiter's hook, so the API document declares its 429 (http/route-traits.ts). */
const RATE_LIMITED = { kind: 'rate-limited' } as const;

/**
 * A limiter on @fastify/rate-limit's store, answering 429 with the accounts message. `key`
 * returns null for requests it does not count (no e-mail in the body, no signed-in user).
 */
export function createLimiter(
  app: FastifyInstance,
  name: string,
  max: number,
  key: (request: FastifyRequest) => string | null,
): Hook {
  const check = app.createRateLimit({
    max,
    timeWindow: AUTH_RATE_WINDOW_MS,
    keyGenerator: (request) => `${name}|${key(request)}`,
  });
  return withTrait<Hook>(async (request, reply) => {
    if (key(request) === null) return;
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new HttpError(429, tooManyAttemptsMessage(result.ttlInSeconds));
    }
  }, RATE_LIMITED);
}

export const byClient = (request: FastifyRequest) => clientKey(request.ip);
/** The normalised e-mail of the body, or null. */
export const emailOf = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() !== '' ? normalizeEmail(email) : null;
};
/**
 * An e-mail address as asked about from one client address: requests from elsewhere never use
 * up the owner's allowance, so nobody can keep the owner from signing up or recovering.
 */
export const byEmailAndClient = (request: FastifyRequest) => {
  const email = emailOf(request);
  return email === null ? null : `${email}|${clientKey(request.ip)}`;
};
export const byUser = (request: FastifyRequest) => (request.viewer ? String(request.viewer.id) : null);

/**
 * A route's `config.rateLimit`, counted per signed-in user once the session is checked
 * (`preHandler`): a runaway client or script is stopped without holding back other customers
 * behind the same address.
 */
export function perSignedInUser(limit: { max: number; timeWindow: string }) {
  return {
    ...limit,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `user:${request.viewer?.id ?? clientKey(request.ip)}`,
  };
}

/**
 * A route's `config.rateLimit`, counted per session and `part` of the request (e.g. the member a
 * save is for), once the session is checked (`preHandler`); over the limit answers 429 with
 * `message` and Retry-After. Another tab or device of the same customer counts apart.
 */
export function perSessionAnd(
  limit: { max: number; timeWindow: string },
  { name, part, message }: { name: string; part: (request: FastifyRequest) => string; message: string },
) {
  return {
    ...limit,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) =>
      `${name}:${request.session?.id ?? clientKey(request.ip)}:${part(request)}`,
    errorResponseBuilder: () => new HttpError(429, message),
  };
}

/**
 * The accounts API's request limits (DESIGN.md §1): per client address on every public accounts
 * endpoint but sign-in (checked on arrival), and per e-mail address and client on sign-up,
 * resend and reset requests (checked once the body is parsed). Sign-in counts failures instead
 * (sign-in-throttle.ts). AUTH_RATE_LIMIT_MAX / AUTH_EMAIL_RATE_LIMIT_MAX set the figures.
 */
export function authLimitFigures(app: FastifyInstance): { perClient: number; perEmail: number } {
  const { testHarness } = app.env;
  return {
    perClient: app.env.AUTH_RATE_LIMIT_MAX ?? (testHarness ? TEST_DEFAULT : DEFAULT_PER_CLIENT),
    perEmail: app.env.AUTH_EMAIL_RATE_LIMIT_MAX ?? (testHarness ? TEST_DEFAULT : DEFAULT_PER_EMAIL),
  };
}

/** The limits of the /auth routes; each limiter keeps its own counts. */
export function createAuthRateLimits(app: FastifyInstance) {
  const { perClient, perEmail } = authLimitFigures(app);
  const pair = (name: string) => ({
    client: createLimiter(app, `${name}:client`, perClient, byClient),
    email: createLimiter(app, `${name}:email`, perEmail, byEmailAndClient),
  });
  return {
    signUp: pair('signup'),
    resend: pair('resend'),
    resetRequest: pair('reset-request'),
    reset: createLimiter(app, 'reset:client', perClient, byClient),
    verify: createLimiter(app, 'verify:client', perClient, byClient),
    referral: createLimiter(app, 'referral:client', perClient, byClient),
  };
}
export type AuthRateLimits = ReturnType<typeof createAuthRateLimits>;

/**
 * Coupon codes a signed-in customer may try in 15 minutes, on all orders and kinds together: plenty
 * for a customer typing the code they were given, too few to find an unpublished one by guessing.
 */
export const COUPON_TRIES_PER_USER = 20;

/** The apply-coupon routes' limit (every kind of order shares it): checked once the session is known. */
export function createCouponLimit(app: FastifyInstance) {
  return createLimiter(app, 'coupon:user', COUPON_TRIES_PER_USER, byUser);
}
