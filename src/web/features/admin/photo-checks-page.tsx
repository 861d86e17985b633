import { useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_ROUTES } from '../../../domain/config/admin-routes.ts';
import { BUSINESS_HOURS, businessDeadlineWords } from '../../../domain/config/business-hours.ts';
import {
  approvable,
  rejectPhotoSchema,
  SECOND_LOOK_MESSAGES,
  type SecondLookEntry,
  secondLookWhy,
  slaWords,
} from '../../../domain/photos/second-look.ts';
import { PHOTO_SIZES } from '../../../domain/photos/sizes.ts';
import { PhotoChecks } from '../../components/photo-checks.tsx';
import { ActionOutcome, useAdminAction } from './use-admin-action.tsx';

export const PHOTO_CHECKS_PAGE_TEXT = {
  title: 'Photo checks',
  lead: `Photos waiting for a person's second look, the longest-waiting first. Each is due 2 business hours after it reached the queue (${BUSINESS_HOURS.words}). Approving releases its prints; rejecting e-mails the customer your reason and a free retake.`,
  empty: 'No photos are waiting for a second look.',
  thumbnail: (name: string) => `Fitted photo: ${name}`,
  approve: 'Approve',
  reason: 'Reason (e-mailed to the customer)',
  reject: 'Reject and offer a free retake',
  checking: 'The engine is still checking this retake. Decide once its result is in.',
  checkFailed: 'The engine could not check this photo.',
  due: (words: string) => `due ${words}`,
  prints: (has: boolean) => (has ? 'Prints held until approved' : 'Digital only'),
} as const;

const button = 'rounded-lg px-4 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60';

/** One photo waiting for a person: what it is, its clock, its measured checks, and the decision. */
function QueuedPhoto({ entry, action }: { entry: SecondLookEntry; action: ReturnType<typeof useAdminAction> }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const headingId = `photo-check-${entry.photoId}`;
  const errorId = `${headingId}-reason-error`;
  const overdue = entry.sla.minutesLeft < 0;
  const base = `/admin/photo-checks/${entry.photoId}`;

  const reject = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = rejectPhotoSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Give a reason');
    setError(null);
    void action.run('POST', `${base}/reject`, parsed.data);
  };

  return (
    <li aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-col gap-4 desk:flex-row">
        <img
          src={entry.links.fitted ?? entry.links.original}
          alt={PHOTO_CHECKS_PAGE_TEXT.thumbnail(entry.name)}
          className="size-40 shrink-0 rounded-lg border border-slate-200 bg-slate-100 object-contain"
        />
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            <Link to={`${ADMIN_ROUTES.ORDERS}/${entry.order.displayId}`} className="font-mono text-brand-700 underline">
              {entry.order.displayId}
            </Link>{' '}
            · {PHOTO_SIZES[entry.photoSize].label}
          </h2>
          <p className="break-all text-sm text-slate-700">
            {entry.name} · {entry.order.email}
          </p>
          {secondLookWhy(entry).map((why) => (
            <p key={why} className="mt-1 text-sm text-slate-800">
              {why}
            </p>
          ))}
          <p className="mt-1 text-sm">
            <span className={`font-semibold ${overdue ? 'text-red-700' : 'text-slate-900'}`}>
              {slaWords(entry.sla.minutesLeft)}
            </span>{' '}
            <span className="text-slate-700">
              ({PHOTO_CHECKS_PAGE_TEXT.due(businessDeadlineWords(new Date(entry.sla.dueAt)))}) ·{' '}
              {PHOTO_CHECKS_PAGE_TEXT.prints(entry.order.hasPrints)}
            </span>
          </p>
        </div>
      </div>
      <div className="mt-3">
        {entry.report ? (
          <PhotoChecks report={entry.report} name={entry.name} />
        ) : (
          <p className="text-sm text-slate-700">
            {entry.state === 'pending' ? PHOTO_CHECKS_PAGE_TEXT.checking : PHOTO_CHECKS_PAGE_TEXT.checkFailed}
          </p>
        )}
        {entry.state !== 'pending' && !approvable(entry) ? (
          <p className="mt-1 text-sm font-medium text-slate-900">{SECOND_LOOK_MESSAGES.notFitted}</p>
        ) : null}
      </div>
      <div className="mt-4 grid gap-4 desk:grid-cols-[auto_1fr] desk:items-start">
        <button
          type="button"
          disabled={action.pending || !approvable(entry)}
          onClick={() => void action.run('POST', `${base}/approve`)}
          className={`${button} bg-emerald-700 text-white hover:bg-emerald-800`}
        >
          {PHOTO_CHECKS_PAGE_TEXT.approve}
          <span className="sr-only"> {entry.name}</span>
        </button>
        <form onSubmit={reject} noValidate className="flex flex-col gap-2">
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            {PHOTO_CHECKS_PAGE_TEXT.reason}
            <textarea
              name="reason"
              rows={2}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="rounded-lg border border-slate-300 px-3 py-2 font-normal"
            />
          </label>
          {error && (
            <p id={errorId} className="text-sm text-red-700">
              {error}
            </p>
          )}
          <button
            type="submit"
            disabled={action.pending || entry.state === 'pending'}
            className={`${button} self-start bg-red-700 text-white hover:bg-red-800`}
          >
            {PHOTO_CHECKS_PAGE_TEXT.reject}
          </button>
        </form>
      </div>
    </li>
  );
}

/**
 * The staff queue of photos waiting for a second look (issue 31 §4). One decision at a time; its
 * answer is read out above the queue, since the decided photo leaves it.
 */
export function PhotoChecksPage({ queue }: { queue: SecondLookEntry[] }) {
  const action = useAdminAction();
  return (
    <section aria-labelledby="photo-checks-title" className="flex flex-col gap-4">
      <h1 id="photo-checks-title" className="text-2xl font-bold text-slate-900">
        {PHOTO_CHECKS_PAGE_TEXT.title}
      </h1>
      <p className="max-w-3xl text-sm text-slate-700">{PHOTO_CHECKS_PAGE_TEXT.lead}</p>
      <ActionOutcome outcome={action.outcome} />
      {queue.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-700">{PHOTO_CHECKS_PAGE_TEXT.empty}</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {queue.map((entry) => (
            <QueuedPhoto key={entry.photoId} entry={entry} action={action} />
          ))}
        </ul>
      )}
    </section>
  );
}
