import { type ComponentType, useEffect, useState } from 'react';
import { HOME_POPUP_AUTO_CLOSE_MS, HOME_POPUP_OPEN_DELAY_MS } from '../../../domain/limits/constants.ts';
import type { Banner } from '../../../domain/marketing/marketing.ts';

type DialogComponent = ComponentType<{ banner: Banner; onClose: () => void }>;

/**
 * SPEC.md §2 home popup: opens 2 s after the page loads, closes by itself 20 s after opening,
 * has an X, and shows nothing when there is no banner. Only this timer ships with the page;
 * the dialog's code is fetched while the visitor reads, before the popup opens. If that code
 * cannot be loaded, the failure is logged and nothing is shown.
 */
export function BannerPopup({ banner }: { banner: Banner | null }) {
  const [Dialog, setDialog] = useState<DialogComponent | null>(null);
  const [open, setOpen] = useState(false);
  // A revalidation hands in a new banner object: that must not start the popup again.
  const hasBanner = banner !== null;

  useEffect(() => {
    if (!hasBanner) return;
    let cancelled = false;
    const loading = import('./banner-popup-dialog.tsx').then((m) => m.BannerPopupDialog);
    loading.catch(() => {}); // reported when the popup is due, not before
    const timer = setTimeout(async () => {
      try {
        const loaded = await loading;
        // Never on top of a dialog the visitor opened (menu drawer, sign-in).
        if (cancelled || document.querySelector('[role="dialog"][aria-modal="true"]')) return;
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
    const timer = setTimeout(() => setOpen(false), HOME_POPUP_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [open]);

  if (!banner || !open || !Dialog) return null;
  return <Dialog banner={banner} onClose={() => setOpen(false)} />;
}
