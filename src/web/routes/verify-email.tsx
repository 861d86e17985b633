import { Preloaded, preload } from '../lib/preloaded.tsx';
import { PRIVATE_HEADERS } from '../lib/viewer.ts';
import type { Route } from './+types/verify-email';

// The page's code stays out of the first-load JavaScript (DESIGN.md §4); the server still
// renders it into the document (see lib/preloaded.tsx).
const page = preload(() => import('../features/auth/verify-email-page.tsx'));
if (import.meta.env.SSR) await page;

/** The address carries a live token: no shared cache or back cache may keep the page. */
export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = () => [
  { title: 'Verify your e-mail | SevaDocs' },
  { name: 'description', content: 'Confirm the e-mail address of your SevaDocs account.' },
];

export default function VerifyEmailRoute() {
  return <Preloaded module={page} render={({ VerifyEmailPage }) => <VerifyEmailPage />} />;
}
