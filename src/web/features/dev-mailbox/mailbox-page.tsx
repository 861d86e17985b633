import { useCallback, useEffect, useMemo, useState } from 'react';
import { Icon } from '../../components/ui/icon.tsx';
import { api, envelopeOf } from '../../lib/api-client.ts';

export interface StoredMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Sent as this brand, when not MAIL_FROM's name. */
  fromName: string | null;
  links: string[];
  createdAt: string;
}

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** Shows a link as a path when it points at this site. */
function linkLabel(href: string): string {
  try {
    const url = new URL(href);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}` : href;
  } catch {
    return href;
  }
}

/**
 * /dev/mailbox (never in production): the e-mails the app would have sent, newest first, with
 * their links clickable, so sign-up, verification and password reset work without an SMTP server.
 */
export function MailboxPage() {
  const [mails, setMails] = useState<StoredMail[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [filter, setFilter] = useState('');
  const [loading, setLoading] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const { data } = await envelopeOf(api.GET('/api/v1/dev/mailbox', { params: { query: { limit: 100 } } }));
      setMails(data.results);
      setFailed(false);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const shown = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return (mails ?? []).filter((m) => !q || m.to.toLowerCase().includes(q) || m.subject.toLowerCase().includes(q));
  }, [mails, filter]);

  return (
    <div className="page-x py-10">
      <p className="eyebrow">Development only</p>
      <h1 className="mt-1 text-3xl font-bold text-slate-900">Dev mailbox</h1>
      <p className="mt-2 max-w-2xl text-slate-600">
        Without an SMTP server, e-mails are kept here instead of being sent. Newest first. This page does not exist in
        production.
      </p>
      <div className="mt-6 flex flex-wrap items-end gap-3">
        <div className="w-full max-w-sm">
          <label htmlFor="mailbox-filter" className="field-label">
            Filter by recipient or subject
          </label>
          <input
            id="mailbox-filter"
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            className="field-input"
          />
        </div>
        <button
          type="button"
          onClick={() => void load()}
          disabled={loading}
          className="btn-outline px-4 py-2.5 text-sm"
        >
          <Icon name="refresh-cw" className={`size-4 ${loading ? 'animate-spin' : ''}`} />
          Refresh
        </button>
      </div>

      <div className="mt-8" aria-busy={loading}>
        {failed ? (
          <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-900">
            The mailbox could not be loaded.
          </p>
        ) : mails === null ? (
          <p role="status" className="text-slate-600">
            Loading…
          </p>
        ) : shown.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
            No e-mails yet.
          </p>
        ) : (
          <ol className="space-y-4">
            {shown.map((mail) => (
              <li key={mail.id} className="card p-5">
                <article aria-labelledby={`mail-${mail.id}`}>
                  <header className="flex flex-wrap items-baseline justify-between gap-2">
                    <h2 id={`mail-${mail.id}`} className="text-lg font-semibold text-slate-900">
                      {mail.subject}
                    </h2>
                    <time dateTime={mail.createdAt} className="text-sm text-slate-600">
                      {timeFormat.format(new Date(mail.createdAt))}
                    </time>
                  </header>
                  <p className="mt-1 text-sm text-slate-700">
                    {mail.fromName ? (
                      <>
                        From: <span className="font-medium">{mail.fromName}</span> ·{' '}
                      </>
                    ) : null}
                    To: <span className="font-medium">{mail.to}</span>
                  </p>
                  <pre className="mt-3 max-h-64 overflow-auto rounded-xl bg-slate-50 p-3 font-sans text-sm whitespace-pre-wrap text-slate-800">
                    {mail.text}
                  </pre>
                  {mail.links.length > 0 ? (
                    <ul aria-label="Links" className="mt-3 space-y-1">
                      {mail.links.map((href) => (
                        <li key={href}>
                          <a href={href} className="text-sm font-semibold break-all text-brand-700 hover:underline">
                            {linkLabel(href)}
                          </a>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </article>
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}
