import { Suspense } from 'react';
import { appContext } from '../lib/app-context.ts';
import { lazyWithQueries } from '../lib/lazy-with-queries.tsx';
import { PRIVATE_HEADERS, requireViewer } from '../lib/viewer.ts';
import type { Route } from './+types/dashboard';

// With TanStack Query, after the first paint (DESIGN.md §4 page budget).
const DashboardPage = lazyWithQueries(
  () => import('../features/dashboard/dashboard-page.tsx').then((m) => m.DashboardPage),
  { early: true },
);

/**
 * Signed-in users only: a visitor goes to /signin?redirect=/dashboard. The applications still to
 * finish come with the page: their card heads it, and arriving with the rest of the dashboard's
 * data it pushed the page down on a phone (decision 0141).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  const { services } = context.get(appContext);
  return { name: viewer.name, openApplications: await services.applications.openApplicationsOf(viewer.id) };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard | SevaDocs' }];

export default function DashboardRoute({ loaderData }: Route.ComponentProps) {
  return (
    <Suspense>
      <DashboardPage name={loaderData.name} openApplications={loaderData.openApplications} />
    </Suspense>
  );
}
