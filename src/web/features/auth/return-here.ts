import { useLocation } from 'react-router';
import { ROUTES } from '../../../domain/config/routes.ts';
import { pendingPackageChoice } from '../../lib/pending-package.ts';
import { pathAfterSignIn } from './after-sign-in.ts';

/**
 * Where the verification link of a sign-up (or a resent one) should bring the customer back to:
 * wherever signing in here would have taken them (pathAfterSignIn: a package chosen while signed
 * out, the photo order, a ?redirect=), else this very page, not home: the link is opened later,
 * perhaps on another device, and should land where the customer left off. The server keeps it
 * only if it is a path of this site that is not an accounts page (docs/decisions/0099-way-in-and-back.md).
 */
export function useReturnHere(): () => Promise<string> {
  const { pathname, search } = useLocation();
  return async () => {
    const pending = await pendingPackageChoice();
    const target = pathAfterSignIn({ pathname, search, pendingPackageForm: pending?.href });
    return target === ROUTES.HOME ? `${pathname}${search}` : target;
  };
}
