import { createHash, randomBytes } from 'node:crypto';

/** An opaque secret: 32 random bytes, base64url (43 characters), safe in URLs and headers. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored, so a leaked table holds no usable session or link. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The shape of a token this server issued; anything else is rejected without a query. */
export function looksLikeToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
