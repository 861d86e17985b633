import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ROUTES } from '../../../domain/config/routes.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { AUTH_TITLES, AuthForm, AuthIllustration } from './auth-panel.tsx';
import type { AuthDialogKind } from './open-auth-dialog.ts';
import { useCompleteSignIn } from './use-complete-sign-in.ts';

/**
 * /signin and /signup: the same forms as the dialog, as server-rendered pages. A query string
 * (?redirect=…) carries over between the two and decides where sign-in goes (SPEC.md §4).
 */
export function AuthPage({ kind, needsJavaScript = false }: { kind: AuthDialogKind; needsJavaScript?: boolean }) {
  const { search } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const { title, lead } = AUTH_TITLES[kind];
  const other = kind === 'signin' ? ROUTES.SIGN_UP : ROUTES.SIGN_IN;

  return (
    <div className="bg-slate-50 px-4 py-8 sm:py-14">
      <div className="mx-auto grid max-w-5xl overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-xl shadow-slate-900/5 min-[1081px]:grid-cols-[22rem_1fr]">
        <AuthIllustration />
        <div className="px-5 py-8 sm:px-10 sm:py-10">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
          <p className="mt-2 text-slate-600">{lead}</p>
          {needsJavaScript ? (
            <p role="alert" className="mt-4 flex gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
              <Icon name="circle-alert" className="mt-0.5 size-4 shrink-0" />
              Please turn on JavaScript in your browser to {kind === 'signin' ? 'sign in' : 'create an account'}.
            </p>
          ) : null}
          <div className="mt-8 max-w-lg">
            <AuthForm
              kind={kind}
              switchControl={
                <Link
                  to={`${other}${search}`}
                  className="font-semibold text-brand-700 underline-offset-2 hover:underline"
                >
                  {kind === 'signin' ? 'Sign up' : 'SignIn'}
                </Link>
              }
              onSignedIn={(message) => completeSignIn(message)}
              onSignedUp={() => void navigate(`${ROUTES.SIGN_IN}${search}`)}
              initialReferralCode={params.get('ref') ?? undefined}
            />
          </div>
        </div>
      </div>
    </div>
  );
}
