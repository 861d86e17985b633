import { Preloaded, preload } from '../lib/preloaded.tsx';
import { PRIVATE_HEADERS } from '../lib/viewer.ts';
import type { Route } from './+types/create-password';

// The page's code stays out of the first-load JavaScript (DESIGN.md §4); the server still
// renders it into the document (see lib/preloaded.tsx).
const page = preload(() => import('../features/auth/create-password-page.tsx'));
if (import.meta.env.SSR) await page;

/** Without JavaScript the form posts here; the page simply shows again. */
export function action() {
  return null;
}

/** The address carries a live token: no shared cache or back cache may keep the page. */
export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = () => [
  { title: 'Create a new password | SevaDocs' },
  { name: 'description', content: 'Set a new password for your SevaDocs account.' },
];

export default function CreatePasswordRoute() {
  return <Preloaded module={page} render={({ CreatePasswordPage }) => <CreatePasswordPage />} />;
}
