import { data } from 'react-router';
import { MailboxPage } from '../features/dev-mailbox/mailbox-page.tsx';
import { appContext } from '../lib/app-context.ts';
import type { Route } from './+types/dev.mailbox';

/**
 * Only while the dev mailbox keeps e-mails, and only for someone on this machine (DESIGN.md §1):
 * a plain 404 otherwise, like its API.
 */
export function loader({ context }: Route.LoaderArgs) {
  const { devMailbox, fromThisMachine } = context.get(appContext);
  if (!devMailbox || !fromThisMachine) throw data(null, { status: 404 });
  return null;
}

export function headers(): HeadersInit {
  return { 'Cache-Control': 'no-store' };
}

export const meta: Route.MetaFunction = () => [{ title: 'Dev mailbox | SevaDocs' }];

export default function DevMailboxRoute() {
  return <MailboxPage />;
}
