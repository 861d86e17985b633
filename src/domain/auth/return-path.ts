import { ROUTES } from '../config/routes.ts';
import { sameOriginPath } from './safe-redirect.ts';

/** The accounts pages: coming back to one of them after verifying would be a step backwards. */
const ACCOUNT_PAGES: readonly string[] = [
  ROUTES.VERIFY_EMAIL,
  ROUTES.SIGN_IN,
  ROUTES.SIGN_UP,
  ROUTES.FORGOT_PASSWORD,
  ROUTES.CREATE_PASSWORD,
];

/**
 * Where an e-mail verification link brings the customer back to (the package, the application,
 * the photo order they signed up from): a same-origin path (safe-redirect.ts) that is not an
 * accounts page, else null. The server stores only what this accepts with the link's token
 * (docs/decisions/0099-way-in-and-back.md).
 */
export function verificationReturnPath(target: unknown): string | null {
  const path = sameOriginPath(target);
  if (!path) return null;
  const { pathname } = new URL(path, 'https://site.invalid');
  return ACCOUNT_PAGES.includes(pathname.replace(/\/+$/, '') || '/') ? null : path;
}
