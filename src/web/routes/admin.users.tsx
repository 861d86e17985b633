import { adminUserListQuery } from '../../domain/admin/users.ts';
import { UsersPage } from '../features/admin/users-page.tsx';
import { appContext } from '../lib/app-context.ts';
import { PRIVATE_HEADERS, requireStaff } from '../lib/viewer.ts';
import type { Route } from './+types/admin.users';

/** Admins only: accounts, paged, sorted and searched on the server by the URL's query. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, 'admin');
  const query = adminUserListQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const list = await context.get(appContext).services.users.adminList(query);
  return { list, query };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = () => [{ title: 'Users | Back office | SevaDocs' }];

export default function AdminUsersRoute({ loaderData }: Route.ComponentProps) {
  return <UsersPage list={loaderData.list} query={loaderData.query} />;
}
