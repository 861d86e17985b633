import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * OWASP's device cookies (docs/decisions/0090-hardening-server.md): a browser that signed in to an
 * account gets an httpOnly cookie naming that account and a random device id, signed with a key
 * only the server holds — the account's password hash, so no secret has to be configured or
 * shared between processes, and a new password (a reset, a change) retires every device cookie
 * of the account. Sign-in counts that device's failures on their own, so strangers filling the
 * account-wide ceiling never keep the owner's usual browser out.
 */
export const DEVICE_COOKIE_NAME = 'sevadocs_device';
/** Only sign-in reads it. */
export const DEVICE_COOKIE_PATH = '/api/v1/auth';
/** A browser stays known for half a year after its last successful sign-in. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

const mac = (key: string, email: string, device: string) =>
  createHmac('sha256', key).update(`device-cookie|${email}|${device}`).digest('base64url');

/** A new device cookie's value for the account `email`, signed with `key`. */
export function signDeviceCookie(key: string, email: string, device = randomBytes(16).toString('base64url')): string {
  return `${device}.${mac(key, email, device)}`;
}

/** The device id the cookie carries when it was signed for `email` with `key`; null otherwise. */
export function verifyDeviceCookie(key: string, email: string, cookie: string | undefined): string | null {
  const match = /^([\w-]{22})\.([\w-]{43})$/.exec(cookie ?? '');
  if (!match?.[1] || !match[2]) return null;
  const expected = Buffer.from(mac(key, email, match[1]));
  const given = Buffer.from(match[2]);
  return given.length === expected.length && timingSafeEqual(given, expected) ? match[1] : null;
}
