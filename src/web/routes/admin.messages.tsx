import { adminMessageListQuery } from '../../domain/admin/messages.ts';
import { MessagesPage } from '../features/admin/messages-page.tsx';
import { appContext } from '../lib/app-context.ts';
import { PRIVATE_HEADERS, requireStaff } from '../lib/viewer.ts';
import type { Route } from './+types/admin.messages';

/** Staff: contact messages, paged, filtered and searched on the server by the URL's query. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, 'staff');
  const query = adminMessageListQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const list = await context.get(appContext).services.contact.adminListMessages(query);
  return { list, query };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = () => [{ title: 'Contact messages | Back office | SevaDocs' }];

export default function AdminMessagesRoute({ loaderData }: Route.ComponentProps) {
  return <MessagesPage list={loaderData.list} query={loaderData.query} />;
}
