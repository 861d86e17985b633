import { Outlet } from 'react-router';
import { AdminFrame } from '../features/admin/admin-frame.tsx';
import { PRIVATE_HEADERS, requireStaff } from '../lib/viewer.ts';
import type { RouteHandle } from '../shell/document.tsx';
import type { Route } from './+types/admin';

/** The back office (issue 13): staff and admins; every child page checks its own role again. */
export function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireStaff(context, request);
  return { role: viewer.role, name: viewer.name };
}

/** Never stored by the page cache, a shared cache or the browser's back cache. */
export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const handle: RouteHandle = { indexable: () => false };

export default function AdminRoute({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame role={loaderData.role}>
      <Outlet />
    </AdminFrame>
  );
}
