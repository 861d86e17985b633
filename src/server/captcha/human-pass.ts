import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The proof, kept in an httpOnly cookie, that this browser passed POST /api/hello for an action a
 * moment ago: `action.expiresAt.nonce.mac`, where the MAC is an HMAC-SHA256 keyed with the
 * reCAPTCHA secret (present whenever the check is on). Sign-up asks for it, so a script cannot
 * skip the human check by calling sign-up alone. It is stateless, so within its few minutes one
 * pass could serve several sign-ups; the sign-up rate limits bound that.
 */
export const HUMAN_PASS_COOKIE = 'human_pass';
export const HUMAN_PASS_TTL_MS = 10 * 60_000;

const mac = (secret: string, payload: string) =>
  createHmac('sha256', `human-pass:${secret}`).update(payload).digest('base64url');

export function issueHumanPass(secret: string, action: string, now = Date.now()): string {
  const payload = `${action}.${now + HUMAN_PASS_TTL_MS}.${randomBytes(9).toString('base64url')}`;
  return `${payload}.${mac(secret, payload)}`;
}

/** True when `pass` was issued with `secret` for `action` and has not expired. */
export function isValidHumanPass(secret: string, pass: string | undefined, action: string, now = Date.now()): boolean {
  if (!pass) return false;
  const cut = pass.lastIndexOf('.');
  const payload = pass.slice(0, cut);
  const given = Buffer.from(pass.slice(cut + 1));
  const expected = Buffer.from(mac(secret, payload));
  if (cut < 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const [passAction, expiresAt] = payload.split('.');
  return passAction === action && Number(expiresAt) > now;
}
