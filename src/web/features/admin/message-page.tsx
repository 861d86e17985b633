import { useState } from 'react';
import { Link } from 'react-router';
import { type AdminMessageDetail, replyToMessageSchema } from '../../../domain/admin/messages.ts';
import { ADMIN_ROUTES } from '../../../domain/config/admin-routes.ts';
import { ActionOutcome, useAdminAction } from './use-admin-action.tsx';

const button = 'rounded-lg px-4 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60';

/** One contact message (staff): the message, the replies sent, a reply form and the handled mark. */
export function MessagePage({ detail }: { detail: AdminMessageDetail }) {
  const { message, replies } = detail;
  const action = useAdminAction();
  const [body, setBody] = useState('');
  const [markHandled, setMarkHandled] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const reply = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = replyToMessageSchema.safeParse({ body, markHandled });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Write the reply');
    setError(null);
    if (await action.run('POST', `/admin/messages/${message.id}/reply`, parsed.data)) setBody('');
  };

  return (
    <section aria-labelledby="message-title" className="flex flex-col gap-6">
      <p>
        <Link to={ADMIN_ROUTES.MESSAGES} className="text-sm text-brand-700 hover:underline">
          ← Contact messages
        </Link>
      </p>
      <h1 id="message-title" className="text-2xl font-bold text-slate-900">
        {message.topic} — {message.name}
      </h1>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
        <dt className="font-semibold text-slate-700">Reference</dt>
        <dd className="font-mono">{message.reference ?? '—'}</dd>
        <dt className="font-semibold text-slate-700">E-mail</dt>
        <dd>{message.email}</dd>
        <dt className="font-semibold text-slate-700">Phone</dt>
        <dd>{message.phone}</dd>
        <dt className="font-semibold text-slate-700">Enquiry</dt>
        <dd>{message.enquiryType}</dd>
        <dt className="font-semibold text-slate-700">Received</dt>
        <dd>
          <time dateTime={message.createdAt}>{message.createdAt.slice(0, 16).replace('T', ' ')} UTC</time>
        </dd>
        <dt className="font-semibold text-slate-700">State</dt>
        <dd>{message.handled ? 'Handled' : 'Waiting for us'}</dd>
      </dl>
      <p className="whitespace-pre-line rounded-xl border border-slate-200 bg-white p-4 text-slate-800">
        {message.message}
      </p>

      {replies.length > 0 && (
        <section aria-labelledby="replies-title" className="flex flex-col gap-2">
          <h2 id="replies-title" className="text-lg font-semibold text-slate-900">
            Replies sent
          </h2>
          <ol className="flex flex-col gap-2">
            {replies.map((r) => (
              <li key={r.id} className="rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm">
                <p className="text-slate-600">
                  {r.sentByEmail}, <time dateTime={r.createdAt}>{r.createdAt.slice(0, 16).replace('T', ' ')} UTC</time>
                </p>
                <p className="whitespace-pre-line text-slate-800">{r.body}</p>
              </li>
            ))}
          </ol>
        </section>
      )}

      <form onSubmit={reply} noValidate className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4">
        <h2 className="text-lg font-semibold text-slate-900">Reply by e-mail</h2>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          Your reply to {message.email}
          <textarea
            name="body"
            rows={6}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'reply-error' : undefined}
            className="rounded-lg border border-slate-300 px-3 py-2 font-normal"
          />
        </label>
        {error && (
          <p id="reply-error" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={markHandled} onChange={(event) => setMarkHandled(event.target.checked)} />
          Mark the message handled
        </label>
        <div className="flex flex-wrap gap-2">
          <button
            type="submit"
            disabled={action.pending}
            className={`${button} bg-brand-600 text-white hover:bg-brand-700`}
          >
            Send reply
          </button>
          <button
            type="button"
            disabled={action.pending}
            onClick={() =>
              void action.run('PATCH', `/admin/messages/${message.id}/handled`, { handled: !message.handled })
            }
            className={`${button} border border-slate-300 text-slate-800 hover:bg-slate-100`}
          >
            {message.handled ? 'Mark as waiting' : 'Mark handled without replying'}
          </button>
        </div>
        <ActionOutcome outcome={action.outcome} />
      </form>
    </section>
  );
}
