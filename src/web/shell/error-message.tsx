import { telHref } from '../../domain/config/navigation.ts';
import { LAYOUT_MESSAGES } from '../../domain/limits/messages.ts';
import { ROLE_MESSAGES } from '../../domain/users/roles.ts';

export interface ErrorMessageProps {
  status: number;
  /** What the page that refused said (a loader's thrown 4xx message, such as "We could not find this order."). */
  said: string | null;
  /** The address that failed, to try again. */
  retryHref: string;
  /** Where to call or write, when the root's data loaded. */
  contact: { tollFreeNumber: string; supportEmail: string } | null;
}

function explanation(status: number, said: string | null): string {
  if (status < 500 && said) return said;
  if (status === 404) return 'We could not find that page.';
  if (status === 403) return ROLE_MESSAGES.forbidden;
  return 'Something went wrong while showing this page. Please try again.';
}

/** What the error page says (error-page.tsx): the spec's heading, what happened and the ways on. */
export function ErrorMessage({ status, said, retryHref, contact }: ErrorMessageProps) {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-3xl flex-col items-center justify-center px-6 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{LAYOUT_MESSAGES.errorPage}</h1>
      <p className="mt-4 text-slate-600">{explanation(status, said)}</p>
      {status >= 500 && contact ? (
        <p className="mt-2 text-slate-600">
          If it happens again, call us toll-free on{' '}
          <a
            className="font-semibold whitespace-nowrap text-brand-700 underline"
            href={telHref(contact.tollFreeNumber)}
          >
            {contact.tollFreeNumber}
          </a>{' '}
          or write to{' '}
          <a className="font-semibold text-brand-700 underline" href={`mailto:${contact.supportEmail}`}>
            {contact.supportEmail}
          </a>
          .
        </p>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {status >= 500 ? (
          // A link, not a script: it works whether or not the page's JavaScript ran.
          <a
            href={retryHref}
            className="rounded-lg border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-800 hover:bg-slate-50"
          >
            Try again
          </a>
        ) : null}
        <a href="/" className="rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">
          Back to home
        </a>
      </div>
    </div>
  );
}
