import { HOME_POPUP_DISMISSED_KEY, HOME_POPUP_DISMISSED_VALUE } from '../../domain/marketing/home-popup.ts';

/** Whether the home popup already closed in this browser session. Storage that cannot be read counts as no. */
export function homePopupDismissed(): boolean {
  try {
    return sessionStorage.getItem(HOME_POPUP_DISMISSED_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * The home popup stays closed for the rest of the browser session: it was closed, or the visitor
 * signed in (a sign-in that lands on the home page, a verification link's, is not met by an
 * offer over the page; session 74's walk).
 */
export function dismissHomePopup(): void {
  try {
    sessionStorage.setItem(HOME_POPUP_DISMISSED_KEY, HOME_POPUP_DISMISSED_VALUE);
  } catch {
    // Storage refused (a private mode, a full quota): the popup may come back, nothing worse.
  }
}
