import { data } from 'react-router';
import { MailboxPage } from '../features/dev-mailbox/mailbox-page.tsx';
import type { Route } from './+types/dev.mailbox';

/** Outside production only (DESIGN.md §1); a plain 404 in production, like its API. */
export function loader() {
  if (process.env.NODE_ENV === 'production') throw data(null, { status: 404 });
  return null;
}

export function headers(): HeadersInit {
  return { 'Cache-Control': 'no-store' };
}

export const meta: Route.MetaFunction = () => [{ title: 'Dev mailbox | SevaDocs' }];

export default function DevMailboxRoute() {
  return <MailboxPage />;
}
