import { data } from 'react-router';
import { ADMIN_MESSAGE_MESSAGES } from '../../domain/admin/messages.ts';
import { recordId } from '../../domain/admin/record-id.ts';
import { MessagePage } from '../features/admin/message-page.tsx';
import { appContext } from '../lib/app-context.ts';
import { PRIVATE_HEADERS, requireStaff } from '../lib/viewer.ts';
import type { Route } from './+types/admin.messages.$id';

/** Staff: one contact message, its replies, and the reply form. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request, 'staff');
  const id = recordId(params.id);
  const detail = id !== null ? await context.get(appContext).services.contact.adminGetMessage(id) : null;
  if (!detail) throw data(ADMIN_MESSAGE_MESSAGES.notFound, { status: 404 });
  return { detail };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.detail.message.name ?? 'Message'} | Messages | Back office | SevaDocs` },
];

export default function AdminMessageRoute({ loaderData }: Route.ComponentProps) {
  return <MessagePage key={loaderData.detail.message.id} detail={loaderData.detail} />;
}
