import { type ComponentType, useEffect, useRef, useState } from 'react';
import { HOME_POPUP_AUTO_CLOSE_MS, HOME_POPUP_OPEN_DELAY_MS } from '../../../domain/limits/constants.ts';
import type { Banner } from '../../../domain/marketing/marketing.ts';
import { dismissHomePopup, homePopupDismissed } from '../../lib/home-popup.ts';

type DialogComponent = ComponentType<{ banner: Banner; onClose: () => void; onCloseAutoFocus: (e: Event) => void }>;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Where focus goes when the popup closes: back to what had it when the popup opened, or, when
 * nothing had (the body), to the page's first focusable element, so that the keyboard carries on
 * from the top of the page rather than from nowhere. The focus ring shows only when the popup
 * was closed from the keyboard (a click on the X must not light up the skip link).
 */
export function restoreFocus(previous: Element | null, { focusVisible }: { focusVisible: boolean }): void {
  const options = { focusVisible, preventScroll: true };
  if (previous instanceof HTMLElement && previous !== document.body && previous.isConnected) {
    previous.focus(options);
    return;
  }
  const candidates = [...document.body.querySelectorAll<HTMLElement>(FOCUSABLE)];
  (candidates.find((el) => el.getClientRects().length > 0) ?? candidates[0])?.focus(options);
}

/**
 * SPEC.md §2 home popup: opens 2 s after the page loads, closes by itself 20 s after opening,
 * has an X, and shows nothing when there is no banner. Once closed, or once the visitor has signed
 * in (dismissHomePopup), it stays closed for the rest of the browser session
 * (HOME_POPUP_DISMISSED_KEY). Only this timer ships with the page;
 * the dialog's code is fetched while the visitor reads, before the popup opens. If that code
 * cannot be loaded, the failure is logged and nothing is shown.
 */
export function BannerPopup({ banner }: { banner: Banner | null }) {
  const [Dialog, setDialog] = useState<DialogComponent | null>(null);
  const [open, setOpen] = useState(false);
  // What had the focus when the popup opened: it gets it back when the popup closes.
  const previousFocus = useRef<Element | null>(null);
  // Whether the visitor's last input while it was open was a key (Escape, Enter on the X).
  const keyboardLast = useRef(false);
  // A revalidation hands in a new banner object: that must not start the popup again.
  const hasBanner = banner !== null;

  useEffect(() => {
    if (!hasBanner || homePopupDismissed()) return;
    let cancelled = false;
    const loading = import('./banner-popup-dialog.tsx').then((m) => m.BannerPopupDialog);
    loading.catch(() => {}); // reported when the popup is due, not before
    const timer = setTimeout(async () => {
      try {
        const loaded = await loading;
        // Never on top of a dialog the visitor opened (menu drawer, sign-in), nor again once closed.
        if (cancelled || homePopupDismissed() || document.querySelector('[role="dialog"][aria-modal="true"]')) return;
        previousFocus.current = document.activeElement;
        setDialog(() => loaded);
        setOpen(true);
      } catch (error) {
        console.error('Could not load the offer popup', error);
      }
    }, HOME_POPUP_OPEN_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [hasBanner]);

  useEffect(() => {
    if (!open) return;
    keyboardLast.current = false;
    const onKey = () => {
      keyboardLast.current = true;
    };
    const onPointer = () => {
      keyboardLast.current = false;
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', onPointer, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('pointerdown', onPointer, true);
    };
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => {
      dismissHomePopup();
      setOpen(false);
    }, HOME_POPUP_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [open]);

  function close() {
    dismissHomePopup();
    setOpen(false);
  }

  if (!banner || !open || !Dialog) return null;
  return (
    <Dialog
      banner={banner}
      onClose={close}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        restoreFocus(previousFocus.current, { focusVisible: keyboardLast.current });
      }}
    />
  );
}
