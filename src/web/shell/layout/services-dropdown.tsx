import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { desktopServiceList, serviceHref } from '../../../domain/config/navigation.ts';
import { ROUTES } from '../../../domain/config/routes.ts';
import { DROPDOWN_MAX_HEIGHT_PX } from '../../../domain/limits/constants.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { useHydrated } from '../../components/ui/use-hydrated.ts';
import type { NavService } from '../../lib/root-data.ts';
import { onServiceLinkClick } from '../menu-select.ts';

/**
 * Desktop Services menu (SPEC.md §2): a disclosure that opens on hover, on click and from the
 * keyboard (Enter/Space, ArrowDown/ArrowUp move through it, Escape closes and returns focus).
 * Lists the services reversed. Before hydration, CSS hover/focus-within opens it.
 */
export function ServicesDropdown({ services }: { services: NavService[] }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { pathname } = useLocation();
  const navigate = useNavigate();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the page changes.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      clearTimeout(closeTimer.current);
    };
  }, [open]);

  function hover(entering: boolean, event: React.PointerEvent) {
    if (event.pointerType !== 'mouse') return;
    clearTimeout(closeTimer.current);
    if (entering) setOpen(true);
    else closeTimer.current = setTimeout(() => setOpen(false), 120);
  }

  function onKeyDown(event: React.KeyboardEvent) {
    const links = [...(root.current?.querySelectorAll('a') ?? [])];
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (event.key === 'Escape' && open) {
      setOpen(false);
      button.current?.focus();
    } else if (step) {
      event.preventDefault();
      setOpen(true);
      const index = links.indexOf(document.activeElement as HTMLAnchorElement);
      const next = index === -1 ? (step > 0 ? 0 : links.length - 1) : (index + step + links.length) % links.length;
      requestAnimationFrame(() => links[next]?.focus());
    }
  }

  return (
    <li
      ref={root}
      className="group relative"
      onPointerEnter={(e) => hover(true, e)}
      onPointerLeave={(e) => hover(false, e)}
      onKeyDown={onKeyDown}
      onBlur={(e) => root.current?.contains(e.relatedTarget) || setOpen(false)}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className="nav-link inline-flex items-center gap-1"
      >
        Services
        <Icon name="chevron-down" className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <div
        id={panelId}
        className={`absolute top-full left-1/2 z-50 w-80 -translate-x-1/2 pt-3 ${
          open ? 'block' : hydrated ? 'hidden' : 'hidden group-hover:block group-focus-within:block'
        }`}
      >
        <div className="popover">
          <p className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">Our services</p>
          <ul className="overflow-y-auto overscroll-contain" style={{ maxHeight: DROPDOWN_MAX_HEIGHT_PX }}>
            {desktopServiceList(services).map((service) => (
              <li key={service.id}>
                <Link
                  to={serviceHref(service.slug)}
                  onClick={(event) => onServiceLinkClick(event, service, navigate)}
                  className="menu-link font-medium"
                >
                  {service.name}
                </Link>
              </li>
            ))}
          </ul>
          <div className="mt-1 border-t border-slate-100 pt-1">
            <Link to={ROUTES.SERVICES} className="menu-link justify-between text-brand-700">
              All services and prices
              <Icon name="arrow-right" className="size-4" />
            </Link>
          </div>
        </div>
      </div>
    </li>
  );
}
