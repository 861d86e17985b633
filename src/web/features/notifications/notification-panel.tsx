import { Link } from 'react-router';
import {
  NOTIFICATION_MESSAGES,
  type Notification,
  type NotificationList,
  notificationHref,
  notificationLines,
} from '../../../domain/notifications/notification.ts';
import { Icon } from '../../components/ui/icon.tsx';
import type { IconName } from '../../components/ui/icon-names.ts';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function iconFor(orderId: string | null): IconName {
  if (!orderId) return 'bell';
  return orderId.startsWith('DOC') ? 'file-text' : 'camera';
}

interface NotificationPanelProps {
  list: NotificationList | null;
  loading: boolean;
  /** Deletes a notification (SPEC.md §4: a click on the row or on its close button). */
  onRemove(id: number): void;
  /** A row's link was followed: the panel closes. */
  onNavigate(): void;
  /** The id of the panel's title, for the popover's aria-labelledby. */
  titleId: string;
}

/** SPEC.md §2 notification panel: title with the count, the empty text, and 1–3 labelled lines per item. */
export function NotificationPanel({ list, loading, onRemove, onNavigate, titleId }: NotificationPanelProps) {
  const notifications = list?.notifications ?? [];
  return (
    <div className="flex max-h-[min(32rem,calc(100dvh-6rem))] flex-col">
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <h2 id={titleId} className="text-base font-bold text-slate-900">
          {NOTIFICATION_MESSAGES.title}{' '}
          <span className="ml-1 inline-flex min-w-6 items-center justify-center rounded-full bg-brand-50 px-2 py-0.5 text-xs font-bold text-brand-700">
            <span className="sr-only">(</span>
            {list?.totalCount ?? 0}
            <span className="sr-only">)</span>
          </span>
        </h2>
        {loading ? (
          <span role="status" className="inline-flex items-center gap-1.5 text-xs text-slate-600">
            <Icon name="loader-circle" className="size-4 animate-spin" />
            Loading…
          </span>
        ) : null}
      </div>

      {notifications.length === 0 ? (
        list === null && loading ? (
          <p className="px-4 py-8 text-center text-sm text-slate-600">Loading your notifications…</p>
        ) : (
          <p className="flex flex-col items-center gap-2 px-6 py-10 text-center text-sm text-slate-600">
            <Icon name="inbox" className="size-8 text-slate-400" />
            {NOTIFICATION_MESSAGES.empty}
          </p>
        )
      ) : (
        <ul className="divide-y divide-slate-100 overflow-y-auto overscroll-contain">
          {notifications.map((n) => (
            <NotificationItem key={n.id} notification={n} onRemove={onRemove} onNavigate={onNavigate} />
          ))}
        </ul>
      )}
    </div>
  );
}

function NotificationItem({
  notification: n,
  onRemove,
  onNavigate,
}: {
  notification: Notification;
  onRemove(id: number): void;
  onNavigate(): void;
}) {
  const href = notificationHref(n);
  const lines = notificationLines(n);
  const created = dateFormat.format(new Date(n.createdAt));
  // The delete button says which notification it deletes, in its own words and time: named only
  // "Delete notification" (or by an order two may share), several read the same (review 62 §7).
  const what = `${lines.map((line) => line.value).join('. ')} (${created})`;
  const body = (
    <>
      <span
        className={`mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-full ${
          n.isRead ? 'bg-slate-100 text-slate-500' : 'bg-brand-50 text-brand-700'
        }`}
      >
        <Icon name={iconFor(n.orderId)} className="size-4.5" />
      </span>
      <span className="min-w-0 flex-1">
        {n.orderId ? <span className="block text-sm font-bold text-slate-900">{n.orderId}</span> : null}
        {lines.map((line) =>
          line.label ? (
            <span key={line.label} className="block text-sm text-slate-700">
              <span className="font-semibold text-slate-900">{line.label}:</span> {line.value}
            </span>
          ) : (
            // Not about an order: a plain message.
            <span key={line.value} className="block text-sm font-medium text-slate-900">
              {line.value}
            </span>
          ),
        )}
        <time dateTime={n.createdAt} className="mt-1 block text-xs text-slate-500">
          {created}
        </time>
      </span>
    </>
  );
  const rowClass =
    'flex w-full items-start gap-3 py-3 pr-2 pl-4 text-left hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-offset-[-3px]';
  return (
    <li className={`relative flex items-start ${n.isRead ? '' : 'bg-brand-50/40'}`} data-notification-id={n.id}>
      {href ? (
        <Link
          to={href}
          className={rowClass}
          onClick={() => {
            onRemove(n.id);
            onNavigate();
          }}
        >
          {body}
        </Link>
      ) : (
        <button type="button" className={rowClass} onClick={() => onRemove(n.id)}>
          {body}
        </button>
      )}
      <button
        type="button"
        aria-label={n.orderId ? `Delete notification about ${n.orderId}: ${what}` : `Delete notification: ${what}`}
        onClick={() => onRemove(n.id)}
        className="mt-2 mr-2 inline-flex size-8 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800"
      >
        <Icon name="x" className="size-4" />
      </button>
    </li>
  );
}
