import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundEmails } from '../../mail/tables.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { bearer, uniqueEmail } from '../auth/testing.ts';
import { createStaffUser, expectRoleGuard } from '../users/testing.ts';
import { contactEnquiries } from './tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, headers: Record<string, string> = {}, payload?: Record<string, unknown>) =>
  t.app.inject(
    payload === undefined
      ? { method, url: `/api/v1${url}`, headers }
      : { method, url: `/api/v1${url}`, headers, payload },
  );

let nextIp = 1;
/** A visitor's message through the contact form; answers its row. */
async function sendMessage(name = 'Priya Sharma', email = uniqueEmail('visitor')) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/contact/user-info',
    payload: {
      name,
      email,
      phone: '+1 (415) 555-0123',
      enquiryType: 'existing-client',
      topic: 'tourist-visa',
      message: 'My e-visa shows the wrong passport number. Can you correct it before my trip next month?',
    },
    remoteAddress: `10.7.0.${nextIp++}`,
  });
  if (res.statusCode !== 201) throw new Error(`contact form failed: ${res.body}`);
  const [row] = await t.database.db
    .select()
    .from(contactEnquiries)
    .where(eq(contactEnquiries.reference, res.json().data.reference));
  if (!row) throw new Error('no enquiry');
  return row;
}

const auditOf = async (id: number) =>
  (
    await t.app.services.audit.list({
      page: 1,
      limit: 100,
      sort: 'createdAt',
      dir: 'desc',
      q: undefined,
      subjectType: 'contact-message',
      subjectId: String(id),
    })
  ).results;

describe('the messages section is for staff', () => {
  const endpoints: [Method, string, Record<string, unknown> | undefined][] = [
    ['GET', '/admin/messages', undefined],
    ['GET', '/admin/messages/1', undefined],
    ['POST', '/admin/messages/1/reply', { body: 'Thank you, we have corrected it.' }],
    ['PATCH', '/admin/messages/1/handled', { handled: true }],
  ];
  it.each(endpoints)('%s %s answers a visitor 401 and a customer 403', async (method, url, payload) => {
    await expectRoleGuard(t.app, t.database.db, 'staff', (headers) => call(method, url, headers, payload));
  });
});

describe('reading messages', () => {
  it('lists them newest first with labels, searches by name, e-mail or reference, and filters by state', async () => {
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    // Letters only: the contact form refuses digits in a name.
    const tag = `Zed${Date.now()
      .toString(36)
      .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x')}`;
    const first = await sendMessage(`Anita ${tag}`);
    const second = await sendMessage(`Bala ${tag}`);
    const list = await call('GET', `/admin/messages?q=${tag}`, bearer(staff.token));
    expect(list.statusCode).toBe(200);
    expect(list.json().data.results.map((m: { id: number }) => m.id)).toEqual([second.id, first.id]);
    expect(list.json().data.results[0]).toEqual(
      expect.objectContaining({
        reference: second.reference,
        enquiryType: 'Existing client',
        topic: 'Tourist visa',
        handled: false,
        replyCount: 0,
      }),
    );
    const byReference = await call('GET', `/admin/messages?q=${first.reference}`, bearer(staff.token));
    expect(byReference.json().data.results.map((m: { id: number }) => m.id)).toEqual([first.id]);
    const detail = await call('GET', `/admin/messages/${first.id}`, bearer(staff.token));
    expect(detail.json().data).toEqual({ message: expect.objectContaining({ id: first.id }), replies: [] });
    expect((await call('GET', '/admin/messages/999999', bearer(staff.token))).statusCode).toBe(404);

    await call('PATCH', `/admin/messages/${first.id}/handled`, bearer(staff.token), { handled: true });
    const open = await call('GET', `/admin/messages?q=${tag}&status=open`, bearer(staff.token));
    expect(open.json().data.results.map((m: { id: number }) => m.id)).toEqual([second.id]);
    const handled = await call('GET', `/admin/messages?q=${tag}&status=handled`, bearer(staff.token));
    expect(handled.json().data.results.map((m: { id: number }) => m.id)).toEqual([first.id]);
  });
});

describe('replying', () => {
  it('e-mails the reply to the sender, keeps it on the message, marks it handled and audits it', async () => {
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const message = await sendMessage();
    const body = 'Thank you for telling us.\n\nWe have corrected the passport number; the new e-visa is on its way.';
    const res = await call('POST', `/admin/messages/${message.id}/reply`, bearer(staff.token), { body });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(expect.objectContaining({ handled: true, replyCount: 1 }));

    const mails = await t.database.db.select().from(outboundEmails).where(eq(outboundEmails.purpose, 'contact-reply'));
    const mail = mails.find((m) => m.to === message.email);
    expect(mail?.subject).toBe(`Re: your enquiry ${message.reference}`);
    // "Re:" invites a reply: it reaches support, not the no-reply sender.
    expect(mail?.replyTo).toBe(t.app.env.SUPPORT_EMAIL);
    expect(mail?.text).toContain('We have corrected the passport number');
    // Nothing typed into the form is sent back to an address nobody proved: not the message, not the name.
    expect(mail?.text).not.toContain(message.message);
    expect(mail?.text).not.toContain(message.name);

    const detail = (await call('GET', `/admin/messages/${message.id}`, bearer(staff.token))).json().data;
    expect(detail.replies).toEqual([expect.objectContaining({ body, sentByEmail: staff.email })]);
    expect(await auditOf(message.id)).toEqual([
      expect.objectContaining({
        actorId: staff.id,
        action: 'contact.reply',
        before: { handled: false },
        after: { replyId: detail.replies[0].id, handled: true },
      }),
    ]);
  });

  it('can leave the message waiting, and refuses an empty or too short reply', async () => {
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const message = await sendMessage();
    const short = await call('POST', `/admin/messages/${message.id}/reply`, bearer(staff.token), { body: 'ok' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('The reply should be at least 10 characters');
    const res = await call('POST', `/admin/messages/${message.id}/reply`, bearer(staff.token), {
      body: 'Could you send us a photo of the passport data page?',
      markHandled: false,
    });
    expect(res.json().data).toEqual(expect.objectContaining({ handled: false, replyCount: 1 }));
    expect(
      (await call('POST', '/admin/messages/999999/reply', bearer(staff.token), { body: 'Hello there, thanks.' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('marking handled', () => {
  it('marks and unmarks once each, audited; the same mark again changes nothing', async () => {
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const message = await sendMessage();
    const url = `/admin/messages/${message.id}/handled`;
    const done = await call('PATCH', url, bearer(staff.token), { handled: true });
    expect(done.json()).toEqual(expect.objectContaining({ message: 'Marked as handled' }));
    expect(done.json().data.handled).toBe(true);
    await call('PATCH', url, bearer(staff.token), { handled: true });
    const reopened = await call('PATCH', url, bearer(staff.token), { handled: false });
    expect(reopened.json().data.handled).toBe(false);
    expect((await auditOf(message.id)).map((e: { action: string }) => e.action)).toEqual([
      'contact.reopened',
      'contact.handled',
    ]);
    expect((await call('PATCH', url, bearer(staff.token), { handled: 'yes' })).statusCode).toBe(400);
  });
});
