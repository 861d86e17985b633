import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { PublicConfig } from '../../../contracts/load-context.ts';
import type { MenuItem } from '../../../domain/config/navigation.ts';
import { platformForPath } from '../../../domain/config/platform.ts';
import { ROUTES } from '../../../domain/config/routes.ts';
import { MOBILE_MAX_WIDTH_PX } from '../../../domain/limits/constants.ts';
import type { UserRole } from '../../../domain/users/profile.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { lazyPart } from '../../lib/lazy-part.tsx';
import type { NavService } from '../../lib/root-data.ts';
import { openFromLink } from '../auth-dialog-host.tsx';
import { AccountMenu } from './account-menu.tsx';
import { ServicesDropdown } from './services-dropdown.tsx';

const loadDrawer = () => import('./mobile-drawer.tsx');
const MobileDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.MobileDrawer })));
/**
 * The signed-in controls (bell, notification panel, user menu) load only for a signed-in user; a
 * tap on them before their code has arrived is made again once it has (`lazyPart`).
 */
const HeaderAccount = lazyPart(() =>
  import('../deferred.ts').then((m) => m.loadHeaderAccount()).then((m) => m.default),
);

/** Who is signed in, as the header needs it. */
export interface HeaderUser {
  id: number;
  name: string;
  email: string;
  role?: UserRole;
}

interface SiteHeaderProps {
  config: PublicConfig;
  services: NavService[];
  menu: MenuItem[];
  user?: HeaderUser | null;
}

/** SPEC.md §2 header: logo, the menu (desktop bar or mobile drawer) and the sign-in controls. */
export function SiteHeader({ config, services, menu, user = null }: SiteHeaderProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const hamburger = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  const closeDrawer = useCallback(() => {
    setDrawerOpen(false);
    hamburger.current?.focus({ preventScroll: true });
  }, []);

  // The same element while the same user is signed in: until their code has arrived, the signed-in
  // controls are the server's HTML in a boundary React has not hydrated, and new props for it (any
  // re-render of the header) make React drop that HTML for the fallback until the code comes, so
  // the bell and the menu vanished under a tap on a slow connection.
  const account = useMemo(
    () =>
      user ? (
        <Suspense fallback={<span className="block h-11 w-24" />}>
          <HeaderAccount user={user} />
        </Suspense>
      ) : null,
    [user],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the page changes.
  useEffect(() => setDrawerOpen(false), [pathname]);

  // The drawer belongs to the mobile layout: close it if the window grows past the breakpoint.
  useEffect(() => {
    if (!drawerOpen) return;
    const query = matchMedia(`(min-width: ${MOBILE_MAX_WIDTH_PX + 1}px)`);
    const onChange = () => query.matches && setDrawerOpen(false);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [drawerOpen]);

  return (
    <>
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="page-x flex h-16 items-center gap-3 desk:h-[4.5rem] desk:gap-8">
          <button
            ref={hamburger}
            type="button"
            aria-label="Open menu"
            aria-expanded={drawerOpen}
            aria-haspopup="dialog"
            onPointerEnter={loadDrawer}
            onFocus={loadDrawer}
            onClick={() => setDrawerOpen(true)}
            className="icon-btn -ml-2 text-slate-800 desk:hidden"
          >
            <Icon name="menu" className="size-6" />
          </button>

          <Logo platform={platformForPath(pathname)} />

          <nav aria-label="Main" className="hidden flex-1 desk:block">
            <ul className="flex items-center justify-center gap-1">
              {menu.map((item) =>
                item.kind === 'services' ? (
                  <ServicesDropdown key={item.id} services={services} />
                ) : (
                  <li key={item.id}>
                    {item.kind === 'blog' ? (
                      <a
                        href={config.blogUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="nav-link inline-flex items-center gap-0.5"
                      >
                        {item.label}
                        <Icon name="arrow-up-right" className="size-3.5 text-slate-500" />
                      </a>
                    ) : (
                      <NavLink to={item.href} end className="nav-link">
                        {item.label}
                      </NavLink>
                    )}
                  </li>
                ),
              )}
            </ul>
          </nav>

          <div className="ml-auto flex items-center gap-2 desk:ml-0">
            {account ?? (
              <>
                <a
                  href={ROUTES.SIGN_IN}
                  onClick={openFromLink('signin')}
                  className="nav-link hidden px-4 desk:inline-flex"
                >
                  Sign In
                </a>
                <a
                  href={ROUTES.SIGN_UP}
                  onClick={openFromLink('signup')}
                  className="btn-primary hidden px-5 py-2.5 text-[0.95rem] desk:inline-flex"
                >
                  Sign Up
                </a>
                <div className="desk:hidden">
                  <AccountMenu />
                </div>
              </>
            )}
          </div>
        </div>
      </header>
      {/* Outside the header: its backdrop-filter would otherwise contain the fixed drawer. */}
      {drawerOpen ? (
        <Suspense>
          <MobileDrawer
            menu={menu}
            services={services}
            config={config}
            platform={platformForPath(pathname)}
            onClose={closeDrawer}
          />
        </Suspense>
      ) : null}
    </>
  );
}
