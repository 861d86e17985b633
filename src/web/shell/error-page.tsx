import { isRouteErrorResponse, useLocation, useRouteLoaderData } from 'react-router';
import { telHref } from '../../domain/config/navigation.ts';
import { LAYOUT_MESSAGES } from '../../domain/limits/messages.ts';
import { ROLE_MESSAGES } from '../../domain/users/roles.ts';
import type { RootData } from '../lib/root-data.ts';
import { SiteFrame } from './app-shell.tsx';

function explanation(status: number): string {
  if (status === 404) return 'We could not find that page.';
  if (status === 403) return ROLE_MESSAGES.forbidden;
  return 'Something went wrong while showing this page. Please try again.';
}

/**
 * The page shown when a route without its own error boundary fails (root.tsx's `ErrorBoundary`).
 * When the root's data loaded (the usual case: a page's own loader or component failed), it sits in
 * the site's frame, with the header, the toll-free number and the footer's contacts; without it
 * (the root's loader failed: the database is down) it stands alone.
 */
export function ErrorPage({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const root = useRouteLoaderData<RootData>('root');
  const { pathname, search } = useLocation();
  // In the browser only: on the server the failure is already in the server's log (entry.server.tsx).
  if (status >= 500 && typeof document !== 'undefined') console.error(error);
  const content = (
    <div className="mx-auto flex min-h-[60vh] max-w-3xl flex-col items-center justify-center px-6 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{LAYOUT_MESSAGES.errorPage}</h1>
      <p className="mt-4 text-slate-600">{explanation(status)}</p>
      {status >= 500 && root ? (
        <p className="mt-2 text-slate-600">
          If it happens again, call us toll-free on{' '}
          <a
            className="font-semibold whitespace-nowrap text-brand-700 underline"
            href={telHref(root.publicConfig.tollFreeNumber)}
          >
            {root.publicConfig.tollFreeNumber}
          </a>{' '}
          or write to{' '}
          <a className="font-semibold text-brand-700 underline" href={`mailto:${root.publicConfig.supportEmail}`}>
            {root.publicConfig.supportEmail}
          </a>
          .
        </p>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {status >= 500 ? (
          // A link, not a script: it works whether or not the page's JavaScript ran.
          <a
            href={`${pathname}${search}`}
            className="rounded-lg border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-800 hover:bg-slate-50"
          >
            Try again
          </a>
        ) : null}
        <a href="/" className="rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">
          Back to home
        </a>
      </div>
    </div>
  );
  if (!root) return <main>{content}</main>;
  return <SiteFrame root={root}>{content}</SiteFrame>;
}
