import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from '../db/columns.ts';

/**
 * The dev mailbox: with no SMTP configured, outgoing e-mail is kept here and shown at
 * /dev/mailbox (never in production).
 */
export const mailMessages = pgTable('mail_messages', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  replyTo: text('reply_to'),
  /** The brand the e-mail was sent as, when not MAIL_FROM's own name (OutgoingMail.fromName). */
  fromName: text('from_name'),
  links: jsonb('links').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What an outgoing e-mail is doing: `pending` until an attempt claims it, `sending` while one
 * holds its lease, then `sent`, or `failed` once the queue gave up (or the server refused it for
 * good). See docs/decisions/0033-mail-through-the-queue.md.
 */
export type OutboundEmailStatus = 'pending' | 'sending' | 'sent' | 'failed';

/**
 * Every e-mail the app sends. A module writes the row, and the pg-boss job that delivers it, in
 * the transaction of the row that causes the e-mail (the account, the enquiry, …), so both exist
 * exactly when that row does. The delivery job reads the row, so a repeated job sends nothing
 * twice. The body is dropped once sent: the row stays as the record of delivery, without the
 * single-use links some e-mails carry.
 */
export const outboundEmails = pgTable(
  'outbound_emails',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** One per business event (e.g. 'contact-enquiry:42'): queuing the same key again is a no-op. */
    key: text('key').notNull().unique(),
    /** What the e-mail is for, e.g. 'verify-email' (logs and look-ups). */
    purpose: text('purpose').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    /** Null once sent. */
    text: text('text'),
    html: text('html'),
    /** The Reply-To header, when the e-mail has one; null once sent, like the body. */
    replyTo: text('reply_to'),
    /** The sender's name, when not MAIL_FROM's own: a SevaPhotos customer's e-mail comes from SevaPhotos. */
    fromName: text('from_name'),
    /** The Message-ID header, the same on every attempt, so a receiver can drop a repeat. */
    messageId: text('message_id').notNull().unique(),
    status: text('status').$type<OutboundEmailStatus>().notNull().default('pending'),
    /** Attempts that claimed the e-mail (handed it to the transport or tried to). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** While `sending`: no other attempt may claim the e-mail before this time. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('outbound_emails_status_check', sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
    index('outbound_emails_status_idx').on(t.status, t.createdAt),
    // The per-recipient cap on account e-mails counts by address, purpose and time.
    index('outbound_emails_to_idx').on(t.to, t.purpose, t.createdAt),
  ],
);
