import { type RouterContextProvider, redirect } from 'react-router';
import { ROUTES } from '../../domain/config/routes.ts';
import type { Viewer } from '../../domain/users/viewer.ts';
import { appContext } from './app-context.ts';

/** The signed-in user of this request (resolved by the server from the session cookie), or null. */
export function viewerOf(context: Readonly<RouterContextProvider>): Viewer | null {
  return context.get(appContext).viewer;
}

/** The signed-in user, or a redirect to /signin?redirect=<this page> for a visitor. */
export function requireViewer(context: Readonly<RouterContextProvider>, request: Request): Viewer {
  const viewer = viewerOf(context);
  if (viewer) return viewer;
  const url = new URL(request.url);
  throw redirect(`${ROUTES.SIGN_IN}?${new URLSearchParams({ redirect: `${url.pathname}${url.search}` })}`);
}

/** Pages that show a signed-in user's data: never stored by a shared cache or the browser's back cache. */
export const PRIVATE_HEADERS: HeadersInit = { 'Cache-Control': 'private, no-store' };
