import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PRODUCTION_CONTACT, PRODUCTION_PAYMENTS, type TestApp } from '../test/app.ts';
import { extractLinks } from './mailer.ts';
import { MAIL_QUEUE } from './outbox.ts';
import { outboundEmails } from './tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('dev mailbox', () => {
  it('keeps sent e-mail and shows it newest first with its links', async () => {
    expect(t.app.mailer.kind).toBe('dev-mailbox');
    await t.app.mailer.send({ to: 'a@example.com', subject: 'First', text: 'Hello', html: '<p>Hello</p>' });
    await t.app.mailer.send({
      to: 'b@example.com',
      subject: 'Second',
      text: 'Verify at http://localhost:3000/verify-email?token=abc&x=1',
      html: '<a href="http://localhost:3000/verify-email?token=abc&amp;x=1">Verify</a>',
    });
    const res = await t.app.inject({ url: '/api/v1/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    const { results } = res.json().data;
    expect(results.map((m: { subject: string }) => m.subject)).toEqual(['Second', 'First']);
    expect(results[0]).toMatchObject({
      to: 'b@example.com',
      links: ['http://localhost:3000/verify-email?token=abc&x=1'],
    });
  });

  it("reads one recipient's e-mail, in any case, when asked for it (`to`)", async () => {
    await t.app.mailer.send({ to: 'Reader.One@Example.com', subject: 'For one', text: 'Hi', html: '<p>Hi</p>' });
    await t.app.mailer.send({ to: 'reader.two@example.com', subject: 'For two', text: 'Hi', html: '<p>Hi</p>' });
    await t.app.mailer.send({ to: 'reader.one@example.com', subject: 'For one again', text: 'Hi', html: '<p>Hi</p>' });
    const res = await t.app.inject({ url: '/api/v1/dev/mailbox?to=READER.ONE%40example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.results.map((m: { subject: string }) => m.subject)).toEqual(['For one again', 'For one']);
    expect((await t.app.mailer.outbox({ to: 'reader.two@example.com', limit: 5 })).map((m) => m.subject)).toEqual([
      'For two',
    ]);
    expect(await t.app.mailer.outbox({ to: 'nobody@example.com' })).toEqual([]);
  });

  it('is what the mail queue delivers to: each queued e-mail is stored once, even when its job runs again', async () => {
    const mail = { to: 'c@example.com', subject: 'Queued', text: 'Hi', html: '<p>Hi</p>', purpose: 'test' };
    const { id } = await t.app.mail.enqueue(t.database.db, { ...mail, key: 'test:dev-mailbox-once' });
    const queued = async () => (await t.app.mailer.outbox()).filter((m) => m.subject === 'Queued');
    expect(await queued()).toEqual([]);
    expect(await t.runJobs()).toBe(1);
    expect(await queued()).toMatchObject([{ to: 'c@example.com', text: 'Hi' }]);

    await t.app.jobs.send(MAIL_QUEUE, { emailId: id });
    expect(await t.runJobs()).toBe(1);
    await t.app.mail.deliver(id);
    expect(await queued()).toHaveLength(1);
    const [row] = await t.database.db.select().from(outboundEmails).where(eq(outboundEmails.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('is not served in a production deployment', async () => {
    const prod = await buildTestApp({
      DEPLOYMENT: 'production',
      NODE_ENV: 'production',
      ...PRODUCTION_PAYMENTS,
      ...PRODUCTION_CONTACT,
      SITE_URL: 'https://x.example',
      SMTP_URL: 'smtp://127.0.0.1:1',
      RECAPTCHA_SECRET_KEY: 'test-secret',
      RECAPTCHA_SITE_KEY: 'test-site-key',
    });
    const res = await prod.app.inject({ url: '/api/v1/dev/mailbox' });
    expect(res.statusCode).toBe(404);
    expect(prod.app.mailer.kind).toBe('smtp');
    await prod.close();
  });
});

describe('extractLinks', () => {
  it('finds each http(s) link once, decoding &amp;', () => {
    expect(
      extractLinks({
        text: 'go https://a.example/x then https://a.example/x',
        html: '<a href="https://b.example/?a=1&amp;b=2">b</a>',
      }),
    ).toEqual(['https://b.example/?a=1&b=2', 'https://a.example/x']);
  });
});
