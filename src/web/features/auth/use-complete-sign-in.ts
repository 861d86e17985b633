import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { packageFormHref } from '../../../domain/catalog/package-choice.ts';
import { ROUTES } from '../../../domain/config/routes.ts';
import { registeredPendingPackage } from '../../lib/pending-package.ts';
import { usePackagesStore } from '../../lib/stores/packages-store.ts';
import { useSessionStore } from '../../lib/stores/session-store.ts';
import { showToast } from '../../lib/toast.ts';
import { pathAfterSignIn } from './after-sign-in.ts';
import { fetchProfile } from './api.ts';
import type { AuthDialogOptions } from './open-auth-dialog.ts';

/**
 * SPEC.md §4 after a successful sign-in: keep the session (login time, user), show the server's
 * message, close the dialog, then route: route-handler mode with a package chosen goes to the
 * package form when the profile has an age group; otherwise pathAfterSignIn decides. The root
 * data is reloaded so the header shows the signed-in state.
 */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { revalidate } = useRevalidator();

  return async (message: string, options: AuthDialogOptions = {}, close?: () => void) => {
    showToast(message);
    let ageGroup: string | null | undefined;
    try {
      const { data: user } = await fetchProfile();
      useSessionStore.getState().login(user);
      ageGroup = user.ageGroup;
    } catch {
      // Logged by the call helper (SPEC.md §8: user-detail failures are logged only).
    }
    let target = pathAfterSignIn({ pathname, search, redirectTo: options.redirectTo });
    if (options.mode === 'route-handler' && ageGroup) {
      const packages = usePackagesStore.getState();
      const { currentPackage, service, currentParameters } = packages;
      const pendingPackage = registeredPendingPackage();
      if (currentPackage && service && (pendingPackage?.hasPackage() ?? true)) {
        pendingPackage?.save();
        packages.setAwaitingSignIn(false);
        target = packageFormHref({
          serviceSlug: service.slug,
          packageSlug: currentPackage.slug,
          choices: currentParameters,
        });
      }
    }
    close?.();
    await navigate(target, { replace: pathname === ROUTES.SIGN_IN || pathname === ROUTES.SIGN_UP });
    await revalidate();
  };
}
