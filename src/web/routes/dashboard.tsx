import { lazy, Suspense } from 'react';
import { QueryProvider } from '../lib/query-client.tsx';
import { PRIVATE_HEADERS, requireViewer } from '../lib/viewer.ts';
import type { Route } from './+types/dashboard';

const DashboardPage = lazy(() =>
  import('../features/dashboard/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })),
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
    <QueryProvider>
      <Suspense>
        <DashboardPage name={loaderData.name} />
      </Suspense>
    </QueryProvider>
  );
}
