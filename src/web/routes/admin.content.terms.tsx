import { TermsPage } from '../features/admin/terms-page.tsx';
import { appContext } from '../lib/app-context.ts';
import { PRIVATE_HEADERS, requireStaff } from '../lib/viewer.ts';
import type { Route } from './+types/admin.content.terms';

/** Admins: the terms and privacy policies' sections (decision 0072). */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, 'admin');
  return { terms: await context.get(appContext).services.content.adminListTerms() };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = () => [{ title: 'Terms and privacy | Content | Back office | SevaDocs' }];

export default function AdminTermsRoute({ loaderData }: Route.ComponentProps) {
  return <TermsPage terms={loaderData.terms} />;
}
