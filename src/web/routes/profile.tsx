import { Suspense } from 'react';
import { lazyWithQueries } from '../lib/lazy-with-queries.tsx';
import { PRIVATE_HEADERS, requireViewer } from '../lib/viewer.ts';
import type { Route } from './+types/profile';

// With TanStack Query, after the first paint (DESIGN.md §4 page budget).
const ProfilePage = lazyWithQueries(() => import('../features/profile/profile-page.tsx').then((m) => m.ProfilePage));
const DataRightsSection = lazyWithQueries(() =>
  import('../features/data-rights/data-rights-section.tsx').then((m) => m.DataRightsSection),
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
    <Suspense>
      <ProfilePage email={loaderData.email}>
        {/* Its own boundary: the tabs show while the section's code loads. */}
        <Suspense>
          <DataRightsSection />
        </Suspense>
      </ProfilePage>
    </Suspense>
  );
}
