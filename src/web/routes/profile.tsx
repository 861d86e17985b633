import { Suspense } from 'react';
import { lazyWithQueries } from '../lib/lazy-with-queries.tsx';
import { PRIVATE_HEADERS, requireViewer } from '../lib/viewer.ts';
import type { Route } from './+types/profile';

// With TanStack Query, after the first paint (DESIGN.md §4 page budget).
const ProfilePage = lazyWithQueries(() => import('../features/profile/profile-page.tsx').then((m) => m.ProfilePage));

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
    <Suspense>
      <ProfilePage email={loaderData.email} />
    </Suspense>
  );
}
