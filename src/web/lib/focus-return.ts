import { useState } from 'react';

/**
 * Focus back to the control that opened a dialog, once it closes.
 *
 * Radix (and vaul, built on it) gives focus back to the dialog's `Dialog.Trigger`. Our dialogs
 * are opened from state and loaded on demand, so they have no trigger, and Radix then leaves the
 * focus on `<body>`: a keyboard or screen-reader user starts again from the top of the page.
 * Pass the handler this returns as the content's `onCloseAutoFocus`.
 */
export function focusOnClose(opener: () => Element | null | undefined): (event: Event) => void {
  return (event) => {
    event.preventDefault();
    const target = focusOpener(opener);
    if (target) followReplacedOpener(target, opener);
  };
}

function focusOpener(opener: () => Element | null | undefined): HTMLElement | null {
  const target = opener();
  if (!(target instanceof HTMLElement) || !target.isConnected) return null;
  target.focus({ preventScroll: true });
  return target;
}

/** How long after a close a re-render that replaces the opener still hands focus to its successor. */
const REPLACED_OPENER_WINDOW_MS = 3000;

/**
 * A dialog whose action re-renders the page (Apply Now) may close before the page's new markup
 * replaces the opener: the focus then drops to `<body>` with the removed element. Until the window
 * ends, ask `opener` again when that happens, so the focus lands on the control that took its place.
 */
function followReplacedOpener(focused: HTMLElement, opener: () => Element | null | undefined): void {
  let current = focused;
  const observer = new MutationObserver(() => {
    if (current.isConnected) return;
    if (document.activeElement && document.activeElement !== document.body) return observer.disconnect();
    const next = focusOpener(opener);
    if (next) current = next;
  });
  observer.observe(document.body, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), REPLACED_OPENER_WINDOW_MS);
}

/**
 * The element that had the focus when the dialog first rendered: the control that opened it (a
 * dialog loaded on demand renders before anything inside it takes the focus). Null on the server
 * or when nothing but the page had the focus.
 */
export function useOpener(): Element | null {
  const [opener] = useState(() => {
    if (typeof document === 'undefined') return null;
    const active = document.activeElement;
    return active && active !== document.body ? active : null;
  });
  return opener;
}
