import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import type { PublicConfig } from '../../../contracts/load-context.ts';
import { type MenuItem, serviceHref, telHref } from '../../../domain/config/navigation.ts';
import type { Platform } from '../../../domain/config/platform.ts';
import { MOBILE_SERVICES_LIST_MAX_HEIGHT_PX } from '../../../domain/limits/constants.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import type { NavService } from '../../lib/root-data.ts';
import { onServiceLinkClick } from '../menu-select.ts';

export interface MobileDrawerProps {
  menu: MenuItem[];
  services: NavService[];
  config: PublicConfig;
  /** The brand of the page the drawer opened on: its logo's wordmark. */
  platform: Platform;
  onClose: () => void;
}

/**
 * SPEC.md §2 mobile side drawer: a modal dialog with a back arrow. Page scrolling is locked
 * while it is open; a wheel or touch scroll over the backdrop, a click outside or Escape close
 * it. Focus stays inside while it is open. Loaded on demand (not part of the first page load).
 */
export function MobileDrawer({ menu, services, config, platform, onClose }: MobileDrawerProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const listId = useId();
  const [servicesOpen, setServicesOpen] = useState(false);
  const navigate = useNavigate();

  useEffect(() => {
    const { style } = document.body;
    const previous = style.overflow;
    style.overflow = 'hidden';
    panel.current?.querySelector('button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') return onClose();
      const items = panel.current?.querySelectorAll<HTMLElement>('a[href],button');
      if (event.key !== 'Tab' || !items?.length) return;
      const edge = items[event.shiftKey ? 0 : items.length - 1];
      if (document.activeElement === edge) {
        event.preventDefault();
        items[event.shiftKey ? items.length - 1 : 0]?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      style.overflow = previous;
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [onClose]);

  return (
    <div className="fixed inset-0 z-[70] desk:hidden">
      {/* The backdrop: a click or a scroll over it closes the drawer. */}
      <div
        aria-hidden="true"
        className="drawer-backdrop absolute inset-0 bg-slate-900/50"
        onClick={onClose}
        onWheel={onClose}
        onTouchMove={onClose}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="drawer-panel absolute inset-y-0 left-0 flex w-[min(22rem,88vw)] flex-col bg-white shadow-2xl"
      >
        <div className="flex items-center gap-3 border-b border-slate-200 p-3">
          <button type="button" onClick={onClose} aria-label="Close menu" className="icon-btn">
            <Icon name="arrow-left" className="size-6" />
          </button>
          <h2 id={titleId} className="sr-only">
            Menu
          </h2>
          <Logo platform={platform} />
        </div>

        <nav aria-label="Main" className="flex-1 overflow-y-auto overscroll-contain px-3 py-4">
          <ul className="space-y-1">
            {menu.map((item) => (
              <li key={item.id}>
                {item.kind === 'services' ? (
                  <>
                    <button
                      type="button"
                      aria-expanded={servicesOpen}
                      aria-controls={listId}
                      onClick={() => setServicesOpen(!servicesOpen)}
                      className="drawer-link"
                    >
                      {item.label}
                      <Icon name={servicesOpen ? 'minus' : 'plus'} className="size-5 text-brand-600" />
                    </button>
                    <ul
                      id={listId}
                      hidden={!servicesOpen}
                      className="mt-1 ml-4 overflow-y-auto overscroll-contain border-l-2 border-brand-100 pl-2"
                      style={{ maxHeight: MOBILE_SERVICES_LIST_MAX_HEIGHT_PX }}
                    >
                      {services.map((service) => (
                        <li key={service.id}>
                          <Link
                            to={serviceHref(service.slug)}
                            onClick={(event) => {
                              onServiceLinkClick(event, service, navigate);
                              onClose();
                            }}
                            className="menu-link font-medium"
                          >
                            {service.name}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </>
                ) : item.kind === 'blog' ? (
                  <a href={config.blogUrl} target="_blank" rel="noopener noreferrer" className="drawer-link">
                    {item.label}
                    <Icon name="arrow-up-right" className="size-4 text-slate-500" />
                  </a>
                ) : (
                  <NavLink to={item.href} end onClick={onClose} className="drawer-link">
                    {item.label}
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
        </nav>

        <div className="space-y-2 border-t border-slate-200 bg-slate-50 px-5 py-4 text-sm text-slate-700">
          <p className="font-semibold text-slate-900">Need help?</p>
          <a href={telHref(config.tollFreeNumber)} className="flex items-center gap-2 hover:text-brand-700">
            <Icon name="phone" className="size-4 text-brand-600" />
            Call toll-free {config.tollFreeNumber}
          </a>
          <a href={`mailto:${config.supportEmail}`} className="flex items-center gap-2 hover:text-brand-700">
            <Icon name="mail" className="size-4 text-brand-600" />
            {config.supportEmail}
          </a>
        </div>
      </div>
    </div>
  );
}
