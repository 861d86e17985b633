import { auditListQuery } from '../../domain/admin/audit.ts';
import { AuditLogPage } from '../features/admin/audit-log-page.tsx';
import { appContext } from '../lib/app-context.ts';
import { PRIVATE_HEADERS, requireStaff } from '../lib/viewer.ts';
import type { Route } from './+types/admin.audit-log';

/** Admins only: the audit log, paged and searched on the server by the URL's query. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, 'admin');
  const query = auditListQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const list = await context.get(appContext).services.audit.list(query);
  return { list, query };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = () => [{ title: 'Audit log | Back office | SevaDocs' }];

export default function AdminAuditLogRoute({ loaderData }: Route.ComponentProps) {
  return <AuditLogPage list={loaderData.list} query={loaderData.query} />;
}
