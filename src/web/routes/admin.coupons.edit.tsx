import { data } from 'react-router';
import { CouponEditPage } from '../features/admin/coupons-pages.tsx';
import { appContext } from '../lib/app-context.ts';
import { PRIVATE_HEADERS, requireStaff } from '../lib/viewer.ts';
import type { Route } from './+types/admin.coupons.edit';

/** Admins only: one coupon's limits, validity and state (decision 0070). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request, 'admin');
  const id = Number(params.couponId);
  const coupon =
    Number.isInteger(id) && id > 0 && id < 2 ** 31 ? await context.get(appContext).services.couponsAdmin.get(id) : null;
  if (!coupon) throw data('Coupon not found', { status: 404 });
  return { coupon };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = ({ loaderData: loaded }) => [
  { title: `${loaded?.coupon.code ?? 'Coupon'} | Coupons | Back office | SevaDocs` },
];

export default function AdminCouponEditRoute({ loaderData }: Route.ComponentProps) {
  // A new key per coupon and state: the form's fields start from the saved values.
  return <CouponEditPage key={`${loaderData.coupon.id}`} coupon={loaderData.coupon} />;
}
