import { isRouteErrorResponse } from 'react-router';
import { LAYOUT_MESSAGES } from '../../domain/limits/messages.ts';
import { ROLE_MESSAGES } from '../../domain/users/roles.ts';

/** The page shown when a route without its own error boundary fails (root.tsx's `ErrorBoundary`). */
export function ErrorPage({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // In the browser only: on the server the failure is already in the server's log (entry.server.tsx).
  if (status >= 500 && typeof document !== 'undefined') console.error(error);
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-3xl flex-col items-center justify-center px-6 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{LAYOUT_MESSAGES.errorPage}</h1>
      <p className="mt-4 text-slate-600">
        {status === 404
          ? 'We could not find that page.'
          : status === 403
            ? ROLE_MESSAGES.forbidden
            : 'Something went wrong while showing this page. Please try again.'}
      </p>
      <a href="/" className="mt-8 rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">
        Back to home
      </a>
    </main>
  );
}
