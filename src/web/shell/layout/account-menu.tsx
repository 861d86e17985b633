import { useEffect, useId, useRef, useState } from 'react';
import { ROUTES } from '../../../domain/config/routes.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { useHydrated } from '../../components/ui/use-hydrated.ts';
import { openFromLink } from '../auth-dialog-host.tsx';

/**
 * SPEC.md §2 mobile Account menu for signed-out visitors: Sign In and Sign Up. They are plain
 * links (to /signin and /signup) so they work without JavaScript, where the menu opens on focus.
 */
export function AccountMenu() {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  /** With JavaScript the links open the Sign In / Sign Up bottom sheet instead of leaving the page. */
  const openDialog = (kind: 'signin' | 'signup') => (event: React.MouseEvent) => {
    setOpen(false);
    // The link is about to be hidden with the menu: the sheet hands the focus back to this button.
    button.current?.focus();
    openFromLink(kind)(event);
  };

  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={root} className="group relative">
      <button
        ref={button}
        type="button"
        aria-label="Account"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
        className="icon-btn border border-slate-200"
      >
        <Icon name="user-round" />
      </button>
      <div
        id={menuId}
        className={`popover absolute top-full right-0 z-50 mt-2 w-52 ${
          open ? 'block' : hydrated ? 'hidden' : 'hidden group-focus-within:block'
        }`}
      >
        <a href={ROUTES.SIGN_IN} onClick={openDialog('signin')} className="menu-link">
          <Icon name="log-in" className="size-4 text-brand-600" />
          Sign In
        </a>
        <a href={ROUTES.SIGN_UP} onClick={openDialog('signup')} className="menu-link">
          <Icon name="user-plus" className="size-4 text-brand-600" />
          Sign Up
        </a>
      </div>
    </div>
  );
}
