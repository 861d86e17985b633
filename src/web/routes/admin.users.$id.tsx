import { data } from 'react-router';
import { recordId } from '../../domain/admin/record-id.ts';
import { ADMIN_USER_MESSAGES, ADMIN_USER_ORDERS_SHOWN } from '../../domain/admin/users.ts';
import { UserPage } from '../features/admin/user-page.tsx';
import { appContext } from '../lib/app-context.ts';
import { PRIVATE_HEADERS, requireStaff } from '../lib/viewer.ts';
import type { Route } from './+types/admin.users.$id';

/** Admins only: one account, its orders, and the changes an admin may make. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const viewer = requireStaff(context, request, 'admin');
  const id = recordId(params.id);
  const { services } = context.get(appContext);
  const user = id !== null ? await services.users.adminGet(id) : null;
  if (!user) throw data(ADMIN_USER_MESSAGES.notFound, { status: 404 });
  const orders = await services.orders.listForUser(user.id, { page: 1, limit: ADMIN_USER_ORDERS_SHOWN });
  return { detail: { user, orders }, viewerId: viewer.id };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.detail.user.name ?? 'User'} | Users | Back office | SevaDocs` },
];

export default function AdminUserRoute({ loaderData }: Route.ComponentProps) {
  return <UserPage detail={loaderData.detail} viewerId={loaderData.viewerId} />;
}
