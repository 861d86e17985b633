import { OverviewPage } from '../features/admin/overview-page.tsx';
import { PRIVATE_HEADERS, requireStaff } from '../lib/viewer.ts';
import type { Route } from './+types/admin._index';

export function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireStaff(context, request);
  return { role: viewer.role, name: viewer.name };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = () => [{ title: 'Back office | SevaDocs' }];

export default function AdminIndexRoute({ loaderData }: Route.ComponentProps) {
  return <OverviewPage name={loaderData.name} role={loaderData.role} />;
}
