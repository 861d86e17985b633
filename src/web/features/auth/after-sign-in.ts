import { sameOriginPath } from '../../../domain/auth/safe-redirect.ts';
import { PHOTO_ORDER_PATH, ROUTES } from '../../../domain/config/routes.ts';

export interface SignInContext {
  /** Where the visitor was when signing in. */
  pathname: string;
  search: string;
  /** An explicit destination given to the dialog. */
  redirectTo?: string | undefined;
  /** The package form of a package chosen while signed out (lib/pending-package.ts), if one waits. */
  pendingPackageForm?: string | null | undefined;
}

/**
 * SPEC.md §4 routing after sign-in. An explicit destination first. Then route-handler mode: a
 * package chosen while signed out goes on to its package form, wherever the sign-in happens
 * (unless the page names its own ?redirect=). Otherwise: from /verify-email to home; from /photos
 * to /photos/photo-enhancement; when the address had query parameters, back to the prior path
 * (`?redirect=/profile` names it; otherwise the page itself, with its query); otherwise home.
 */
export function pathAfterSignIn({ pathname, search, redirectTo, pendingPackageForm }: SignInContext): string {
  const explicit = sameOriginPath(redirectTo);
  if (explicit) return explicit;
  const pending = sameOriginPath(pendingPackageForm);
  if (pending && !new URLSearchParams(search).has('redirect')) return pending;
  if (pathname === ROUTES.VERIFY_EMAIL) return ROUTES.HOME;
  if (pathname === ROUTES.PHOTOS || pathname === `${ROUTES.PHOTOS}/`) return PHOTO_ORDER_PATH;
  const query = new URLSearchParams(search);
  if (query.size > 0) {
    const redirect = sameOriginPath(query.get('redirect'));
    if (redirect) return redirect;
    const authPage = pathname === ROUTES.SIGN_IN || pathname === ROUTES.SIGN_UP;
    if (!authPage) return `${pathname}${search.startsWith('?') ? search : `?${search}`}`;
  }
  return ROUTES.HOME;
}
