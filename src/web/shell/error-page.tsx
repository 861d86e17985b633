import { lazy } from 'react';
import { type ErrorResponse, isRouteErrorResponse, useLocation, useRouteError, useRouteLoaderData } from 'react-router';
import { LAYOUT_MESSAGES } from '../../domain/limits/messages.ts';
import { StaticIsland } from '../components/ui/static-island.tsx';
import type { RootData } from '../lib/root-data.ts';
import { SiteFrame } from './app-shell.tsx';

/** The tab's title of a page that failed (the root's and the service page's `meta`). */
export const ERROR_PAGE_TITLE = `${LAYOUT_MESSAGES.errorPage} | SevaDocs`;

/** The message is static: rendered on the server, it costs no first-load JavaScript (see StaticIsland). */
const ServerMessage = import.meta.env.SSR ? (await import('./error-message.tsx')).ErrorMessage : undefined;
const ClientMessage = lazy(() => import('./error-message.tsx').then((m) => ({ default: m.ErrorMessage })));

/**
 * The sentence a page's loader refused with (`throw data('We could not find this order.', …)`), if
 * any. Not React Router's own answers (a POST to a page without an action, 405): they carry its
 * developer message ("You made a POST request to … for route routes/service …") as their data,
 * marked `internal`.
 */
function pageWords(answer: ErrorResponse | null): string | null {
  if (!answer || (answer as { internal?: boolean }).internal) return null;
  return typeof answer.data === 'string' ? answer.data : null;
}

/**
 * What a failed page says where it failed: the spec's "Error Page", what happened and the ways on
 * (error-message.tsx). A route's own boundary shows it in the page's place; the root's, below, in
 * the site's frame.
 */
export function ErrorAnswer({ error }: { error: unknown }) {
  const answer = isRouteErrorResponse(error) ? error : null;
  const status = answer?.status ?? 500;
  const root = useRouteLoaderData<RootData>('root');
  const { pathname, search } = useLocation();
  // In the browser only: on the server the failure is already in the server's log (entry.server.tsx).
  if (status >= 500 && typeof document !== 'undefined') console.error(error);
  const contact = root
    ? { tollFreeNumber: root.publicConfig.tollFreeNumber, supportEmail: root.publicConfig.supportEmail }
    : null;
  return (
    <StaticIsland
      server={ServerMessage}
      client={ClientMessage}
      props={{
        status,
        said: pageWords(answer),
        retryHref: `${pathname}${search}`,
        contact,
      }}
    />
  );
}

/**
 * The page shown when a route without its own error boundary fails (root.tsx's `ErrorBoundary`).
 * When the root's data loaded (the usual case: a page's own loader or component failed), it sits in
 * the site's frame, with the header, the toll-free number and the footer's contacts; without it
 * (the root's loader failed: the database is down) it stands alone.
 */
export function ErrorPage() {
  // Read here, not taken as a prop: root.tsx re-exports this component, and React Router's build
  // hands the `error` prop only to an ErrorBoundary the route module defines itself (re-exported,
  // it rendered without it, as a 500 with `undefined` in the console, whatever the failure).
  const message = <ErrorAnswer error={useRouteError()} />;
  const root = useRouteLoaderData<RootData>('root');
  if (!root) return <main>{message}</main>;
  return <SiteFrame root={root}>{message}</SiteFrame>;
}
