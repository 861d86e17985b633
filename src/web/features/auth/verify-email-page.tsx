import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AUTH_API_MESSAGES } from '../../../domain/auth/messages.ts';
import type { PackageChoiceSummary } from '../../../domain/catalog/package-choice.ts';
import { ROUTES } from '../../../domain/config/routes.ts';
import { ChosenPackageSummary } from '../../components/chosen-package-summary.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { pendingPackageChoice } from '../../lib/pending-package.ts';
import { useSessionStore } from '../../lib/stores/session-store.ts';
import { verifyEmail } from './api.ts';
import { openAuthDialog } from './open-auth-dialog.ts';
import { useCompleteSignIn } from './use-complete-sign-in.ts';

type Status =
  | { state: 'verifying' }
  | { state: 'verified'; message: string; returnTo: string | null; choosePassword: string | null }
  | { state: 'failed'; message: string };

/**
 * /verify-email?token=…: confirms the address with a POST (a GET never changes anything, so mail
 * scanners that open links do not use the token up), shows the result and offers sign-in. A link
 * used before says the address is verified (the server's message). A package chosen before
 * signing up, in this tab or another tab of the browser, is shown: signing in continues with it.
 *
 * A fresh link signs this browser in (whichever device opens it) and goes straight back to where
 * the customer signed up, which the server kept with the link (issue 30 §4); an older one verifies,
 * and the sign-in it offers goes back there. When the address's sign-ups came with different
 * passwords, the link sets none: the page offers choosing one (decision 0161).
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [status, setStatus] = useState<Status>(
    token ? { state: 'verifying' } : { state: 'failed', message: AUTH_API_MESSAGES.invalidVerificationLink },
  );
  const [choice, setChoice] = useState<PackageChoiceSummary | null>(null);
  const sent = useRef<string | null>(null);
  const completeSignIn = useCompleteSignIn();
  const signedIn = useSessionStore((state) => state.isLoggedIn);

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    setStatus({ state: 'verifying' });
    verifyEmail(token)
      .then((envelope) => {
        const returnTo = envelope.data?.returnTo ?? null;
        const choosePassword = envelope.data?.choosePassword ?? null;
        setStatus({ state: 'verified', message: envelope.message, returnTo, choosePassword });
        if (envelope.data?.signedIn) void completeSignIn(envelope.message, returnTo ? { redirectTo: returnTo } : {});
      })
      .catch((error) =>
        setStatus({ state: 'failed', message: errorMessage(error, AUTH_API_MESSAGES.invalidVerificationLink) }),
      );
  }, [token, completeSignIn]);

  useEffect(() => {
    let live = true;
    void pendingPackageChoice().then((pending) => {
      if (live) setChoice(pending?.summary ?? null);
    });
    return () => {
      live = false;
    };
  }, []);

  return (
    <div className="bg-slate-50 px-4 py-12 sm:py-20">
      <div className="mx-auto max-w-lg rounded-3xl border border-slate-200 bg-white p-6 text-center shadow-xl shadow-slate-900/5 sm:p-10">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">E-mail verification</h1>
        <div role="status" aria-live="polite" className="mt-6">
          {status.state === 'verifying' ? (
            <p className="flex flex-col items-center gap-3 text-slate-700">
              <Icon name="loader-circle" className="size-10 animate-spin text-brand-600" />
              Verifying your e-mail address…
            </p>
          ) : status.state === 'verified' ? (
            <p className="flex flex-col items-center gap-3 text-lg text-slate-800">
              <Icon name="circle-check" className="size-12 text-green-600" />
              {status.message}
            </p>
          ) : (
            <p className="flex flex-col items-center gap-3 text-lg text-slate-800">
              <Icon name="circle-alert" className="size-12 text-red-600" />
              {status.message}
            </p>
          )}
        </div>
        <noscript>
          <p className="mt-4 text-sm text-amber-900">Please turn on JavaScript to confirm your e-mail address.</p>
        </noscript>
        {choice && status.state !== 'failed' ? (
          <div className="mt-8 text-left">
            <ChosenPackageSummary summary={choice} />
            <p className="mt-2 text-sm text-slate-600">Sign in and your application continues with this package.</p>
          </div>
        ) : null}
        {status.state === 'verified' && status.choosePassword ? (
          <div className="mt-8 flex flex-col items-center gap-3">
            <Link
              to={`${ROUTES.CREATE_PASSWORD}?${new URLSearchParams({ token: status.choosePassword })}`}
              replace
              className="btn-primary"
            >
              <Icon name="key-round" className="size-5" />
              Choose your password
            </Link>
          </div>
        ) : status.state !== 'verifying' && signedIn ? (
          // Signed in already (another account's link stays out of this browser's session): no
          // sign-in to offer, the way on is the account this browser is using.
          <div className="mt-8 flex flex-col items-center gap-3">
            <Link to={ROUTES.DASHBOARD} className="btn-primary">
              Go to your dashboard
              <Icon name="arrow-right" className="size-5" />
            </Link>
          </div>
        ) : status.state !== 'verifying' ? (
          <div className="mt-8 flex flex-col items-center gap-3">
            <a
              href={ROUTES.SIGN_IN}
              onClick={(event) => {
                event.preventDefault();
                openAuthDialog(
                  'signin',
                  status.state === 'verified' && status.returnTo ? { redirectTo: status.returnTo } : {},
                );
              }}
              className="btn-primary"
            >
              <Icon name="log-in" className="size-5" />
              Sign In
            </a>
            {status.state === 'failed' ? (
              <p className="text-sm text-slate-600">
                Sign in to send a new verification e-mail (choose <strong>Resend Mail</strong>), or go{' '}
                <Link to={ROUTES.HOME} className="font-semibold text-brand-700 hover:underline">
                  back to home
                </Link>
                .
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
