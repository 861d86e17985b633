import { useLocation } from 'react-router';
import { pendingPackageChoice } from '../../lib/pending-package.ts';
import { pathAfterSignIn } from './after-sign-in.ts';

/**
 * Where the verification link of a sign-up (or a resent one) should bring the customer back to:
 * wherever signing in here would have taken them (pathAfterSignIn: a package chosen while signed
 * out, the photo order, the page they were on). The server keeps it only if it is a path of this
 * site, and the link works on any device (docs/decisions/0xxx-way-in-and-back.md).
 */
export function useReturnHere(): () => Promise<string> {
  const { pathname, search } = useLocation();
  return async () => {
    const pending = await pendingPackageChoice();
    return pathAfterSignIn({ pathname, search, pendingPackageForm: pending?.href });
  };
}
