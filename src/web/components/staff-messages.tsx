import { STAFF_MESSAGES_TEXT, type StaffMessage } from '../../domain/orders/staff-messages.ts';
import { dateTime } from '../lib/order-format.ts';
import { Panel } from './ui/panel.tsx';

/**
 * The messages staff sent the customer about their order, newest first (as the server lists
 * them): the latest is what a notification or e-mail brought them here for, and what they may
 * have to act on, so it leads instead of trailing a long history. Kept apart from the timeline,
 * which records status changes oldest first. Nothing when staff sent none.
 */
export function StaffMessages({ messages }: { messages: readonly StaffMessage[] }) {
  if (messages.length === 0) return null;
  return (
    <Panel id="order-messages" title={STAFF_MESSAGES_TEXT.title}>
      <p className="mt-1 text-sm text-slate-600">{STAFF_MESSAGES_TEXT.lead}</p>
      <ol className="mt-4 space-y-4">
        {messages.map((message) => (
          // Sent to the millisecond: with its words, no two messages of an order share it.
          <li key={`${message.sentAt} ${message.body}`} className="rounded-xl border border-slate-200 bg-white p-4">
            <p className="text-sm text-slate-600">
              {STAFF_MESSAGES_TEXT.sent} <time dateTime={message.sentAt}>{dateTime(message.sentAt)}</time>
            </p>
            {/*
              Staff's line breaks kept, as the e-mail keeps them. A long link wraps anywhere, so it
              cannot widen the page's grid column past a 390 px screen.
            */}
            <p className="mt-1.5 whitespace-pre-line wrap-anywhere text-[0.95rem] text-slate-800">{message.body}</p>
          </li>
        ))}
      </ol>
    </Panel>
  );
}
