import type {
  AdminMessage,
  AdminMessageDetail,
  AdminMessageListQuery,
  AdminReply,
} from '../../../domain/admin/messages.ts';
import type { ListData } from '../../../domain/api/envelope.ts';
import { contactTopicLabel, enquiryTypeLabel } from '../../../domain/contact/options.ts';
import type { Database } from '../../db/client.ts';
import type { MailOutbox } from '../../mail/outbox.ts';
import { simpleMail } from '../../mail/simple-template.ts';
import type { AuditLog, StaffActor } from '../audit/service.ts';
import { createContactRepository, type EnquiryRow, type ReplyRow } from './repository.ts';

export interface ContactInboxDeps {
  mail: Pick<MailOutbox, 'enqueue'>;
  /** Required for replies and the handled mark (a service built without it only reads). */
  audit?: Pick<AuditLog, 'record'>;
  contact: { companyName: string; tollFreeNumber: string; supportEmail: string };
  now: () => Date;
}

export type InboxChange = { ok: true; message: AdminMessage } | { ok: false; reason: 'not-found' };

function toMessage(row: EnquiryRow, replyCount: number): AdminMessage {
  return {
    id: row.id,
    reference: row.reference,
    name: row.name,
    email: row.email,
    phone: row.phone,
    enquiryType: enquiryTypeLabel(row.enquiryType),
    topic: contactTopicLabel(row.topic),
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    handled: row.handledAt !== null,
    handledAt: row.handledAt?.toISOString() ?? null,
    replyCount,
  };
}

function toReply(row: ReplyRow): AdminReply {
  return { id: row.id, body: row.body, sentByEmail: row.sentByEmail, createdAt: row.createdAt.toISOString() };
}

const SUBJECT = { type: 'contact-message' } as const;

/**
 * The contact form's inbox for staff (issue 13 item 7, decision 0069): read, reply by e-mail
 * through the outbox (the reply, its e-mail and its audit entry in one transaction), mark handled.
 */
export function createContactInbox(db: Database, deps: ContactInboxDeps) {
  const repository = createContactRepository(db);
  const audit = (): Pick<AuditLog, 'record'> => {
    if (!deps.audit) throw new Error('the contact service was built without the audit log');
    return deps.audit;
  };

  return {
    async adminListMessages(query: AdminMessageListQuery): Promise<ListData<AdminMessage>> {
      const { rows, total } = await repository.adminList(query);
      const counts = await repository.replyCounts(rows.map((r) => r.id));
      return {
        results: rows.map((row) => toMessage(row, counts.get(row.id) ?? 0)),
        totalCount: total,
        page: query.page,
        limit: query.limit,
      };
    },

    async adminGetMessage(id: number): Promise<AdminMessageDetail | null> {
      const row = await repository.findById(id);
      if (!row) return null;
      const replies = await repository.listReplies(id);
      return { message: toMessage(row, replies.length), replies: replies.map(toReply) };
    },

    /** Stores the reply, queues its e-mail to the sender and, unless told not to, marks the message handled. */
    async reply(
      actor: StaffActor,
      id: number,
      { body, markHandled }: { body: string; markHandled: boolean },
    ): Promise<InboxChange> {
      return db.transaction(async (tx): Promise<InboxChange> => {
        const inbox = createContactRepository(tx);
        const row = await inbox.lockById(id);
        if (!row) return { ok: false, reason: 'not-found' };
        const reply = await inbox.insertReply({
          enquiryId: id,
          body,
          sentByUserId: actor.id,
          sentByEmail: actor.email,
        });
        const about = row.reference ? `your enquiry ${row.reference}` : 'your enquiry';
        // Nothing typed into the form goes back (name, message), as with the acknowledgement: the
        // address was never proved, and a reply must not carry a stranger's words to someone else.
        await deps.mail.enqueue(tx, {
          ...simpleMail({
            to: row.email,
            subject: `Re: ${about}`,
            heading: 'Hello,',
            intro: body
              .split(/\n{2,}/)
              .map((p) => p.trim())
              .filter(Boolean),
            outro: [
              `Reply to ${deps.contact.supportEmail} or call us toll-free on ${deps.contact.tollFreeNumber}${row.reference ? `, quoting ${row.reference}` : ''}.`,
            ],
            signature: `The ${deps.contact.companyName} team`,
            // A reply to staff's answer reaches support, not the no-reply sender.
            replyTo: deps.contact.supportEmail,
          }),
          purpose: 'contact-reply',
          key: `contact-reply:${reply.id}`,
        });
        const handled = markHandled && row.handledAt === null;
        const updated = handled ? await inbox.setHandled(id, { at: deps.now(), userId: actor.id }) : row;
        await audit().record(tx, {
          actor,
          action: 'contact.reply',
          subject: { ...SUBJECT, id },
          after: { replyId: reply.id, ...(handled ? { handled: true } : {}) },
          ...(handled ? { before: { handled: false } } : {}),
        });
        const count = (await inbox.replyCounts([id])).get(id) ?? 0;
        return { ok: true, message: toMessage(updated, count) };
      });
    },

    /** Marks the message handled, or waiting again; unchanged when it already is. */
    async setHandled(actor: StaffActor, id: number, handled: boolean): Promise<InboxChange> {
      return db.transaction(async (tx): Promise<InboxChange> => {
        const inbox = createContactRepository(tx);
        const row = await inbox.lockById(id);
        if (!row) return { ok: false, reason: 'not-found' };
        let updated = row;
        if ((row.handledAt !== null) !== handled) {
          updated = await inbox.setHandled(id, handled ? { at: deps.now(), userId: actor.id } : null);
          await audit().record(tx, {
            actor,
            action: handled ? 'contact.handled' : 'contact.reopened',
            subject: { ...SUBJECT, id },
            before: { handled: !handled },
            after: { handled },
          });
        }
        const count = (await inbox.replyCounts([id])).get(id) ?? 0;
        return { ok: true, message: toMessage(updated, count) };
      });
    },
  };
}
