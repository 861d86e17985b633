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
    const target = opener();
    if (target instanceof HTMLElement && target.isConnected) target.focus({ preventScroll: true });
  };
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
