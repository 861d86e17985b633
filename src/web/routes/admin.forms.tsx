import { FormsPage } from '../features/admin/forms-page.tsx';
import { appContext } from '../lib/app-context.ts';
import { PRIVATE_HEADERS, requireStaff } from '../lib/viewer.ts';
import type { Route } from './+types/admin.forms';

/** Admins only: the package forms (decision 0073). */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, 'admin');
  return { forms: await context.get(appContext).services.forms.adminList() };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = () => [{ title: 'Forms | Back office | SevaDocs' }];

export default function AdminFormsRoute({ loaderData }: Route.ComponentProps) {
  return <FormsPage forms={loaderData.forms} />;
}
