import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { loadOnce } from '../lib/load-once.ts';
import { mailMessages } from './tables.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes, when not to MAIL_FROM (a no-reply address): support, or the customer a notice is about. */
  replyTo?: string | null;
  /**
   * The name to send as instead of MAIL_FROM's, at MAIL_FROM's address: a SevaPhotos customer
   * bought from SevaPhotos, and an e-mail signed by it but sent as SevaDocs reads as someone else's.
   */
  fromName?: string | null;
}

export interface StoredMail extends OutgoingMail {
  id: number;
  replyTo: string | null;
  fromName: string | null;
  links: string[];
  createdAt: Date;
}

/** One message as the transport hands it over. */
export interface Envelope extends OutgoingMail {
  /** The Message-ID header (with its angle brackets); the same on every attempt of one e-mail. */
  messageId?: string;
}

/**
 * The transport under the mail queue: only the queue's worker (src/server/mail/outbox.ts) sends
 * through it. Modules queue e-mail with the outbox instead, in their own transaction.
 */
export interface Mailer {
  /** 'smtp' delivers through the configured server; 'dev-mailbox' keeps messages in the database. */
  kind: 'smtp' | 'dev-mailbox';
  /**
   * Hands one message over. The dev mailbox stores it through `db` when given (the worker's
   * transaction, so storing it and marking it sent commit together).
   */
  send(mail: Envelope, options?: { db?: Database }): Promise<void>;
  /** The dev mailbox, newest first (empty with SMTP). */
  outbox(query?: OutboxQuery): Promise<StoredMail[]>;
}

/** Which of the dev mailbox's e-mails to read: the newest `limit` (default 50), to `to` only when given. */
export interface OutboxQuery {
  limit?: number;
  /** One recipient, in any case: a test or a developer following one account's e-mail. */
  to?: string;
}

/** The address of a sender such as `SevaDocs <no-reply@sevadocs.example>` (or a bare address). */
export function mailAddressOf(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from.trim())?.[1] ?? from.trim();
}

/** Every http(s) link in the message, in order, without duplicates (tests and the dev mailbox follow them). */
export function extractLinks(mail: Pick<OutgoingMail, 'text' | 'html'>): string[] {
  const found = [...`${mail.html}\n${mail.text}`.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) =>
    m[0].replace(/&amp;/g, '&'),
  );
  return [...new Set(found)];
}

/**
 * SMTP timeouts, in ms. nodemailer's defaults (2 min to connect, 10 min of socket silence) would
 * let one attempt outlive the mail queue's lease; these keep a stuck attempt well inside it.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 } as const;

export function createMailer({ db, smtpUrl, from }: { db: Database; smtpUrl?: string; from: string }): Mailer {
  if (smtpUrl) {
    // nodemailer (~5 MB of heap) loads with the first e-mail sent, not with the server: the
    // embedded default's dev mailbox never needs it (decision 0135). A failed load is not kept:
    // the queue's next attempt loads again.
    const transport = loadOnce(async () => {
      const { default: nodemailer } = await import('nodemailer');
      return nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
    });
    return {
      kind: 'smtp',
      async send({ messageId, replyTo, fromName, ...mail }) {
        await (await transport()).sendMail({
          // nodemailer quotes the name: a brand name with a comma or quote cannot break the header.
          from: fromName ? { name: fromName, address: mailAddressOf(from) } : from,
          ...mail,
          ...(replyTo ? { replyTo } : {}),
          ...(messageId ? { messageId } : {}),
        });
      },
      outbox: async () => [],
    };
  }
  return {
    kind: 'dev-mailbox',
    async send({ messageId: _messageId, ...mail }, options = {}) {
      await (options.db ?? db).insert(mailMessages).values({ ...mail, links: extractLinks(mail) });
    },
    async outbox({ limit = 50, to }: OutboxQuery = {}) {
      return db
        .select()
        .from(mailMessages)
        .where(to === undefined ? undefined : eq(sql`lower(${mailMessages.to})`, to.toLowerCase()))
        .orderBy(desc(mailMessages.id))
        .limit(limit);
    },
  };
}
