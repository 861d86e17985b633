import { ADMIN_ROUTES } from '../../../domain/config/admin-routes.ts';
import type { Database } from '../../db/client.ts';
import type { MailOutbox } from '../../mail/outbox.ts';
import { simpleMail } from '../../mail/simple-template.ts';
import type { DocumentsService } from '../applications/service.ts';
import type { OrdersService, StatusChangeListener } from '../orders/service.ts';
import type { UsersService } from '../users/service.ts';

export const REQUEST_ANSWERED_TEXT = {
  subject: (ref: string) => `${ref} is back with our team: the customer sent what you asked for`,
  heading: 'The customer sent what you asked for',
  intro: (ref: string, title: string) =>
    `Every document asked for on ${ref} (${title}) is in, and the order is back in Order pending for our team.`,
  asked: 'You asked',
  outro: (link: string) => `Open the order on the desk: ${link}`,
} as const;

/**
 * Tells the staff who asked a customer for documents once the last of them is in (walk H: the
 * order only fell back to Order pending, and the desk had to keep looking). A status listener:
 * the move from Forms incomplete to Order pending that the customer's upload makes (by the system),
 * after our team had the order In review. Each member of staff who asked in that round, and is
 * staff still, gets one e-mail with their own notes, queued in the change's transaction and keyed
 * by it (a change is told once).
 */
export function createRequestAnsweredAlert(deps: {
  orders: Pick<OrdersService, 'timeline'>;
  documents: Pick<DocumentsService, 'requestsOf'>;
  users: Pick<UsersService, 'staffEmails'>;
  mail: Pick<MailOutbox, 'enqueue'>;
  /** Where the desk is (staff links take the deployment's own address). */
  siteUrl: string;
  companyName: string;
}) {
  const onStatusChange: StatusChangeListener = async (tx: Database, { order, to, change }) => {
    if (order.kind !== 'service' || to !== 'Order pending' || change.by !== 'system') return;
    if (change.fromStatus !== 'Forms incomplete') return;
    // The round began when our team last took the order In review: its requests are this answer's.
    const timeline = await deps.orders.timeline(order.id, tx);
    const reviewed = timeline.findLast((entry) => entry.status === 'In review');
    if (!reviewed) return;
    const since = Date.parse(reviewed.at);
    const asked = (await deps.documents.requestsOf(order.id, tx)).flatMap(({ requestedByUserId: by, ...r }) =>
      by !== null && r.withdrawnAt === null && r.createdAt.getTime() >= since ? [{ by, note: r.note }] : [],
    );
    if (asked.length === 0) return;
    const staff = await deps.users.staffEmails(
      asked.map((r) => r.by),
      tx,
    );
    const link = `${deps.siteUrl}${ADMIN_ROUTES.ORDERS}/${encodeURIComponent(order.displayId)}`;
    for (const [userId, email] of staff) {
      const notes = asked.filter((r) => r.by === userId).map((r) => r.note);
      await deps.mail.enqueue(tx, {
        ...simpleMail({
          to: email,
          subject: REQUEST_ANSWERED_TEXT.subject(order.displayId),
          heading: REQUEST_ANSWERED_TEXT.heading,
          intro: [REQUEST_ANSWERED_TEXT.intro(order.displayId, order.title)],
          details: notes.map((note) => [REQUEST_ANSWERED_TEXT.asked, note] as [string, string]),
          outro: [REQUEST_ANSWERED_TEXT.outro(link)],
          signature: `${deps.companyName} back office`,
        }),
        purpose: 'desk-request-answered',
        key: `desk-request-answered:${order.id}:${change.at}:${userId}`,
      });
    }
  };
  return { onStatusChange };
}
