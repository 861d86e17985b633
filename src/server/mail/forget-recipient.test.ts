import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { createMailer, type Mailer } from './mailer.ts';
import { createMailQueue, ERASED_SUBJECT, NOT_SENT_ERASED } from './outbox.ts';
import { outboundEmails } from './tables.ts';

/**
 * An erased account's e-mails (`forgetRecipient`, run in the erasure's transaction): none reaches
 * the address once the erasure has committed, and none of their rows keeps it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let next = 0;
/** A fresh recipient and an e-mail queued to it (its job waits: the test app runs jobs when asked). */
async function queuedTo(prefix: string) {
  next += 1;
  const to = `${prefix}-${next}@example.com`;
  const { id } = await t.app.mail.enqueue(t.database.db, {
    to,
    subject: `Your order for ${to}`,
    text: `Hello ${to}`,
    html: `<p>Hello ${to}</p>`,
    purpose: 'test',
    key: `test:forget:${next}`,
  });
  return { to, id, placeholder: `erased-${next}@erased.invalid` };
}

const rowOf = async (id: number) =>
  (await t.database.db.select().from(outboundEmails).where(eq(outboundEmails.id, id)))[0];

const copiesTo = async (to: string) => await t.app.mailer.outbox({ limit: 1000, to });

const cancelled = (placeholder: string) => ({
  status: 'failed',
  to: placeholder,
  subject: ERASED_SUBJECT,
  text: null,
  html: null,
  leaseUntil: null,
  lastError: NOT_SENT_ERASED,
});

describe("an erased recipient's e-mails", () => {
  it('still to be sent are cancelled: a delivery waiting on the erasure, or run after it, sends nothing', async () => {
    const mail = await queuedTo('pending');
    let racing: Promise<void> | undefined;
    await t.database.db.transaction(async (tx) => {
      await t.app.mail.forgetRecipient(tx, mail.to.toUpperCase(), mail.placeholder);
      // The delivery's claim meets the erasure's uncommitted change (PostgreSQL: it waits on the row).
      racing = t.app.mail.deliver(mail.id);
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    await racing;
    await t.runJobs();
    expect(await copiesTo(mail.to)).toEqual([]);
    expect(await rowOf(mail.id)).toMatchObject({ ...cancelled(mail.placeholder), attempts: 0 });
  });

  it('held by an attempt that died before the erasure are not tried again once its lease ends', async () => {
    const mail = await queuedTo('held');
    await t.database.db
      .update(outboundEmails)
      .set({ status: 'sending', attempts: 1, leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(outboundEmails.id, mail.id));
    await t.database.db.transaction((tx) => t.app.mail.forgetRecipient(tx, mail.to, mail.placeholder));
    await t.app.mail.deliver(mail.id);
    expect(await copiesTo(mail.to)).toEqual([]);
    expect(await rowOf(mail.id)).toMatchObject(cancelled(mail.placeholder));
  });

  it('keeps no dev mailbox copy of an attempt that claimed the e-mail before the erasure committed', async () => {
    const mail = await queuedTo('in-flight');
    const mailbox = createMailer({ db: t.database.db, from: 'SevaDocs <no-reply@sevadocs.test>' });
    let erasure: Promise<void> | undefined;
    // `kind` is read between the attempt's claim and its storing transaction: the erasure starts there.
    const transport: Mailer = {
      get kind() {
        erasure ??= t.database.db.transaction((tx) => t.app.mail.forgetRecipient(tx, mail.to, mail.placeholder));
        return mailbox.kind;
      },
      send: mailbox.send,
      outbox: mailbox.outbox,
    };
    const queue = createMailQueue({
      db: t.database.db,
      jobs: t.app.jobs,
      transport,
      from: 'SevaDocs <no-reply@sevadocs.test>',
      log: { info() {}, warn() {}, error() {} },
    });
    await queue.deliver(mail.id);
    await erasure;
    expect(await copiesTo(mail.to)).toEqual([]);
    expect(await rowOf(mail.id)).toMatchObject({ to: mail.placeholder, subject: ERASED_SUBJECT, text: null });
  });

  it('settled keep their record of delivery without the address, in the mail server’s refusal too', async () => {
    const sent = await queuedTo('settled');
    await t.app.mail.deliver(sent.id);
    const refused = await queuedTo('refused');
    await t.database.db
      .update(outboundEmails)
      .set({ status: 'failed', attempts: 1, lastError: `Error: 550 5.1.1 <${refused.to}>: Recipient address rejected` })
      .where(eq(outboundEmails.id, refused.id));
    await t.database.db.transaction(async (tx) => {
      await t.app.mail.forgetRecipient(tx, sent.to, sent.placeholder);
      await t.app.mail.forgetRecipient(tx, refused.to, refused.placeholder);
    });
    expect(await rowOf(sent.id)).toMatchObject({
      status: 'sent',
      to: sent.placeholder,
      subject: ERASED_SUBJECT,
      lastError: null,
    });
    expect(await rowOf(refused.id)).toMatchObject({
      status: 'failed',
      to: refused.placeholder,
      subject: ERASED_SUBJECT,
      text: null,
      lastError: null,
    });
    expect(await copiesTo(sent.to)).toEqual([]);
  });
});
