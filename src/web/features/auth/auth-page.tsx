import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { PackageChoiceSummary } from '../../../domain/catalog/package-choice.ts';
import { ROUTES } from '../../../domain/config/routes.ts';
import { ChosenPackageSummary } from '../../components/chosen-package-summary.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { AUTH_TITLES, AuthForm, AuthIllustration, phoneCountryOf } from './auth-panel.tsx';
import { CHECK_INBOX_TITLES, CheckInbox } from './check-inbox.tsx';
import type { AuthDialogKind } from './open-auth-dialog.ts';
import { useCompleteSignIn } from './use-complete-sign-in.ts';

const SWITCH_LINK =
  'flex items-center justify-center rounded-lg px-3 py-2.5 text-center text-[0.95rem] font-semibold text-slate-700 hover:text-brand-700 aria-[current=page]:bg-white aria-[current=page]:text-brand-800 aria-[current=page]:shadow-sm';

/**
 * /signin and /signup: the same forms as the dialog, as server-rendered pages. A query string
 * (?redirect=…) carries over between the two and decides where sign-in goes (SPEC.md §4). With a
 * package chosen (the redirect continues to /package-form) the page shows what the visitor is
 * applying for. Signing in and creating an account are offered side by side, alike. After
 * sign-up the page becomes the "check your inbox" step.
 */
export function AuthPage({
  kind,
  choice = null,
  needsJavaScript = false,
}: {
  kind: AuthDialogKind;
  /** The package the visitor chose before being asked to sign in, if any. */
  choice?: PackageChoiceSummary | null;
  needsJavaScript?: boolean;
}) {
  const { search } = useLocation();
  const [params] = useSearchParams();
  const completeSignIn = useCompleteSignIn();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const titles = AUTH_TITLES[kind];
  const title = sentTo ? CHECK_INBOX_TITLES.title : titles.title;
  const lead = sentTo ? CHECK_INBOX_TITLES.lead : choice ? titles.leadWithPackage : titles.lead;
  const signInHref = `${ROUTES.SIGN_IN}${search}`;
  const signUpHref = `${ROUTES.SIGN_UP}${search}`;

  // The page changed its subject: take the reader to its new heading.
  useEffect(() => {
    if (sentTo) heading.current?.focus();
  }, [sentTo]);

  return (
    <div className="bg-slate-50 px-4 py-8 sm:py-14">
      <div className="mx-auto grid max-w-5xl overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-xl shadow-slate-900/5 min-[1081px]:grid-cols-[22rem_1fr]">
        <AuthIllustration />
        <div className="px-5 py-8 sm:px-10 sm:py-10">
          <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight text-slate-900 outline-none">
            {title}
          </h1>
          <p className="mt-2 text-slate-600">{lead}</p>
          {needsJavaScript ? (
            <p role="alert" className="mt-4 flex gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
              <Icon name="circle-alert" className="mt-0.5 size-4" />
              Please turn on JavaScript in your browser to {kind === 'signin' ? 'sign in' : 'create an account'}.
            </p>
          ) : null}
          <div className="mt-6 max-w-lg space-y-6">
            {choice ? <ChosenPackageSummary summary={choice} /> : null}
            {sentTo ? (
              <CheckInbox
                email={sentTo}
                onChangeAddress={() => setSentTo(null)}
                signInControl={
                  <Link to={signInHref} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
                    Sign in
                  </Link>
                }
              />
            ) : (
              <>
                <nav
                  aria-label="Sign in or create an account"
                  className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1"
                >
                  <Link to={signInHref} aria-current={kind === 'signin' ? 'page' : undefined} className={SWITCH_LINK}>
                    Sign in
                  </Link>
                  <Link to={signUpHref} aria-current={kind === 'signup' ? 'page' : undefined} className={SWITCH_LINK}>
                    Create an account
                  </Link>
                </nav>
                <AuthForm
                  kind={kind}
                  switchControl={
                    <Link
                      to={kind === 'signin' ? signUpHref : signInHref}
                      className="font-semibold text-brand-700 underline-offset-2 hover:underline"
                    >
                      {kind === 'signin' ? 'Sign up' : 'SignIn'}
                    </Link>
                  }
                  onSignedIn={(message) => completeSignIn(message)}
                  onSignedUp={setSentTo}
                  initialReferralCode={params.get('ref') ?? undefined}
                  phoneCountry={phoneCountryOf(choice)}
                />
              </>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
