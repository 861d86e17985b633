import { adminReferralRewardListQuery } from '../../domain/admin/referral-rewards.ts';
import { ReferralRewardsPage } from '../features/admin/referral-rewards-page.tsx';
import { appContext } from '../lib/app-context.ts';
import { PRIVATE_HEADERS, requireStaff } from '../lib/viewer.ts';
import type { Route } from './+types/admin.referral-rewards';

/** Staff: referral gift cards, paged, filtered and searched on the server by the URL's query. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, 'staff');
  const query = adminReferralRewardListQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { list: await context.get(appContext).services.referralsAdmin.list(query), query };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = () => [{ title: 'Referral rewards | Back office | SevaDocs' }];

export default function AdminReferralRewardsRoute({ loaderData }: Route.ComponentProps) {
  return <ReferralRewardsPage list={loaderData.list} query={loaderData.query} />;
}
