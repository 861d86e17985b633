import { desc } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '../db/client.ts';
import { mailMessages } from './tables.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface StoredMail extends OutgoingMail {
  id: number;
  links: string[];
  createdAt: Date;
}

export interface Mailer {
  /** 'smtp' delivers through the configured server; 'dev-mailbox' keeps messages in the database. */
  kind: 'smtp' | 'dev-mailbox';
  send(mail: OutgoingMail): Promise<void>;
  /** The dev mailbox, newest first (empty with SMTP). */
  outbox(limit?: number): Promise<StoredMail[]>;
}

/** Every http(s) link in the message, in order, without duplicates (tests and the dev mailbox follow them). */
export function extractLinks(mail: Pick<OutgoingMail, 'text' | 'html'>): string[] {
  const found = [...`${mail.html}\n${mail.text}`.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) =>
    m[0].replace(/&amp;/g, '&'),
  );
  return [...new Set(found)];
}

export function createMailer({ db, smtpUrl, from }: { db: Database; smtpUrl?: string; from: string }): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from, ...mail });
      },
      outbox: async () => [],
    };
  }
  return {
    kind: 'dev-mailbox',
    async send(mail) {
      await db.insert(mailMessages).values({ ...mail, links: extractLinks(mail) });
    },
    async outbox(limit = 50) {
      return db.select().from(mailMessages).orderBy(desc(mailMessages.id)).limit(limit);
    },
  };
}
