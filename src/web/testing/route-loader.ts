/** Calling a route's loader directly in a test: who is signed in, the loader's arguments, and its answer's status. */
import { RouterContextProvider } from 'react-router';
import { expect } from 'vitest';
import type { AppContextValue, LoaderServices } from '../../contracts/load-context.ts';
import type { Viewer } from '../../domain/users/viewer.ts';
import { appContext } from '../lib/app-context.ts';
import { pagePathOf } from '../lib/viewer.ts';

/** A signed-in viewer with `role`. */
export const viewer = (role: Viewer['role']): Viewer => ({
  id: 1,
  name: 'Asha',
  email: 'asha@example.com',
  role,
  ageGroup: null,
  isDashboardVisible: false,
  loginTime: 0,
  expiresAt: 0,
});

/**
 * A loader's arguments for `who` (null: a visitor) at `url`, reading the stand-in `services`. As
 * React Router gives them: `request` as it came (a client navigation's `/page.data?_routes=…`),
 * `url` the page's own address.
 */
export function loaderArgs(
  services: LoaderServices,
  who: Viewer | null,
  url: string,
  params: Record<string, string> = {},
) {
  const context = new RouterContextProvider();
  context.set(appContext, { viewer: who, services } as AppContextValue);
  const request = new Request(`http://localhost:3000${url}`);
  return { context, request, url: new URL(pagePathOf(request), request.url), params } as never;
}

/** The status a loader answers: 200 when it returns, else the status of the response (or data) it throws. */
export async function loaderStatus(run: () => Promise<unknown>): Promise<number> {
  try {
    await run();
  } catch (answer) {
    if (answer instanceof Response) return answer.status;
    return (answer as { init: { status: number } }).init.status;
  }
  return 200;
}

/**
 * An admin page's guard (decision 0067): a visitor is sent to sign in, a customer and staff get
 * 403, an admin gets in, and the page is never cached.
 */
export async function expectAdminOnlyPage(
  route: { loader: (args: never) => unknown; headers: () => unknown },
  services: LoaderServices,
  url: string,
  params: Record<string, string>,
) {
  const statusFor = (who: Viewer | null) =>
    loaderStatus(async () => route.loader(loaderArgs(services, who, url, params)));
  expect(await statusFor(null)).toBe(302);
  expect(await statusFor(viewer('customer'))).toBe(403);
  expect(await statusFor(viewer('staff'))).toBe(403);
  expect(await statusFor(viewer('admin'))).toBe(200);
  expect(route.headers()).toEqual({ 'Cache-Control': 'private, no-store' });
}
