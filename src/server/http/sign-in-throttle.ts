import type { FastifyInstance } from 'fastify';
import type { RateLimitStore } from '../plugins/rate-limit-store.ts';
import { AUTH_RATE_WINDOW_MS } from './rate-limits.ts';

/**
 * How many failed sign-ins a window allows (docs/decisions/0040). Only failures count: a customer
 * who signs in often is never refused, and a success clears the count of that account on that
 * client.
 */
export interface SignInFailureLimits {
  /** One account from one client address: stops a guesser at one address quickly. */
  perAccountAndClient: number;
  /**
   * One account from all addresses together: the ceiling NIST SP 800-63B §5.2.2 asks for (at
   * most 100), far above what a handful of addresses can reach at the per-address limit.
   */
  perAccount: number;
  /** One client address across accounts: stops credential stuffing from one address. */
  perClient: number;
  windowMs: number;
}

const DEFAULT_PER_ACCOUNT_AND_CLIENT = 10;
const TEST_DEFAULT = 100_000;

/** The figures from AUTH_SIGNIN_FAILURE_MAX (per account and client); the others follow from it. */
export function signInFailureLimits(app: FastifyInstance): SignInFailureLimits {
  const perAccountAndClient =
    app.env.AUTH_SIGNIN_FAILURE_MAX ?? (app.env.NODE_ENV === 'test' ? TEST_DEFAULT : DEFAULT_PER_ACCOUNT_AND_CLIENT);
  return {
    perAccountAndClient,
    perAccount: perAccountAndClient * 10,
    perClient: perAccountAndClient * 3,
    windowMs: AUTH_RATE_WINDOW_MS,
  };
}

export interface SignInThrottle {
  /** Seconds to wait when a limit is reached for this account or client, else null. Counts nothing. */
  retryAfter(email: string, clientIp: string): Promise<number | null>;
  /** A wrong e-mail or password: counts against the account, the pair and the client. */
  failed(email: string, clientIp: string): Promise<void>;
  /** The password was right: this client's count for the account starts again. */
  succeeded(email: string, clientIp: string): Promise<void>;
}

export function createSignInThrottle(
  store: RateLimitStore,
  limits: SignInFailureLimits,
  now: () => number = Date.now,
): SignInThrottle {
  const keys = (email: string, clientIp: string) => [
    { key: `signin-failed:account-client|${email}|${clientIp}`, max: limits.perAccountAndClient },
    { key: `signin-failed:account|${email}`, max: limits.perAccount },
    { key: `signin-failed:client|${clientIp}`, max: limits.perClient },
  ];
  return {
    async retryAfter(email, clientIp) {
      let wait: number | null = null;
      for (const { key, max } of keys(email, clientIp)) {
        const { count, resetAt } = await store.peek(key, limits.windowMs);
        if (count >= max) wait = Math.max(wait ?? 0, Math.ceil((resetAt - now()) / 1000));
      }
      return wait === null ? null : Math.max(1, wait);
    },
    async failed(email, clientIp) {
      for (const { key } of keys(email, clientIp)) await store.hit(key, limits.windowMs);
    },
    async succeeded(email, clientIp) {
      const [pair] = keys(email, clientIp);
      if (pair) await store.reset(pair.key);
    },
  };
}
