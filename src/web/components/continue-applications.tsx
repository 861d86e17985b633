import { Link } from 'react-router';
import {
  CONTINUE_TEXT,
  continueHref,
  type OpenApplication,
  openApplicationName,
} from '../../domain/orders/open-application.ts';
import { StatusBadge } from './order-list.tsx';
import { Icon } from './ui/icon.tsx';

/** What the row still waits for: the payment, the forms, or what our team asked for when they sent it back. */
function waitsFor({ status, sentBack }: OpenApplication): string {
  if (status === 'Payment pending') return CONTINUE_TEXT.pay;
  return sentBack ? CONTINUE_TEXT.sentBack : CONTINUE_TEXT.forms;
}

/**
 * "Continue your application" (issue 30 §4): a returning customer's unpaid or unfinished
 * applications, each row naming its members ("OCI Card for Priya, Raj and Anaya") and going on
 * where it stopped: the order page to pay, the forms once paid, the order page again once our team
 * sent it back. Nothing when none is open.
 */
export function ContinueApplications({
  applications,
  className = '',
}: {
  applications: readonly OpenApplication[];
  className?: string;
}) {
  if (applications.length === 0) return null;
  return (
    <section aria-labelledby="continue-applications" className={`card p-5 sm:p-6 ${className}`}>
      <h2 id="continue-applications" className="text-xl font-bold text-slate-900">
        {CONTINUE_TEXT.title}
      </h2>
      <ul className="mt-4 divide-y divide-slate-200">
        {applications.map((application) => (
          <li key={application.displayId} className="flex flex-wrap items-center gap-x-4 gap-y-3 py-3">
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-amber-50 text-amber-800">
              <Icon name="file-text" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-semibold text-slate-900">{openApplicationName(application)}</span>
              <span className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-slate-600">
                <StatusBadge status={application.status} />
                {waitsFor(application)}
              </span>
            </span>
            <Link
              to={continueHref(application)}
              className="btn-primary w-full px-4 py-2.5 text-[0.95rem] sm:w-auto"
              aria-label={`${CONTINUE_TEXT.action}: ${openApplicationName(application)}`}
            >
              {CONTINUE_TEXT.action}
              <Icon name="arrow-right" className="size-4" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
