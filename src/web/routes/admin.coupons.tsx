import { couponListQuery } from '../../domain/admin/coupons.ts';
import { CouponsPage } from '../features/admin/coupons-pages.tsx';
import { appContext } from '../lib/app-context.ts';
import { PRIVATE_HEADERS, requireStaff } from '../lib/viewer.ts';
import type { Route } from './+types/admin.coupons';

/** Admins only: coupons with their uses, paged and searched on the server by the URL's query (decision 0070). */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, 'admin');
  const query = couponListQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const list = await context.get(appContext).services.couponsAdmin.list(query);
  return { list, query };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = () => [{ title: 'Coupons | Back office | SevaDocs' }];

export default function AdminCouponsRoute({ loaderData }: Route.ComponentProps) {
  return <CouponsPage list={loaderData.list} query={loaderData.query} />;
}
