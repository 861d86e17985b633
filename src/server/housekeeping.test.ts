import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../domain/time.ts';
import { HOUSEKEEPING_CRON, HOUSEKEEPING_QUEUE, RETENTION_MS } from './housekeeping.ts';
import { JOBS_SCHEMA } from './jobs/queue.ts';
import { mailMessages, outboundEmails } from './mail/tables.ts';
import { sessions, signUpRequests, verificationTokens } from './modules/auth/tables.ts';
import { createSignedInUser } from './modules/auth/testing.ts';
import { hashToken, newToken } from './modules/auth/tokens.ts';
import { contactEnquiries, contactReplies } from './modules/contact/tables.ts';
import { campaignLeads } from './modules/marketing/tables.ts';
import { buildTestApp, type TestApp } from './test/app.ts';

const ago = (ms: number) => new Date(Date.now() - ms);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

describe('the daily prune of finished rows', () => {
  it('deletes settled e-mails, dev mailbox messages, ended sessions, long-expired link tokens and abandoned sign-ups past their retention, and keeps the rest', async () => {
    const db = t.database.db;
    const user = await createSignedInUser(t.app);
    // Only the rows this test writes are counted: the sign-up above left some of its own.
    await db.delete(outboundEmails);
    await db.delete(mailMessages);
    await db.delete(sessions);
    await db.delete(verificationTokens);

    const past = ago(RETENTION_MS.settledMail + DAY_MS);
    const recent = ago(RETENTION_MS.settledMail - DAY_MS);
    const email = (key: string, status: 'pending' | 'sent' | 'failed', at: Date) => ({
      key,
      purpose: 'test',
      to: `${key}@example.com`,
      subject: key,
      messageId: `<${key}@sevadocs.test>`,
      status,
      createdAt: at,
      updatedAt: at,
      sentAt: status === 'sent' ? at : null,
    });
    await db.insert(outboundEmails).values([
      email('sent-long-ago', 'sent', past),
      email('failed-long-ago', 'failed', past),
      email('sent-lately', 'sent', recent),
      email('failed-lately', 'failed', recent),
      // Not settled: kept however old (the queue still owes it).
      email('pending-long-ago', 'pending', past),
    ]);
    const message = { subject: 's', text: 't', html: 'h' };
    await db.insert(mailMessages).values([
      { ...message, to: 'old@example.com', createdAt: past },
      { ...message, to: 'new@example.com', createdAt: recent },
    ]);
    const session = (name: string, lastSeenAt: Date, expiresAt: Date) => ({
      tokenHash: hashToken(newToken()),
      userId: user.id,
      lastSeenAt,
      expiresAt,
      userAgent: name,
    });
    const inAnHour = new Date(Date.now() + 60 * 60 * 1000);
    await db
      .insert(sessions)
      .values([
        session('past its hard expiry', ago(1000), ago(1)),
        session('idle over an hour', ago(61 * 60 * 1000), inAnHour),
        session('live', ago(1000), inAnHour),
      ]);
    const token = (name: string, expiresAt: Date) => ({
      userId: user.id,
      purpose: 'verify-email' as const,
      tokenHash: hashToken(`${name}-${newToken()}`),
      expiresAt,
    });
    const expiredLongAgo = token('expired long ago', ago(RETENTION_MS.expiredTokens + DAY_MS));
    const expiredLately = token('expired lately', ago(DAY_MS));
    const live = token('live', inAnHour);
    await db.insert(verificationTokens).values([expiredLongAgo, expiredLately, live]);
    // Sign-ups whose job never took them: the password hash goes after a day.
    const signUp = (email: string, createdAt: Date) => ({
      name: 'Priya Sharma',
      email,
      phone: '+1-4155550123',
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$x$y',
      platform: 'sevadocs',
      origin: 'https://sevadocs.test',
      createdAt,
    });
    await db
      .insert(signUpRequests)
      .values([
        signUp('abandoned@example.com', ago(RETENTION_MS.waitingSignUps + 60_000)),
        signUp('waiting@example.com', ago(60_000)),
      ]);

    await t.app.jobs.send(HOUSEKEEPING_QUEUE, {});
    expect(await t.runJobs()).toBe(1);

    const keys = (await db.select({ key: outboundEmails.key }).from(outboundEmails)).map((r) => r.key).sort();
    expect(keys).toEqual(['failed-lately', 'pending-long-ago', 'sent-lately']);
    expect((await db.select({ to: mailMessages.to }).from(mailMessages)).map((r) => r.to)).toEqual(['new@example.com']);
    expect((await db.select({ name: sessions.userAgent }).from(sessions)).map((r) => r.name)).toEqual(['live']);
    const tokens = (await db.select({ hash: verificationTokens.tokenHash }).from(verificationTokens)).map(
      (r) => r.hash,
    );
    expect(tokens.sort()).toEqual([expiredLately.tokenHash, live.tokenHash].sort());
    expect((await db.select({ email: signUpRequests.email }).from(signUpRequests)).map((r) => r.email)).toEqual([
      'waiting@example.com',
    ]);

    // A second pass finds nothing more to delete.
    await t.app.jobs.send(HOUSEKEEPING_QUEUE, {});
    expect(await t.runJobs()).toBe(1);
    expect((await db.select({ key: outboundEmails.key }).from(outboundEmails)).length).toBe(3);
  });

  it('deletes contact enquiries a year after they were handled or two after they came, and campaign leads after a year: people without an account included', async () => {
    const db = t.database.db;
    await db.delete(contactEnquiries);
    await db.delete(campaignLeads);
    const enquiry = (name: string, createdAt: Date, handledAt: Date | null) => ({
      name,
      email: 'visitor@example.com',
      phone: '+1 415 555 0100',
      enquiryType: 'new-application',
      topic: 'oci',
      message: `${name}: my passport is K1234567`,
      createdAt,
      handledAt,
    });
    const yearAndADay = RETENTION_MS.handledEnquiries + DAY_MS;
    const [handledLongAgo] = await db
      .insert(contactEnquiries)
      .values([
        enquiry('handled long ago', ago(yearAndADay + DAY_MS), ago(yearAndADay)),
        enquiry('handled lately', ago(yearAndADay), ago(DAY_MS)),
        enquiry('never handled, sent long ago', ago(RETENTION_MS.unhandledEnquiries + DAY_MS), null),
        enquiry('never handled, sent over a year ago', ago(yearAndADay), null),
      ])
      .returning({ id: contactEnquiries.id });
    await db
      .insert(contactReplies)
      .values({ enquiryId: handledLongAgo?.id ?? 0, body: 'We replied', sentByEmail: 'staff@example.com' });
    const lead = (name: string, createdAt: Date) => ({
      campaign: 'indian-tourist-visa',
      name,
      email: 'lead@example.com',
      phone: '604 555 0142',
      createdAt,
    });
    await db
      .insert(campaignLeads)
      .values([lead('lead long ago', ago(RETENTION_MS.campaignLeads + DAY_MS)), lead('lead lately', ago(DAY_MS))]);

    await t.app.jobs.send(HOUSEKEEPING_QUEUE, {});
    expect(await t.runJobs()).toBe(1);

    const names = async () =>
      (await db.select({ name: contactEnquiries.name }).from(contactEnquiries)).map((r) => r.name);
    expect((await names()).sort()).toEqual(['handled lately', 'never handled, sent over a year ago']);
    expect(await db.select().from(contactReplies)).toEqual([]);
    expect((await db.select({ name: campaignLeads.name }).from(campaignLeads)).map((r) => r.name)).toEqual([
      'lead lately',
    ]);
  });

  it('is scheduled once a day', async () => {
    const { rows } = await t.database.executeSql(`select cron from ${JOBS_SCHEMA}.schedule where name = $1`, [
      HOUSEKEEPING_QUEUE,
    ]);
    expect(rows).toEqual([{ cron: HOUSEKEEPING_CRON }]);
    expect(HOUSEKEEPING_CRON).toMatch(/^\d+ \d+ \* \* \*$/);
  });
});
