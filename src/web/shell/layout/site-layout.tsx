import { lazy } from 'react';
import { useLocation } from 'react-router';
import type { PublicConfig } from '../../../contracts/load-context.ts';
import { layoutForPath, menuForSession } from '../../../domain/config/navigation.ts';
import { platformForPath } from '../../../domain/config/platform.ts';
import { StaticIsland } from '../../components/ui/static-island.tsx';
import type { NavService } from '../../lib/root-data.ts';
import { ChatButton } from './chat-button.tsx';
import { type HeaderUser, SiteHeader } from './site-header.tsx';
import { TollFreeBanner } from './toll-free-banner.tsx';

/** The footer is static links and badges: it costs no first-load JavaScript (see StaticIsland). */
const ServerFooter = import.meta.env.SSR ? (await import('./site-footer.tsx')).SiteFooter : undefined;
const footerHtml =
  import.meta.env.SSR && ServerFooter
    ? (await import('../../components/ui/island-html.ts')).islandHtml(ServerFooter)
    : undefined;
const ClientFooter = lazy(() => import('./site-footer.tsx').then((m) => ({ default: m.SiteFooter })));

interface SiteLayoutProps {
  config: PublicConfig;
  services: NavService[];
  /** The signed-in user, or null for a visitor. */
  user?: HeaderUser | null;
  children: React.ReactNode;
}

/**
 * SPEC.md §2 global layout: skip link, toll-free banner, header, the page, footer and the
 * chat button. Which of them a page shows comes from `layoutForPath`.
 */
export function SiteLayout({ config, services, user = null, children }: SiteLayoutProps) {
  const { pathname } = useLocation();
  const layout = layoutForPath(pathname);
  // The brand of the page (DESIGN.md §1): the header's, the banner's and the footer's words follow it.
  const platform = platformForPath(pathname);
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      {layout.tollFreeBanner === 'none' ? null : (
        <TollFreeBanner number={config.tollFreeNumber} fixed={layout.tollFreeBanner === 'fixed'} platform={platform} />
      )}
      {layout.header ? (
        <SiteHeader config={config} services={services} menu={menuForSession(user !== null)} user={user} />
      ) : null}
      {/* At least a screen high: the footer starts below the fold, so a page whose data arrives
          after the first paint grows without pushing anything in view (no layout shift). */}
      <main id="main" tabIndex={-1} className="min-h-svh flex-1 outline-none">
        {children}
      </main>
      {/* Keyed by the brand: a hydrated island keeps its server HTML, so moving to the other brand's pages draws it anew. */}
      <StaticIsland
        key={platform}
        server={ServerFooter}
        serverHtml={footerHtml}
        client={ClientFooter}
        props={{ config, platform }}
      />
      {layout.chatButton ? <ChatButton number={config.whatsappNumber} /> : null}
    </div>
  );
}
