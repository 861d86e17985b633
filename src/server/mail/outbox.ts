import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { withoutQueryParams } from '../http/error-log.ts';
import type { JobQueue, RetryPolicy } from '../jobs/queue.ts';
import type { Mailer, OutgoingMail } from './mailer.ts';
import { mailMessages, outboundEmails } from './tables.ts';

/**
 * E-mail through the job queue (docs/decisions/0033-mail-through-the-queue.md): a module queues
 * an e-mail in the transaction of the row that causes it; the `mail.send` worker delivers it
 * with retries, at most once per e-mail as far as this side can tell.
 */
export const MAIL_QUEUE = 'mail.send';
/** Where pg-boss copies a delivery job that ran out of attempts: its worker marks the e-mail failed. */
export const MAIL_GAVE_UP_QUEUE = 'mail.gave-up';

/**
 * 11 attempts: waits of about 0.5–1, 1–2, 2–4, 4–8, 8–16, 16–32, 32–60 min, then 60 min three
 * times (pg-boss doubles from 30 s with jitter, capped at an hour), so an SMTP outage of up to
 * about 4 hours loses nothing. An attempt may run 5 minutes (SMTP timeouts keep it far shorter).
 */
export const MAIL_RETRY = {
  retryLimit: 10,
  retryDelaySeconds: 30,
  retryBackoff: true,
  retryDelayMaxSeconds: 60 * 60,
  expireInSeconds: 5 * 60,
} as const satisfies RetryPolicy;

/**
 * Where no NOTIFY reaches the process, an idle worker looks for mail every half second (pg-boss's
 * minimum): mail is what people wait for. With NOTIFYs, new mail wakes it at once.
 */
export const MAIL_POLLING_INTERVAL_SECONDS = 0.5;

/**
 * E-mails one process hands over at once: a burst (a campaign's leads, 50 sign-ups) is sent side by
 * side, while a mail server sees no more connections from us than a small office's clients would
 * open (many refuse a client that opens dozens). Decision 0089.
 */
export const MAIL_CONCURRENCY = 5;

/**
 * How long an attempt holds an e-mail it claimed. A crashed attempt's e-mail becomes claimable
 * again after it; the job's own expiry is as long, so pg-boss's retry never finds it still held.
 */
export const MAIL_LEASE_SECONDS = MAIL_RETRY.expireInSeconds;

/** The delivery job's data: the e-mail row, never the message (so a job names, the row decides). */
export interface MailJob {
  emailId: number;
}

export interface QueuedMail extends OutgoingMail {
  /** What the e-mail is for, e.g. 'verify-email' (logs and look-ups). */
  purpose: string;
  /** Names the business event, e.g. `contact-enquiry:42`: queuing the same key again is a no-op. */
  key: string;
}

export interface MailOutbox {
  /**
   * Writes the e-mail and its delivery job through `db`. Pass the transaction that writes the row
   * causing the e-mail: both then exist exactly when that transaction commits. Resolves to the
   * e-mail's id and whether this call queued it (false: its key was queued before).
   */
  enqueue(db: Database, mail: QueuedMail): Promise<{ id: number; queued: boolean }>;
  /**
   * Whether an e-mail with this key was queued (a job that queues mail checks it to run once).
   * Call it in the transaction that would queue the e-mail: it holds the key until that ends, so
   * a second run of the same job at the same moment waits here and then finds the e-mail.
   */
  isQueued(tx: Database, key: string): Promise<boolean>;
  /** How many e-mails for `purpose` were queued to `to` since `since` (a per-recipient cap). */
  countQueuedTo(tx: Database, to: string, purpose: string, since: Date): Promise<number>;
  /**
   * An erased account's e-mails (issue 34 §3), in the erasure's transaction: every row to `email`
   * stays as the record of what was sent, addressed to `placeholder`, without subject, body or the
   * server's last error; one still to be sent is given up (`NOT_SENT_ERASED`), so no attempt
   * claims it once the erasure commits. The erasure's own goodbye (data-rights/mails.ts) is queued
   * after this call, so it goes once. The dev mailbox's copies go.
   */
  forgetRecipient(tx: Database, email: string, placeholder: string): Promise<void>;
  /** The e-mails queued to `email` in any casing, oldest first: what, when and how it went (a customer's export). */
  sentTo(
    email: string,
  ): Promise<{ purpose: string; subject: string; status: string; queuedAt: string; sentAt: string | null }[]>;
}

export interface MailLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface MailQueueOptions {
  db: Database;
  jobs: JobQueue;
  transport: Mailer;
  /** MAIL_FROM: its domain names the Message-IDs. */
  from: string;
  log: MailLogger;
  /** Overrides of MAIL_RETRY (tests wait seconds, not minutes). */
  retry?: RetryPolicy;
  pollingIntervalSeconds?: number;
  leaseSeconds?: number;
  /** Hears how each attempt ended, in the process that made it (the metrics' e-mail counter). */
  onOutcome?: (outcome: MailOutcome, purpose: string) => void;
}

/** An attempt handed the e-mail over (`sent`), failed for now (`retry`), or the e-mail is given up (`failed`). */
export type MailOutcome = 'sent' | 'retry' | 'failed';

export type MailQueue = MailOutbox & {
  /** Registers the delivery worker and the give-up worker on the job queue (before it starts). */
  registerWorkers(): Promise<void>;
  /** One delivery attempt of an e-mail, as the `mail.send` worker runs it. */
  deliver(emailId: number): Promise<void>;
  /**
   * Deletes what is settled and older than `before`: e-mails sent (by when they went) or failed
   * (by their last change), and dev mailbox messages. Pending and sending e-mails stay. The
   * retention must outlast any job that may still look an e-mail up by its key (decision 0089).
   */
  pruneSettled(before: Date): Promise<{ emails: number; devMailbox: number }>;
};

/** What an erased account's e-mails say in place of their subject. */
export const ERASED_SUBJECT = '(e-mail to an erased account)';
/** Why an e-mail still to be sent when its recipient's account was erased was given up. */
export const NOT_SENT_ERASED = 'Not sent: its recipient’s account was erased.';

/** The first key of isQueued's advisory locks (the second is the e-mail key's hash): their own space. */
const QUEUED_KEY_LOCKS = 3303;

/** The domain of MAIL_FROM's address, for Message-IDs. */
export function messageIdDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from.trim());
  return match?.[1]?.toLowerCase() ?? 'sevadocs.invalid';
}

/** nodemailer's verdict that retrying cannot help: the server refused this message or recipient with a 5xx. */
function refusedForGood(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  return (
    (code === 'EENVELOPE' || code === 'EMESSAGE') &&
    typeof responseCode === 'number' &&
    responseCode >= 500 &&
    responseCode < 600
  );
}

/** What last_error keeps of a failed attempt: never a failed query's values (the e-mail itself). */
function describe(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${withoutQueryParams(error.message)}` : String(error);
  return text.slice(0, 2000);
}

export function createMailQueue(options: MailQueueOptions): MailQueue {
  const { db, jobs, transport, log, onOutcome = () => {} } = options;
  const domain = messageIdDomain(options.from);
  const leaseSeconds = options.leaseSeconds ?? MAIL_LEASE_SECONDS;
  const e = outboundEmails;

  /** Takes the e-mail for this attempt if nobody holds it and it is not settled; null otherwise. */
  async function claim(emailId: number) {
    const [row] = await db
      .update(e)
      .set({
        status: 'sending',
        attempts: sql`${e.attempts} + 1`,
        leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
      })
      .where(
        and(eq(e.id, emailId), or(eq(e.status, 'pending'), and(eq(e.status, 'sending'), lt(e.leaseUntil, sql`now()`)))),
      )
      .returning();
    return row ?? null;
  }

  /** Marks the e-mail sent; `whileHeld`: only if still `sending` (says whether it did). */
  async function markSent(on: Database, emailId: number, whileHeld = false): Promise<boolean> {
    const marked = await on
      .update(e)
      .set({
        status: 'sent',
        sentAt: sql`now()`,
        leaseUntil: null,
        lastError: null,
        text: null,
        html: null,
        replyTo: null,
      })
      .where(and(eq(e.id, emailId), whileHeld ? eq(e.status, 'sending') : undefined))
      .returning({ id: e.id });
    return marked.length > 0;
  }

  async function deliver(emailId: number): Promise<void> {
    const row = await claim(emailId);
    if (!row) {
      const [current] = await db
        .select({ status: e.status, leaseUntil: e.leaseUntil })
        .from(e)
        .where(eq(e.id, emailId));
      if (!current) {
        log.warn({ emailId }, 'a queued e-mail is gone: nothing to send');
        return;
      }
      // Another attempt holds it (a repeated job while one runs): try again once its lease is over.
      if (current.status === 'sending') {
        throw new Error(`e-mail ${emailId} is held by another attempt until ${current.leaseUntil?.toISOString()}`);
      }
      // Sent or failed already: a repeated job does nothing.
      return;
    }
    const envelope = {
      to: row.to,
      subject: row.subject,
      text: row.text ?? '',
      html: row.html ?? '',
      replyTo: row.replyTo,
      fromName: row.fromName,
      messageId: row.messageId,
    };
    try {
      if (transport.kind === 'dev-mailbox') {
        // The dev mailbox is a table: storing the message and marking it sent commit together, and
        // only while this attempt still holds it: an erasure since the claim gave it up, and its
        // copy must not outlive the erasure's deletion of the others.
        const stored = await db.transaction(async (tx) => {
          if (!(await markSent(tx, emailId, true))) return false;
          await transport.send(envelope, { db: tx });
          return true;
        });
        if (stored) onOutcome('sent', row.purpose);
        return;
      }
      await transport.send(envelope);
    } catch (error) {
      const final = refusedForGood(error);
      await db
        .update(e)
        .set({ status: final ? 'failed' : 'pending', leaseUntil: null, lastError: describe(error) })
        .where(and(eq(e.id, emailId), eq(e.status, 'sending')));
      onOutcome(final ? 'failed' : 'retry', row.purpose);
      if (final) {
        log.error(
          { err: error, emailId, purpose: row.purpose, attempts: row.attempts },
          'the mail server refused an e-mail for good; it is marked failed',
        );
        return;
      }
      throw error;
    }
    // Handed to the server. A crash before this line leaves the e-mail held until its lease ends,
    // and then sends it again with the same Message-ID (the one duplicate this design allows).
    await markSent(db, emailId);
    onOutcome('sent', row.purpose);
  }

  return {
    async enqueue(on, mail) {
      // A savepoint inside the caller's transaction (or a transaction of its own): the row and
      // the job are written together or not at all.
      return on.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(e)
          .values({
            key: mail.key,
            purpose: mail.purpose,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            replyTo: mail.replyTo ?? null,
            fromName: mail.fromName ?? null,
            messageId: `<${randomUUID()}@${domain}>`,
          })
          .onConflictDoNothing({ target: e.key })
          .returning({ id: e.id });
        if (!inserted) {
          const [existing] = await tx.select({ id: e.id }).from(e).where(eq(e.key, mail.key));
          if (!existing) throw new Error(`e-mail ${mail.key} was neither queued nor found`);
          return { id: existing.id, queued: false };
        }
        await jobs.send<MailJob>(MAIL_QUEUE, { emailId: inserted.id }, { tx });
        return { id: inserted.id, queued: true };
      });
    },

    async countQueuedTo(tx, to, purpose, since) {
      const [row] = await tx
        .select({ n: count() })
        .from(e)
        .where(and(eq(e.to, to), eq(e.purpose, purpose), gte(e.createdAt, since)));
      return row?.n ?? 0;
    },

    async isQueued(tx, key) {
      await tx.execute(sql`select pg_advisory_xact_lock(${QUEUED_KEY_LOCKS}, hashtext(${key}))`);
      const [row] = await tx.select({ id: e.id }).from(e).where(eq(e.key, key)).limit(1);
      return row !== undefined;
    },

    async forgetRecipient(tx, email, placeholder) {
      // An attempt's claim waits on this row until the erasure commits, then finds it settled. One
      // claimed before keeps the address it read: its hand-over, already under way, is not recalled.
      const unsent = inArray(e.status, ['pending', 'sending']);
      await tx
        .update(e)
        .set({
          to: placeholder,
          subject: ERASED_SUBJECT,
          text: null,
          html: null,
          replyTo: null,
          leaseUntil: null,
          status: sql`case when ${unsent} then 'failed' else ${e.status} end`,
          // A mail server's refusal often quotes the address (or its local part) it refused.
          lastError: sql`case when ${unsent} then ${NOT_SENT_ERASED} end`,
        })
        .where(sql`lower(${e.to}) = ${email.toLowerCase()}`);
      await tx.delete(mailMessages).where(sql`lower(${mailMessages.to}) = ${email.toLowerCase()}`);
    },

    async sentTo(email) {
      const rows = await db
        .select({ purpose: e.purpose, subject: e.subject, status: e.status, createdAt: e.createdAt, sentAt: e.sentAt })
        .from(e)
        .where(sql`lower(${e.to}) = ${email.toLowerCase()}`)
        .orderBy(asc(e.createdAt), asc(e.id));
      return rows.map((row) => ({
        purpose: row.purpose,
        subject: row.subject,
        status: row.status,
        queuedAt: row.createdAt.toISOString(),
        sentAt: row.sentAt?.toISOString() ?? null,
      }));
    },

    deliver,

    async pruneSettled(before) {
      const emails = await db
        .delete(e)
        .where(
          or(and(eq(e.status, 'sent'), lt(e.sentAt, before)), and(eq(e.status, 'failed'), lt(e.updatedAt, before))),
        )
        .returning({ id: e.id });
      const devMailbox = await db
        .delete(mailMessages)
        .where(lt(mailMessages.createdAt, before))
        .returning({ id: mailMessages.id });
      return { emails: emails.length, devMailbox: devMailbox.length };
    },

    async registerWorkers() {
      await jobs.work<MailJob>(
        MAIL_GAVE_UP_QUEUE,
        async ({ data: { emailId } }) => {
          const [row] = await db
            .update(e)
            .set({ status: 'failed', leaseUntil: null })
            .where(and(eq(e.id, emailId), inArray(e.status, ['pending', 'sending'])))
            .returning({ purpose: e.purpose, attempts: e.attempts, lastError: e.lastError });
          if (!row) return;
          onOutcome('failed', row.purpose);
          log.error({ emailId, ...row }, 'gave up sending an e-mail after its last attempt; it is marked failed');
        },
        { retryLimit: 5, retryDelaySeconds: 60, retryBackoff: true },
      );
      await jobs.work<MailJob>(MAIL_QUEUE, (job) => deliver(job.data.emailId), {
        ...MAIL_RETRY,
        ...options.retry,
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? MAIL_POLLING_INTERVAL_SECONDS,
        concurrency: MAIL_CONCURRENCY,
        deadLetter: MAIL_GAVE_UP_QUEUE,
      });
    },
  };
}
