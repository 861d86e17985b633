import { lazy, Suspense } from 'react';
import { QueryProvider } from '../lib/query-client.tsx';
import { PRIVATE_HEADERS, requireViewer } from '../lib/viewer.ts';
import type { Route } from './+types/profile';

const ProfilePage = lazy(() =>
  import('../features/profile/profile-page.tsx').then((m) => ({ default: m.ProfilePage })),
);

/** Signed-in users only: a visitor goes to /signin?redirect=/profile. */
export function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  return { email: viewer.email };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = () => [{ title: 'Profile | SevaDocs' }];

export default function ProfileRoute({ loaderData }: Route.ComponentProps) {
  return (
    <QueryProvider>
      <Suspense>
        <ProfilePage email={loaderData.email} />
      </Suspense>
    </QueryProvider>
  );
}
