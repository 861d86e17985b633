import { PhotoChecksPage } from '../features/admin/photo-checks-page.tsx';
import { appContext } from '../lib/app-context.ts';
import { PRIVATE_HEADERS, requireStaff } from '../lib/viewer.ts';
import type { Route } from './+types/admin.photo-checks';

/** Staff: photos waiting for a person's second look (issue 31 §4), the longest-waiting first. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, 'staff');
  return { queue: await context.get(appContext).services.photos.secondLook.queue() };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = () => [{ title: 'Photo checks | Back office | SevaDocs' }];

export default function AdminPhotoChecksRoute({ loaderData }: Route.ComponentProps) {
  return <PhotoChecksPage queue={loaderData.queue} />;
}
