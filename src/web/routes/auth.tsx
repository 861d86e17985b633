import { redirect } from 'react-router';
import { safeRedirect, sameOriginPath } from '../../domain/auth/safe-redirect.ts';
import { packageChoiceFromRedirect, packageChoiceSummary } from '../../domain/catalog/package-choice.ts';
import { ROUTES } from '../../domain/config/routes.ts';
import type { AuthDialogKind } from '../features/auth/open-auth-dialog.ts';
import { loadChosenPackage } from '../features/catalog/package-choice.server.ts';
import { appContext } from '../lib/app-context.ts';
import { Preloaded, preload } from '../lib/preloaded.tsx';
import { viewerOf } from '../lib/viewer.ts';
import type { Route } from './+types/auth';

// /signin and /signup (routes.ts registers this module at each path). The form's code
// (validation, pickers) stays out of the first-load JavaScript; the server still renders the
// form into the document (see lib/preloaded.tsx).
const page = preload(() => import('../features/auth/auth-page.tsx'));
if (import.meta.env.SSR) await page;

const META: Record<AuthDialogKind, { title: string; description: string }> = {
  signin: {
    title: 'Sign In | SevaDocs',
    description: 'Sign in to SevaDocs to follow your OCI, passport and visa applications.',
  },
  signup: {
    title: 'Sign Up | SevaDocs',
    description:
      'Create a SevaDocs account to apply for OCI cards, Indian passports and visas from the USA and Canada.',
  },
};

/**
 * `url` is the page's address (a data request's own has a `.data` suffix). A ?redirect= to
 * /package-form continues a package chosen while signed out: the page shows it, priced.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  if (viewerOf(context)) {
    throw redirect(safeRedirect(url.searchParams.get('redirect')));
  }
  const kind: AuthDialogKind = url.pathname === ROUTES.SIGN_UP ? 'signup' : 'signin';
  const ref = packageChoiceFromRedirect(sameOriginPath(url.searchParams.get('redirect')));
  const chosen = await loadChosenPackage(context.get(appContext).services.catalog, ref);
  return { kind, choice: chosen ? packageChoiceSummary(chosen.service.name, chosen.pkg) : null };
}

/** Without JavaScript the form posts here: say what is needed rather than failing. */
export function action() {
  return { needsJavaScript: true };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const { title, description } = META[loaderData?.kind ?? 'signin'];
  return [{ title }, { name: 'description', content: description }];
};

export default function AuthRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <Preloaded
      module={page}
      render={({ AuthPage }) => (
        <AuthPage
          // /signin and /signup are two routes of this module: each starts afresh (the
          // check-your-inbox step of /signup does not follow its "Sign in" link).
          key={loaderData.kind}
          kind={loaderData.kind}
          choice={loaderData.choice}
          needsJavaScript={Boolean(actionData?.needsJavaScript)}
        />
      )}
    />
  );
}
