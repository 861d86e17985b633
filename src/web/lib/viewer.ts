import { data, type RouterContextProvider, redirect } from 'react-router';
import { ROUTES } from '../../domain/config/routes.ts';
import { ROLE_MESSAGES, roleAllows, type StaffRole } from '../../domain/users/roles.ts';
import type { Viewer } from '../../domain/users/viewer.ts';
import { appContext } from './app-context.ts';

/** The signed-in user of this request (resolved by the server from the session cookie), or null. */
export function viewerOf(context: Readonly<RouterContextProvider>): Viewer | null {
  return context.get(appContext).viewer;
}

/**
 * The page a loader runs for, as the browser shows it: on a client navigation the loader's request
 * is React Router's data request (`/dashboard.data`, `/_root.data` for `/`, with `_routes=`), which
 * must never become a redirect target.
 */
export function pagePathOf(request: Request): string {
  const url = new URL(request.url);
  let path = url.pathname;
  if (path === '/_root.data') path = '/';
  else if (path.endsWith('.data')) path = path.slice(0, -'.data'.length);
  url.searchParams.delete('_routes');
  const search = url.searchParams.toString();
  return search ? `${path}?${search}` : path;
}

/** The signed-in user, or a redirect to /signin?redirect=<this page> for a visitor. */
export function requireViewer(context: Readonly<RouterContextProvider>, request: Request): Viewer {
  const viewer = viewerOf(context);
  if (viewer) return viewer;
  throw redirect(`${ROUTES.SIGN_IN}?${new URLSearchParams({ redirect: pagePathOf(request) })}`);
}

/**
 * A back-office page's viewer (issue 13): a visitor signs in and comes back; a signed-in user
 * without the role gets the 403 page. The API checks the role again on every call.
 */
export function requireStaff(
  context: Readonly<RouterContextProvider>,
  request: Request,
  role: StaffRole = 'staff',
): Viewer {
  const viewer = requireViewer(context, request);
  if (!roleAllows(viewer.role, role)) throw data(ROLE_MESSAGES.forbidden, { status: 403 });
  return viewer;
}

/** Pages that show a signed-in user's data: never stored by a shared cache or the browser's back cache. */
export const PRIVATE_HEADERS: HeadersInit = { 'Cache-Control': 'private, no-store' };
