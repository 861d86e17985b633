import { Suspense } from 'react';
import { lazyWithQueries } from '../lib/lazy-with-queries.tsx';
import { PRIVATE_HEADERS, requireViewer } from '../lib/viewer.ts';
import type { Route } from './+types/dashboard';

// With TanStack Query, after the first paint (DESIGN.md §4 page budget).
const DashboardPage = lazyWithQueries(() =>
  import('../features/dashboard/dashboard-page.tsx').then((m) => m.DashboardPage),
);

/** Signed-in users only: a visitor goes to /signin?redirect=/dashboard. */
export function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  return { name: viewer.name };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard | SevaDocs' }];

export default function DashboardRoute({ loaderData }: Route.ComponentProps) {
  return (
    <Suspense>
      <DashboardPage name={loaderData.name} />
    </Suspense>
  );
}
