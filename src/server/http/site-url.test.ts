import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../env.ts';
import { deliveredMail } from '../mail/testing.ts';
import { moveOrderTo, startApplication } from '../modules/applications/testing.ts';
import { bearer, createSignedInUser, signUpBody } from '../modules/auth/testing.ts';
import { sandboxPayments } from '../modules/payments/tables.ts';
import { users } from '../modules/users/tables.ts';
import { createStaffUser } from '../modules/users/testing.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { linkOriginFor, siteUrlFor } from './site-url.ts';

const request = (host: string, protocol = 'http') => ({ host, protocol }) as FastifyRequest;

describe('siteUrlFor', () => {
  const embedded = loadEnv({ PORT: '3000' });

  it('uses the address the visitor came on when it is this server’s own', () => {
    expect(siteUrlFor(request('127.0.0.1:3000'), embedded)).toBe('http://127.0.0.1:3000');
    expect(siteUrlFor(request('localhost:3000'), embedded)).toBe('http://localhost:3000');
    expect(siteUrlFor(request('[::1]:3000'), embedded)).toBe('http://[::1]:3000');
    expect(siteUrlFor(request('127.0.0.1:3000', 'https'), embedded)).toBe('https://127.0.0.1:3000');
  });

  it('falls back to the default for any other host or port (the Host header is the client’s)', () => {
    for (const host of ['evil.example:3000', 'evil.example', '127.0.0.1:4000', 'localhost', 'a@127.0.0.1:3000', '']) {
      expect(siteUrlFor(request(host), embedded), host).toBe('http://localhost:3000');
    }
  });

  it('always uses SITE_URL when it is set', () => {
    const configured = loadEnv({ PORT: '3000', SITE_URL: 'https://www.sevadocs.example' });
    expect(siteUrlFor(request('127.0.0.1:3000'), configured)).toBe('https://www.sevadocs.example');
  });
});

describe('linkOriginFor', () => {
  it('uses the recorded address only without SITE_URL, so setting it later moves every link', () => {
    const embedded = linkOriginFor(loadEnv({ PORT: '3000' }));
    expect(embedded('http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(embedded(null)).toBe('http://localhost:3000');
    const configured = linkOriginFor(loadEnv({ PORT: '3000', SITE_URL: 'https://www.sevadocs.example' }));
    expect(configured('http://127.0.0.1:3000')).toBe('https://www.sevadocs.example');
    expect(configured(null)).toBe('https://www.sevadocs.example');
    // Nothing recorded need be read with SITE_URL set.
    expect(configured.fixed).toBe('https://www.sevadocs.example');
    expect(embedded.fixed).toBeNull();
  });
});

/** The embedded mode without SITE_URL, on port 3000: a newcomer who opened http://127.0.0.1:3000. */
describe('links for a visitor on 127.0.0.1 (issue 29 §3)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ PORT: '3000' });
  });
  afterAll(() => t.close());
  const on = (host: string) => ({ host });

  async function linksMailedTo(email: string): Promise<string[]> {
    return (await deliveredMail(t.app)).filter((m) => m.to === email).flatMap((m) => m.links);
  }

  it('e-mails sign-up, resend and reset links on the address the visitor came on', async () => {
    const body = signUpBody();
    const post = (url: string, payload: object, host: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers: on(host) });
    expect((await post('/auth/signup', body, '127.0.0.1:3000')).statusCode).toBe(201);
    expect((await post('/auth/email/send', { email: body.email }, '127.0.0.1:3000')).statusCode).toBe(200);
    expect((await post('/auth/reset-password/request', { email: body.email }, '127.0.0.1:3000')).statusCode).toBe(200);
    const links = await linksMailedTo(body.email);
    expect(links.filter((l) => /\/(verify-email|create-password)\?/.test(l))).toHaveLength(3);
    for (const link of links) expect(link.startsWith('http://127.0.0.1:3000/'), link).toBe(true);

    // A Host header naming somewhere else is the client's word: the links keep the default.
    const other = signUpBody();
    expect((await post('/auth/signup', other, 'evil.example:3000')).statusCode).toBe(201);
    for (const link of await linksMailedTo(other.email))
      expect(link.startsWith('http://localhost:3000/'), link).toBe(true);
  });

  it('sends the customer to the payment page and back on the address they pay from', async () => {
    const user = await createSignedInUser(t.app);
    const order = await startApplication(t.app, user.token);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/application/order/${order.displayId}/payment`,
      headers: { ...bearer(user.token), ...on('127.0.0.1:3000') },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    const redirectUrl = new URL(res.json().data.redirectUrl);
    expect(redirectUrl.origin).toBe('http://127.0.0.1:3000');
    const [row] = await t.database.db
      .select({ returnUrl: sandboxPayments.returnUrl })
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, redirectUrl.searchParams.get('payment') ?? ''));
    expect(new URL(row?.returnUrl ?? '').origin).toBe('http://127.0.0.1:3000');

    // Paid: the receipt, sent on the provider's notice (no visitor's address), links the same address.
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/sandbox/checkout',
      headers: { ...bearer(user.token), ...on('127.0.0.1:3000'), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        payment: redirectUrl.searchParams.get('payment') ?? '',
        outcome: 'succeeded',
      }).toString(),
    });
    expect(paid.statusCode).toBe(303);
    await t.runJobs();
    const receipt = (await deliveredMail(t.app)).find(
      (m) => m.to === user.email && m.subject === `Payment received for your order ${order.displayId}`,
    );
    expect(receipt?.links.length).toBeGreaterThan(0);
    for (const link of receipt?.links ?? []) expect(link.startsWith('http://127.0.0.1:3000/'), link).toBe(true);

    // Staff, working on whatever address they came on, e-mail the customer a status change and a
    // message: their links too go where the customer paid from, where they are signed in.
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const desk = (path: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/orders/${order.displayId}/${path}`,
        headers: { ...bearer(staff.token), ...on('localhost:3000') },
        payload,
      });
    expect((await desk('status', { status: 'In review', remark: 'Checking the scans' })).statusCode).toBe(200);
    expect((await desk('messages', { body: 'Your appointment is on Monday.' })).statusCode).toBe(201);
    await t.runJobs();
    const fromStaff = (await deliveredMail(t.app)).filter(
      (m) => m.to === user.email && /is now In review|A message from our team/.test(m.subject),
    );
    expect(fromStaff).toHaveLength(2);
    for (const link of fromStaff.flatMap((m) => m.links)) {
      expect(link.startsWith('http://127.0.0.1:3000/'), link).toBe(true);
    }
  });

  it('links an order never taken to payment, and a referral reward, to the address the customer signed in on', async () => {
    const referrer = await createSignedInUser(t.app, { phone: '+1-4155550123' });
    const [row] = await t.database.db.select({ code: users.referralCode }).from(users).where(eq(users.id, referrer.id));
    // Phones of their own: a friend with the referrer's number earns nothing.
    const friend = await createSignedInUser(t.app, { referredBy: row?.code, phone: '+1-6045550142' });
    // Both signed in again on 127.0.0.1 (createSignedInUser's sign-in came on the default address).
    for (const who of [referrer, friend]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signin',
        headers: on('127.0.0.1:3000'),
        payload: { email: who.email, password: who.password },
      });
      expect(res.statusCode).toBe(200);
    }

    // Staff message the friend about an order that has not been paid for.
    const order = await startApplication(t.app, friend.token);
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const message = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${order.displayId}/messages`,
      headers: { ...bearer(staff.token), ...on('localhost:3000') },
      payload: { body: 'Your appointment is on Monday.' },
    });
    expect(message.statusCode).toBe(201);

    // The friend's order completed: the referrer's gift-card e-mail.
    for (const to of ['Order pending', 'In review', 'Submitted', 'Approved', 'Completed'] as const) {
      await moveOrderTo(t.app, order.id, to, to === 'Order pending' ? 'system' : 'staff');
    }
    await t.runJobs();
    const mail = await deliveredMail(t.app);
    const toFriend = mail.filter((m) => m.to === friend.email && /A message from our team/.test(m.subject));
    const reward = mail.filter((m) => m.to === referrer.email && /gift card/.test(m.subject));
    expect(toFriend).toHaveLength(1);
    expect(reward).toHaveLength(1);
    const links = [...toFriend, ...reward].flatMap((m) => m.links);
    expect(links.length).toBeGreaterThanOrEqual(2);
    for (const link of links) expect(link.startsWith('http://127.0.0.1:3000/'), link).toBe(true);
  });
});
