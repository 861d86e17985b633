import { data, useLoaderData } from 'react-router';
import { ReferralPage } from '../features/referral/referral-page.tsx';
import { appContext } from '../lib/app-context.ts';
import type { Route } from './+types/refer-friend';

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const profile = app.viewer ? await app.services.users.getProfile(app.viewer.id) : null;
  const referEarn = await app.services.content.getReferEarn(profile);
  if (!referEarn) throw data(null, { status: 404 });
  return { referEarn, signedIn: app.viewer !== null };
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
  const { referEarn, signedIn } = useLoaderData<typeof loader>();
  return <ReferralPage referEarn={referEarn} signedIn={signedIn} />;
}
