import { data } from 'react-router';
import { recordId } from '../../domain/admin/record-id.ts';
import { ADMIN_REFUND_MESSAGES } from '../../domain/admin/refunds.ts';
import { RefundPage } from '../features/admin/refund-page.tsx';
import { appContext } from '../lib/app-context.ts';
import { PRIVATE_HEADERS, requireStaff } from '../lib/viewer.ts';
import type { Route } from './+types/admin.refunds.$id';

/** Staff: one refund request and its decision. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request, 'staff');
  const id = recordId(params.id);
  const detail = id !== null ? await context.get(appContext).services.refunds.adminGet(id) : null;
  if (!detail) throw data(ADMIN_REFUND_MESSAGES.notFound, { status: 404 });
  return { detail };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.detail.request.reference ?? 'Refund request'} | Refunds | Back office | SevaDocs` },
];

export default function AdminRefundRoute({ loaderData }: Route.ComponentProps) {
  return <RefundPage key={loaderData.detail.request.id} detail={loaderData.detail} />;
}
