/**
 * The home page's promotional popup (SPEC.md §2; timers in limits/constants.ts) is shown once
 * per browser session: once it has closed, by the visitor or by its own 20 s timer, or the
 * visitor has signed in, this sessionStorage key remembers it until the browser session ends. The
 * end-to-end suite sets the same key so that the popup stays out of tests that are not about it.
 */
export const HOME_POPUP_DISMISSED_KEY = 'sevadocs.homePopupDismissed';

/** The value stored under the key (any value counts). */
export const HOME_POPUP_DISMISSED_VALUE = '1';
