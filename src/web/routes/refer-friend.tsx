import { data, useLoaderData } from 'react-router';
import { LIST_LIMIT } from '../../domain/limits/constants.ts';
import { ReferralPage } from '../features/referral/referral-page.tsx';
import { appContext } from '../lib/app-context.ts';
import type { Route } from './+types/refer-friend';

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const profile = app.viewer ? await app.services.users.getProfile(app.viewer.id) : null;
  const referEarn = await app.services.content.getReferEarn(profile);
  if (!referEarn) throw data(null, { status: 404 });
  // The viewer's own rewards only (decision 0057); a signed-in page is never shared-cached.
  const rewards = app.viewer
    ? (await app.services.referrals.listRewards(app.viewer.id, { page: 1, limit: LIST_LIMIT })).results
    : null;
  return { referEarn, signedIn: app.viewer !== null, rewards };
}

export const meta: Route.MetaFunction = () => [
  { title: 'Refer a friend: give $5, get a $5 gift card | SevaDocs' },
  {
    name: 'description',
    content:
      'Share your SevaDocs referral link: your friend gets $5 off our processing fees and you get a $5 gift card for every application they complete.',
  },
];

export default function ReferFriend() {
  const { referEarn, signedIn, rewards } = useLoaderData<typeof loader>();
  return <ReferralPage referEarn={referEarn} signedIn={signedIn} rewards={rewards} />;
}
