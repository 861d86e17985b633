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
    app.env.AUTH_SIGNIN_FAILURE_MAX ?? (app.env.testHarness ? TEST_DEFAULT : DEFAULT_PER_ACCOUNT_AND_CLIENT);
  return {
    perAccountAndClient,
    perAccount: perAccountAndClient * 10,
    perClient: perAccountAndClient * 3,
    windowMs: AUTH_RATE_WINDOW_MS,
  };
}

/**
 * Who is signing in: the client address, and the device id of a valid device cookie for the
 * account (modules/auth/device-cookie.ts), or null for a browser not known to the account.
 */
export interface SignInClient {
  ip: string;
  device: string | null;
}

export interface SignInThrottle {
  /** Seconds to wait when a limit is reached for this account or client, else null. Counts nothing. */
  retryAfter(email: string, client: SignInClient): Promise<number | null>;
  /** A wrong e-mail or password: counts against the account, the pair and the client; or the device. */
  failed(email: string, client: SignInClient): Promise<void>;
  /** The password was right: this client's (or device's) count for the account starts again. */
  succeeded(email: string, client: SignInClient): Promise<void>;
  /**
   * A password reset from client address `ip`: the account-wide count strangers filled starts
   * again, and so does this address's own count for the account (the owner's forgotten guesses).
   */
  recovered(email: string, ip: string): Promise<void>;
}

/**
 * OWASP's device-cookie scheme: a browser that signed in to the account before counts its
 * failures on its own (as many as one address may make), and is refused only by them; every other
 * client counts per account and address, per account and per address. So strangers who fill the
 * account-wide ceiling never keep the owner's usual browser out, and a stolen device cookie buys
 * no more guesses than one address has.
 */
export function createSignInThrottle(
  store: RateLimitStore,
  limits: SignInFailureLimits,
  now: () => number = Date.now,
): SignInThrottle {
  const accountKey = (email: string) => `signin-failed:account|${email}`;
  const accountClientKey = (email: string, ip: string) => `signin-failed:account-client|${email}|${ip}`;
  const keys = (email: string, { ip, device }: SignInClient) =>
    device
      ? [{ key: `signin-failed:device|${email}|${device}`, max: limits.perAccountAndClient }]
      : [
          { key: accountClientKey(email, ip), max: limits.perAccountAndClient },
          { key: accountKey(email), max: limits.perAccount },
          { key: `signin-failed:client|${ip}`, max: limits.perClient },
        ];
  return {
    async retryAfter(email, client) {
      let wait: number | null = null;
      for (const { key, max } of keys(email, client)) {
        const { count, resetAt } = await store.peek(key, limits.windowMs);
        if (count >= max) wait = Math.max(wait ?? 0, Math.ceil((resetAt - now()) / 1000));
      }
      return wait === null ? null : Math.max(1, wait);
    },
    async failed(email, client) {
      for (const { key } of keys(email, client)) await store.hit(key, limits.windowMs);
    },
    async succeeded(email, client) {
      const [own] = keys(email, client);
      if (own) await store.reset(own.key);
    },
    async recovered(email, ip) {
      await store.reset(accountKey(email));
      await store.reset(accountClientKey(email, ip));
    },
  };
}
