import {
  Links,
  Meta,
  Scripts,
  ScrollRestoration,
  type UIMatch,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { robotsFor } from '../../domain/config/sitemap.ts';
import { appContext } from '../lib/app-context.ts';
import { useLoadContext } from '../lib/load-context.ts';
import type { RootData } from '../lib/root-data.ts';

export interface RouteHandle {
  /** The canonical path of the page given its loader data, when it differs from the requested one. */
  canonicalPath?: (data: unknown) => string;
  /**
   * Whether search engines may index the page given its loader data (undefined when the loader
   * threw and the route's error boundary shows). Unset: indexable. A not-found answer, an error
   * or a search result is not.
   */
  indexable?: (data: unknown) => boolean;
}

function isIndexable(match: UIMatch): boolean {
  const handle = match.handle as RouteHandle | undefined;
  return handle?.indexable ? handle.indexable(match.loaderData) : true;
}

/** `noindex` for the pages of NOINDEX_PAGES, a route's own say (RouteHandle.indexable) and the root's error page. */
function RobotsTag() {
  const location = useLocation();
  const matches = useMatches();
  // Set when the root error boundary (the crash page) is what the document wraps; null otherwise.
  const rootError = useRouteError();
  const indexable = rootError == null && matches.every(isIndexable);
  return <meta name="robots" content={robotsFor(location.pathname, indexable)} />;
}

function CanonicalLink({ siteUrl }: { siteUrl: string }) {
  const location = useLocation();
  const matches = useMatches();
  // Loader data is missing when a loader threw and an error boundary is showing.
  const owner = [...matches]
    .reverse()
    .find((m) => m.loaderData !== undefined && (m.handle as RouteHandle | undefined)?.canonicalPath);
  const path = owner ? (owner.handle as Required<RouteHandle>).canonicalPath(owner.loaderData) : location.pathname;
  return <link rel="canonical" href={`${siteUrl}${path}`} />;
}

/** The HTML document around every page (root.tsx's `Layout`): head tags, canonical link, scripts. */
export function DocumentLayout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>('root');
  // Server only: the browser hides a nonce from the DOM once it has applied it, and needs it no more.
  const nonce = useLoadContext()?.get(appContext).cspNonce || undefined;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <RobotsTag />
        <meta name="theme-color" content="#1f56d6" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {data ? <CanonicalLink siteUrl={data.publicConfig.siteUrl} /> : null}
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}
