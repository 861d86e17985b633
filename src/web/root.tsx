import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from 'react-router';
import { LAYOUT_MESSAGES } from '../domain/limits/messages.ts';
import type { Route } from './+types/root';
import './app.css';
import { SiteLayout } from './components/layout/site-layout.tsx';
import { AccountHosts } from './features/auth/account-hosts.tsx';
import { appContext } from './lib/app-context.ts';
import { ToasterHost } from './lib/toaster.tsx';

export async function loader({ context }: Route.LoaderArgs) {
  const { services, publicConfig, viewer } = context.get(appContext);
  const list = await services.catalog.listServices({ page: 1, limit: 100 });
  return {
    publicConfig,
    navServices: list.results.map(({ id, name, slug }) => ({ id, name, slug })),
    /** The signed-in user (from the httpOnly session cookie), or null for a visitor. */
    user: viewer,
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

/** Anonymous pages may be kept by the server's page cache and by CDNs for a minute. */
export function headers(): HeadersInit {
  return { 'Cache-Control': 'public, max-age=0, s-maxage=60, must-revalidate' };
}

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

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>('root');
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
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: 'SevaDocs | OCI, Indian passport and visa services for the USA and Canada' },
  {
    name: 'description',
    content:
      'OCI cards, Indian passport renewal, renunciation, power of attorney and Indian e-visas from the USA and Canada, with every fee shown up front.',
  },
];

export default function App() {
  const { publicConfig, navServices, user } = useLoaderData<typeof loader>();
  return (
    <>
      <SiteLayout config={publicConfig} services={navServices} user={user}>
        <Outlet />
      </SiteLayout>
      <AccountHosts user={user} />
      <ToasterHost />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status >= 500) console.error(error);
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-3xl flex-col items-center justify-center px-6 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{LAYOUT_MESSAGES.errorPage}</h1>
      <p className="mt-4 text-slate-600">
        {status === 404
          ? 'We could not find that page.'
          : 'Something went wrong while showing this page. Please try again.'}
      </p>
      <a href="/" className="mt-8 rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">
        Back to home
      </a>
    </main>
  );
}
