/**
 * Opens the Sign In / Sign Up dialog from anywhere: `openAuthDialog('signin')`. It only sends a
 * window event; the host in the page shell (auth-dialog-host.tsx) loads and shows the dialog,
 * so no page pays for the dialog's code before it is asked for.
 */
export type AuthDialogKind = 'signin' | 'signup';

export interface AuthDialogOptions {
  /**
   * SPEC.md §4 'photo-order': sign-up goes on to /photos/photo-enhancement. (Its route-handler
   * mode needs no option: a package chosen while signed out waits in browser storage, and every
   * sign-in continues with it; see lib/pending-package.ts.)
   */
  mode?: 'default' | 'photo-order';
  /** Where to go after signing in, instead of SPEC.md §4's default. */
  redirectTo?: string;
}

export interface AuthDialogState {
  kind: AuthDialogKind;
  options: AuthDialogOptions;
}

/** The window event the host listens to; `detail` is the state, or null to close. */
export const AUTH_DIALOG_EVENT = 'sevadocs:auth-dialog';

export function openAuthDialog(kind: AuthDialogKind, options: AuthDialogOptions = {}): void {
  window.dispatchEvent(new CustomEvent<AuthDialogState>(AUTH_DIALOG_EVENT, { detail: { kind, options } }));
}

export function closeAuthDialog(): void {
  window.dispatchEvent(new CustomEvent<AuthDialogState | null>(AUTH_DIALOG_EVENT, { detail: null }));
}
