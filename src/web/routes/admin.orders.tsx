import { orderQueueQuery } from '../../domain/admin/orders.ts';
import { OrdersPage } from '../features/admin/orders-page.tsx';
import { appContext } from '../lib/app-context.ts';
import { PRIVATE_HEADERS, requireStaff } from '../lib/viewer.ts';
import type { Route } from './+types/admin.orders';

/** Staff: the order queue, filtered, searched, sorted and paged on the server by the URL's query. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, 'staff');
  const parsed = orderQueueQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  // A hand-edited URL with a bad filter shows the whole queue rather than an error page.
  const query = parsed.success ? parsed.data : orderQueueQuery.parse({});
  const { adminOrders } = context.get(appContext).services;
  const [list, services] = await Promise.all([adminOrders.list(query), adminOrders.serviceFilters()]);
  return { list, query, services };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = () => [{ title: 'Orders | Back office | SevaDocs' }];

export default function AdminOrdersRoute({ loaderData }: Route.ComponentProps) {
  return <OrdersPage list={loaderData.list} query={loaderData.query} services={loaderData.services} />;
}
