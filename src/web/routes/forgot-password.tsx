import { Preloaded, preload } from '../lib/preloaded.tsx';
import type { Route } from './+types/forgot-password';

// The page's code stays out of the first-load JavaScript (DESIGN.md §4); the server still
// renders it into the document (see lib/preloaded.tsx).
const page = preload(() => import('../features/auth/forgot-password-page.tsx'));
if (import.meta.env.SSR) await page;

/** Without JavaScript the form posts here; the page simply shows again. */
export function action() {
  return null;
}

export const meta: Route.MetaFunction = () => [
  { title: 'Forgot Password | SevaDocs' },
  { name: 'description', content: 'Get a link to set a new password for your SevaDocs account.' },
];

export default function ForgotPasswordRoute() {
  return <Preloaded module={page} render={({ ForgotPasswordPage }) => <ForgotPasswordPage />} />;
}
