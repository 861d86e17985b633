import { redirect } from 'react-router';
import { isLocalPath } from '../features/auth/after-sign-in.ts';
import { Preloaded, preload } from '../lib/preloaded.tsx';
import { viewerOf } from '../lib/viewer.ts';
import type { Route } from './+types/signup';

// The form's code (validation, pickers) stays out of the first-load JavaScript; the server
// still renders the form into the document (see lib/preloaded.tsx).
const page = preload(() => import('../features/auth/auth-page.tsx'));
if (import.meta.env.SSR) await page;

export function loader({ context, request }: Route.LoaderArgs) {
  if (viewerOf(context)) {
    const target = new URL(request.url).searchParams.get('redirect');
    throw redirect(isLocalPath(target) ? target : '/');
  }
  return null;
}

/** Without JavaScript the form posts here: say what is needed rather than failing. */
export function action() {
  return { needsJavaScript: true };
}

export const meta: Route.MetaFunction = () => [
  { title: 'Sign Up | SevaDocs' },
  {
    name: 'description',
    content: 'Create a SevaDocs account to apply for OCI cards, Indian passports and visas from the USA and Canada.',
  },
];

export default function SignUpRoute({ actionData }: Route.ComponentProps) {
  return (
    <Preloaded
      module={page}
      render={({ AuthPage }) => <AuthPage kind="signup" needsJavaScript={Boolean(actionData?.needsJavaScript)} />}
    />
  );
}
