import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { ROUTES } from '../../../domain/config/routes.ts';
import { dismissHomePopup } from '../../lib/home-popup.ts';
import { pendingPackageChoice, settlePendingPackageChoice } from '../../lib/pending-package.ts';
import { useSessionStore } from '../../lib/stores/session-store.ts';
import { showToast } from '../../lib/toast.ts';
import { pathAfterSignIn } from './after-sign-in.ts';
import { fetchProfile } from './api.ts';
import type { AuthDialogOptions } from './open-auth-dialog.ts';

/**
 * SPEC.md §4 after a successful sign-in: keep the session (login time, user), show the server's
 * message, close the dialog, then route (pathAfterSignIn): a package chosen while signed out
 * goes on to its package form, from whichever page the customer signed in. The root data is
 * reloaded so the header shows the signed-in state.
 */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { revalidate } = useRevalidator();

  return async (message: string, options: AuthDialogOptions = {}, close?: () => void) => {
    showToast(message);
    // Signed in, the customer is on their way: the home page's offer does not open over it.
    dismissHomePopup();
    try {
      const { data: user } = await fetchProfile();
      useSessionStore.getState().login(user);
    } catch {
      // Logged by the call helper (SPEC.md §8: user-detail failures are logged only).
    }
    const pending = await pendingPackageChoice();
    // This sign-in is the one the choice waited for, wherever it goes.
    if (pending) settlePendingPackageChoice();
    const target = pathAfterSignIn({
      pathname,
      search,
      redirectTo: options.redirectTo,
      pendingPackageForm: pending?.href,
    });
    close?.();
    // A page that only signs in (sign-in, sign-up, a used verification link) is not gone back to:
    // Back from the form a verification link opened read "already verified, sign in".
    await navigate(target, {
      replace: pathname === ROUTES.SIGN_IN || pathname === ROUTES.SIGN_UP || pathname === ROUTES.VERIFY_EMAIL,
    });
    await revalidate();
  };
}
