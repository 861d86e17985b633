import { adminRefundListQuery } from '../../domain/admin/refunds.ts';
import { RefundsPage } from '../features/admin/refunds-page.tsx';
import { appContext } from '../lib/app-context.ts';
import { PRIVATE_HEADERS, requireStaff } from '../lib/viewer.ts';
import type { Route } from './+types/admin.refunds';

/** Staff: refund requests, paged, sorted, filtered and searched on the server by the URL's query. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, 'staff');
  const query = adminRefundListQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { refunds } = context.get(appContext).services;
  const [list, automatic] = await Promise.all([refunds.adminList(query), refunds.automaticRefunds()]);
  return { list, query, automatic };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = () => [{ title: 'Refund requests | Back office | SevaDocs' }];

export default function AdminRefundsRoute({ loaderData }: Route.ComponentProps) {
  return <RefundsPage list={loaderData.list} query={loaderData.query} automatic={loaderData.automatic} />;
}
