import { Links, Meta, Scripts, ScrollRestoration, useLocation, useMatches, useRouteLoaderData } from 'react-router';
import { appContext } from '../lib/app-context.ts';
import { useLoadContext } from '../lib/load-context.ts';
import type { RootData } from '../lib/root-data.ts';

export interface RouteHandle {
  /** The canonical path of the page given its loader data, when it differs from the requested one. */
  canonicalPath?: (data: unknown) => string;
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
        <meta name="robots" content="index, follow" />
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
