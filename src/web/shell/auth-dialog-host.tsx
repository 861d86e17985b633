import { lazy, Suspense, useSyncExternalStore } from 'react';
import { normalizePath } from '../../domain/config/navigation.ts';
import { ROUTES } from '../../domain/config/routes.ts';
import type { AuthDialogKind, AuthDialogOptions, AuthDialogState } from '../features/auth/open-auth-dialog.ts';

/**
 * Part of every page's first load, so it imports nothing of the dialog: it listens for the
 * window event of open-auth-dialog.ts (the same name, kept equal by a test) and loads the dialog
 * through the on-demand gateway (deferred.ts).
 */
export const AUTH_DIALOG_EVENT_NAME = 'sevadocs:auth-dialog';

const AuthDialog = lazy(() => import('./deferred.ts').then((m) => m.loadAuthDialog()));

/**
 * The dialog's mode for the page at `pathname`: on /photos, sign-in and sign-up are in photo-order
 * mode (SPEC.md §4: both go on to the photo order), wherever on the page they are opened.
 */
export function dialogOptionsForPath(pathname: string): AuthDialogOptions {
  return normalizePath(pathname) === ROUTES.PHOTOS ? { mode: 'photo-order' } : {};
}

/** For links to /signin and /signup: open the dialog instead, unless the click means a new tab. */
export function openFromLink(kind: AuthDialogKind) {
  return (event: React.MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    // On the Sign In / Sign Up pages themselves the links simply go to the other page.
    if (/^\/sign(in|up)\/?$/.test(window.location.pathname)) return;
    event.preventDefault();
    const options = dialogOptionsForPath(window.location.pathname);
    window.dispatchEvent(new CustomEvent<AuthDialogState>(AUTH_DIALOG_EVENT_NAME, { detail: { kind, options } }));
  };
}

/**
 * What was last asked for, heard from the moment this module loads (with the page shell), not
 * from when the host's effects run: an open asked for before then, by a page's own mount effect
 * or on a busy machine, is not lost.
 */
let requested: AuthDialogState | null = null;
const listeners = new Set<() => void>();
if (typeof window !== 'undefined') {
  window.addEventListener(AUTH_DIALOG_EVENT_NAME, (event) => {
    requested = (event as CustomEvent<AuthDialogState | null>).detail;
    for (const listener of listeners) listener();
  });
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Renders the Sign In / Sign Up dialog while it is asked for. Render once, in the page shell. */
export function AuthDialogHost() {
  const state = useSyncExternalStore(
    subscribe,
    () => requested,
    () => null,
  );
  return state ? (
    <Suspense>
      <AuthDialog state={state} />
    </Suspense>
  ) : null;
}
