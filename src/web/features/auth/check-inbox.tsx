import type { ReactNode } from 'react';
import { Icon } from '../../components/ui/icon.tsx';
import { useResendMail } from './resend-mail.ts';

/** The title and lead of the step after sign-up. */
export const CHECK_INBOX_TITLES = {
  title: 'Check your inbox',
  lead: 'One more step: confirm your e-mail address.',
} as const;

/**
 * The step after sign-up: where the e-mail went, what to do with it, the spam-folder hint and
 * Resend Mail. The same for every address, whether or not it already had an account (the server
 * answers sign-up and resend alike: no account enumeration, docs/decisions/0038).
 */
export function CheckInbox({
  email,
  signInControl,
  onChangeAddress,
}: {
  email: string;
  /** The "Sign in" control of "Already confirmed? Sign in". */
  signInControl: ReactNode;
  /** Back to the sign-up form, to correct the address. */
  onChangeAddress(): void;
}) {
  const { resending, resend } = useResendMail();
  return (
    <div className="space-y-5">
      <div className="flex gap-3 rounded-2xl border border-brand-200 bg-brand-50/70 p-4 text-slate-800">
        <Icon name="mail-check" className="mt-0.5 size-6 text-brand-700" />
        <p className="min-w-0">
          We have sent an e-mail to{' '}
          {/* On a line of its own before it breaks, and then after the @ rather than mid-word (decision 0176).
              The full stop is inside: a block the width of the line would push it to start the next one. */}
          <span className="inline-block max-w-full wrap-anywhere">
            <strong className="font-semibold text-slate-900">
              {email.slice(0, email.indexOf('@') + 1)}
              <wbr />
              {email.slice(email.indexOf('@') + 1)}
            </strong>
            .
          </span>{' '}
          Open the link in it to confirm your address: it signs you in on the device you open it on. The link works for
          24 hours.
        </p>
      </div>
      <p className="flex gap-2 text-sm text-slate-700">
        <Icon name="info" className="mt-0.5 size-4 text-brand-600" />
        <span>
          Not there after a few minutes? Look in your spam or junk folder, or ask for the e-mail again. You can open any
          of the e-mails we sent you.
        </span>
      </p>
      <button
        type="button"
        onClick={() => resend(email)}
        disabled={resending}
        className="btn-outline w-full disabled:opacity-70"
      >
        <Icon
          name={resending ? 'loader-circle' : 'refresh-cw'}
          className={`size-5 ${resending ? 'animate-spin' : ''}`}
        />
        Resend Mail
      </button>
      <div className="flex flex-wrap justify-between gap-x-6 gap-y-2 text-sm text-slate-700">
        <p>
          Wrong address?{' '}
          <button
            type="button"
            onClick={onChangeAddress}
            className="font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            Use another e-mail
          </button>
        </p>
        <p>Already confirmed? {signInControl}</p>
      </div>
    </div>
  );
}
