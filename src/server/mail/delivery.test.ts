import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JOBS_SCHEMA } from '../jobs/queue.ts';
import { samplesOf } from '../metrics/testing.ts';
import { signUpRequests } from '../modules/auth/tables.ts';
import { signUpBody } from '../modules/auth/testing.ts';
import { users } from '../modules/users/tables.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { type SmtpFake, startSmtpFake } from '../test/smtp-fake.ts';
import { MAIL_GAVE_UP_QUEUE, MAIL_QUEUE } from './outbox.ts';
import { outboundEmails } from './tables.ts';

/**
 * E-mail through the job queue against a real SMTP conversation: a fake server on loopback that
 * can be switched off and on (docs/decisions/0033-mail-through-the-queue.md).
 */

const waitFor = <T>(check: () => T | Promise<T>, timeout = 15_000) => vi.waitFor(check, { timeout, interval: 100 });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function emailTo(t: TestApp, to: string) {
  const rows = await t.database.db.select().from(outboundEmails).where(eq(outboundEmails.to, to));
  if (rows.length !== 1) throw new Error(`expected one e-mail to ${to}, found ${rows.length}`);
  return rows[0] as typeof outboundEmails.$inferSelect;
}

async function jobStates(t: TestApp, name: string, emailId: number): Promise<string[]> {
  const { rows } = await t.database.executeSql(
    `select state from ${JOBS_SCHEMA}.job where name = $1 and (data->>'emailId')::int = $2 order by created_on`,
    [name, emailId],
  );
  return (rows as { state: string }[]).map((r) => r.state);
}

/** What the app's /metrics counts of sign-up e-mails with this result (sent, retry, failed). */
async function verifyEmailsCounted(t: TestApp, result: string): Promise<number> {
  const samples = samplesOf(await t.app.metrics.render(), 'sevadocs_emails_total');
  return samples.find((s) => s.labels.purpose === 'verify-email' && s.labels.result === result)?.value ?? 0;
}

function signUp(t: TestApp, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: body });
}

describe('with the queue running and SMTP that goes away', () => {
  let smtp: SmtpFake;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpFake();
    t = await buildTestApp(
      { SMTP_URL: smtp.url, SITE_URL: 'https://sevadocs.test', MAIL_FROM: 'SevaDocs <no-reply@sevadocs.test>' },
      // Retries a second apart instead of minutes: the outage below lasts a few of them.
      { jobs: 'workers', mail: { retry: { retryDelaySeconds: 1, retryBackoff: false } } },
    );
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('a sign-up while SMTP is down succeeds, and its e-mail arrives exactly once when SMTP is back', async () => {
    await smtp.stop();
    const body = signUpBody();
    const res = await signUp(t, body);
    expect(res.statusCode).toBe(201);
    // The sign-up's job makes the account and queues its e-mail.
    await waitFor(async () => {
      const [account] = await t.database.db.select().from(users).where(eq(users.email, body.email));
      expect(account).toMatchObject({ emailVerifiedAt: null });
    });

    // The queue tries, fails (connection refused) and keeps the e-mail for a retry.
    await waitFor(async () => {
      const row = await emailTo(t, body.email);
      expect(row.attempts).toBeGreaterThanOrEqual(2);
      expect(row.status).toBe('pending');
      expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    });
    expect(smtp.received).toEqual([]);

    await smtp.start();
    await waitFor(() => expect(smtp.received.filter((m) => m.to.includes(body.email))).toHaveLength(1));
    const row = await emailTo(t, body.email);
    await waitFor(async () => expect((await emailTo(t, body.email)).status).toBe('sent'));
    // Several polls and retry delays later, still one.
    await sleep(2_500);
    const delivered = smtp.received.filter((m) => m.to.includes(body.email));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({
      from: 'no-reply@sevadocs.test',
      subject: 'Verify your email for SevaDocs',
      messageId: row.messageId,
    });
    expect(row.messageId).toMatch(/^<[0-9a-f-]{36}@sevadocs\.test>$/);
    expect(delivered[0]?.data).toContain('https://sevadocs.test/verify-email?token=');

    const sent = await emailTo(t, body.email);
    expect(sent).toMatchObject({ status: 'sent', text: null, html: null, leaseUntil: null, lastError: null });
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(await jobStates(t, MAIL_QUEUE, sent.id)).toEqual(['completed']);
    // The metrics count each failed attempt and the one delivery.
    expect(await verifyEmailsCounted(t, 'retry')).toBeGreaterThanOrEqual(2);
    expect(await verifyEmailsCounted(t, 'sent')).toBe(1);
  });

  it('a job repeated after a successful send sends nothing more', async () => {
    const body = signUpBody();
    expect((await signUp(t, body)).statusCode).toBe(201);
    await waitFor(async () => expect((await emailTo(t, body.email)).status).toBe('sent'));
    const { id } = await emailTo(t, body.email);

    // pg-boss delivers at least once: the same job again, by the queue and by hand.
    await t.app.jobs.send(MAIL_QUEUE, { emailId: id });
    await waitFor(async () => expect(await jobStates(t, MAIL_QUEUE, id)).toEqual(['completed', 'completed']));
    await t.app.mail.deliver(id);
    await sleep(1_000);
    expect(smtp.received.filter((m) => m.to.includes(body.email))).toHaveLength(1);
    expect((await emailTo(t, body.email)).attempts).toBe(1);
    // Counted once: the repeats sent nothing (this e-mail and the first test's).
    expect(await verifyEmailsCounted(t, 'sent')).toBe(2);
  });

  it('hands the server the Reply-To an e-mail was queued with, and keeps it no longer than the body', async () => {
    const to = 'reply-to@example.com';
    const { id } = await t.app.mail.enqueue(t.database.db, {
      key: 'test:reply-to',
      purpose: 'test',
      to,
      subject: 'Replies go to support',
      text: 'reply to this e-mail',
      html: '<p>reply to this e-mail</p>',
      replyTo: 'help@sevadocs.test',
    });
    await waitFor(() => expect(smtp.received.filter((m) => m.to.includes(to))).toHaveLength(1));
    const [sent] = smtp.received.filter((m) => m.to.includes(to));
    expect(sent?.data).toMatch(/^Reply-To: help@sevadocs\.test\r?$/m);
    await waitFor(async () =>
      expect(await t.database.db.select().from(outboundEmails).where(eq(outboundEmails.id, id))).toMatchObject([
        { status: 'sent', replyTo: null, text: null },
      ]),
    );
  });

  it('sends an e-mail queued as another brand under that name, at MAIL_FROM’s address', async () => {
    const to = 'from-name@example.com';
    await t.app.mail.enqueue(t.database.db, {
      key: 'test:from-name',
      purpose: 'test',
      to,
      subject: 'Your photos',
      text: 'from SevaPhotos',
      html: '<p>from SevaPhotos</p>',
      fromName: 'SevaPhotos',
    });
    await t.app.mail.enqueue(t.database.db, {
      key: 'test:from-default',
      purpose: 'test',
      to: `default-${to}`,
      subject: 'Your order',
      text: 'from SevaDocs',
      html: '<p>from SevaDocs</p>',
    });
    await waitFor(() => expect(smtp.received.filter((m) => m.to.some((r) => r.endsWith(to)))).toHaveLength(2));
    const data = (address: string) => smtp.received.find((m) => m.to.includes(address))?.data ?? '';
    expect(data(to)).toMatch(/^From: SevaPhotos <no-reply@sevadocs\.test>\r?$/m);
    expect(data(`default-${to}`)).toMatch(/^From: SevaDocs <no-reply@sevadocs\.test>\r?$/m);
  });

  it('attempts of one e-mail running at the same moment (copies of its job in one batch) send it once', async () => {
    const to = 'side-by-side@example.com';
    const [row] = await t.database.db
      .insert(outboundEmails)
      .values({
        key: 'test:side-by-side',
        purpose: 'test',
        to,
        subject: 'Once',
        text: 'once',
        html: '<p>once</p>',
        messageId: '<side-by-side@sevadocs.test>',
      })
      .returning({ id: outboundEmails.id });
    const emailId = row?.id as number;
    // What the worker does with five copies of the job fetched together: runs them side by side.
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => t.app.mail.deliver(emailId)));
    expect(smtp.received.filter((m) => m.to.includes(to))).toHaveLength(1);
    // The copies that found it held fail (and are retried), to find it sent and do nothing.
    for (const outcome of outcomes.filter((o) => o.status === 'rejected')) {
      expect(String(outcome.reason)).toContain('held by another attempt');
    }
    await t.app.mail.deliver(emailId);
    expect(smtp.received.filter((m) => m.to.includes(to))).toHaveLength(1);
    expect(await t.database.db.select().from(outboundEmails).where(eq(outboundEmails.id, emailId))).toMatchObject([
      { status: 'sent', attempts: 1 },
    ]);
  });

  it('an attempt that died after handing the e-mail over holds it until its lease ends; then it goes again with the same Message-ID', async () => {
    const body = signUpBody();
    expect((await signUp(t, body)).statusCode).toBe(201);
    await waitFor(async () => expect((await emailTo(t, body.email)).status).toBe('sent'));
    const first = await emailTo(t, body.email);
    // What a crash between the SMTP hand-over and the "sent" update leaves (minus the body, which
    // a crashed attempt would still have).
    await t.database.db
      .update(outboundEmails)
      .set({
        status: 'sending',
        sentAt: null,
        text: 'again',
        html: '<p>again</p>',
        leaseUntil: sql`now() + interval '1 hour'`,
      })
      .where(eq(outboundEmails.id, first.id));
    await expect(t.app.mail.deliver(first.id)).rejects.toThrow('held by another attempt');
    expect(smtp.received.filter((m) => m.to.includes(body.email))).toHaveLength(1);

    await t.database.db
      .update(outboundEmails)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(outboundEmails.id, first.id));
    await t.app.mail.deliver(first.id);
    const copies = smtp.received.filter((m) => m.to.includes(body.email));
    expect(copies).toHaveLength(2);
    expect(copies[1]?.messageId).toBe(first.messageId);
  });
});

describe('when delivery cannot succeed, or queuing fails', () => {
  let smtp: SmtpFake;
  let t: TestApp;
  const logged: { level: number; msg: string; emailId?: number; purpose?: string }[] = [];
  beforeAll(async () => {
    smtp = await startSmtpFake();
    t = await buildTestApp(
      { SMTP_URL: smtp.url },
      {
        // Two attempts, back to back; jobs run when the test says.
        mail: { retry: { retryLimit: 1, retryDelaySeconds: 0, retryBackoff: false } },
        logger: { level: 'warn', stream: { write: (line: string) => logged.push(JSON.parse(line)) } },
      },
    );
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('an address the server refuses for good is marked failed at once and logged at error, without retries', async () => {
    const body = signUpBody();
    smtp.refuse.add(body.email.toLowerCase());
    expect((await signUp(t, body)).statusCode).toBe(201);
    // The sign-up's job, then the e-mail's one attempt.
    expect(await t.runJobs()).toBe(2);
    const row = await emailTo(t, body.email);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, leaseUntil: null });
    expect(row.lastError).toMatch(/550/);
    expect(row.text).toContain('verify-email?token='); // kept, so it can be sent again by hand
    expect(await jobStates(t, MAIL_QUEUE, row.id)).toEqual(['completed']);
    expect(logged).toContainEqual(
      expect.objectContaining({ level: 50, emailId: row.id, msg: expect.stringMatching(/refused an e-mail for good/) }),
    );
    expect(smtp.received.filter((m) => m.to.includes(body.email))).toEqual([]);
    expect(await verifyEmailsCounted(t, 'failed')).toBe(1);
    expect(await verifyEmailsCounted(t, 'retry')).toBe(0);
  });

  it('an e-mail that runs out of attempts is marked failed and logged at error, not dropped', async () => {
    await smtp.stop();
    try {
      const body = signUpBody();
      expect((await signUp(t, body)).statusCode).toBe(201);
      // The sign-up's job; the e-mail's attempt, retry, then the give-up job pg-boss copies to the
      // dead letter queue.
      expect(await t.runJobs()).toBe(4);
      const row = await emailTo(t, body.email);
      expect(row).toMatchObject({ status: 'failed', attempts: 2, purpose: 'verify-email' });
      expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(await jobStates(t, MAIL_QUEUE, row.id)).toEqual(['failed']);
      expect(await jobStates(t, MAIL_GAVE_UP_QUEUE, row.id)).toEqual(['completed']);
      expect(logged).toContainEqual(
        expect.objectContaining({
          level: 50,
          emailId: row.id,
          purpose: 'verify-email',
          msg: expect.stringMatching(/gave up sending an e-mail/),
        }),
      );
      // Both attempts failed for now, then the e-mail was given up (the first test's refusal is the other).
      expect(await verifyEmailsCounted(t, 'retry')).toBe(2);
      expect(await verifyEmailsCounted(t, 'failed')).toBe(2);
    } finally {
      await smtp.start();
    }
  });

  it('the e-mail row and its job are written with the business row, or not at all', async () => {
    const count = async () => {
      const emails = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(outboundEmails);
      const { rows } = await t.database.executeSql(
        `select count(*)::int as n from ${JOBS_SCHEMA}.job where name = $1`,
        [MAIL_QUEUE],
      );
      return { emails: emails[0]?.n, jobs: (rows[0] as { n: number }).n };
    };
    const before = await count();
    const mail = { to: 'a@example.com', subject: 'S', text: 'T', html: '<p>T</p>', purpose: 'test' };
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.insert(users).values({
          name: 'Rolled Back',
          email: 'rolled.back@example.com',
          phone: '+1-4155550123',
          passwordHash: 'x',
          platform: 'sevadocs',
          referralCode: 'ROLLBACK',
        });
        await t.app.mail.enqueue(tx, { ...mail, key: 'test:rolled-back' });
        throw new Error('the business transaction failed');
      }),
    ).rejects.toThrow('the business transaction failed');
    expect(await count()).toEqual(before);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'rolled.back@example.com'))).toEqual([]);

    // Committed: one row and one job; the same key again queues nothing more.
    const first = await t.database.db.transaction((tx) => t.app.mail.enqueue(tx, { ...mail, key: 'test:committed' }));
    const again = await t.app.mail.enqueue(t.database.db, { ...mail, key: 'test:committed' });
    expect(first.queued).toBe(true);
    expect(again).toEqual({ id: first.id, queued: false });
    expect(await count()).toEqual({ emails: (before.emails ?? 0) + 1, jobs: before.jobs + 1 });
  });

  it('a sign-up whose job cannot be queued leaves nothing behind', async () => {
    const body = signUpBody();
    await t.app.jobs.stop();
    try {
      const res = await signUp(t, body);
      expect(res.statusCode).toBe(500);
      expect(await t.database.db.select().from(signUpRequests).where(eq(signUpRequests.email, body.email))).toEqual([]);
      expect(await t.database.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
      expect(await t.database.db.select().from(outboundEmails).where(eq(outboundEmails.to, body.email))).toEqual([]);
    } finally {
      await t.app.jobs.start();
    }
    // Nothing half-written blocks the address: the same sign-up works once the queue is back.
    expect((await signUp(t, body)).statusCode).toBe(201);
  });
});
