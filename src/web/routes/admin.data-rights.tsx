import { DataRightsPage } from '../features/admin/data-rights-page.tsx';
import { appContext } from '../lib/app-context.ts';
import { PRIVATE_HEADERS, requireStaff } from '../lib/viewer.ts';
import type { Route } from './+types/admin.data-rights';

/** Staff: customers' deletion requests waiting for open orders (issue 34 §3), the oldest first. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, 'staff');
  // The clock the page counts days left with, the server's: the same on the server and in the browser.
  return { queue: await context.get(appContext).services.dataRights.queue('pending'), now: Date.now() };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = () => [{ title: 'Data requests | Back office | SevaDocs' }];

export default function AdminDataRightsRoute({ loaderData }: Route.ComponentProps) {
  return <DataRightsPage queue={loaderData.queue} now={loaderData.now} />;
}
