import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_MESSAGES as A } from '../../../domain/applications/application.ts';
import { formatMoney } from '../../../domain/catalog/money.ts';
import { escapeHtml } from '../../../domain/content/html.ts';
import { ORDER_REF_MESSAGES } from '../../../domain/orders/order-kind.ts';
import {
  PAYMENT_MESSAGES as P,
  PAYMENT_PROVIDER_LABELS,
  STRAY_CHARGE_REASONS,
} from '../../../domain/payments/payment.ts';
import { outboundEmails } from '../../mail/tables.ts';
import { deliveredMail } from '../../mail/testing.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { apiCall, completeOciAnswers, requiredItems, startApplication, uploadItems } from '../applications/testing.ts';
import { bearer, createSignedInUser } from '../auth/testing.ts';
import { notifications } from '../notifications/tables.ts';
import { paymentAttempts, paymentRefunds } from '../orders/ledger-tables.ts';
import { orderStatusHistory, orders } from '../orders/tables.ts';
import { fakeAnalyse } from '../photos/testing.ts';
import { PAYMENT_EVENT_SWEEP_QUEUE } from './event-sweep.ts';
import {
  SANDBOX_CHECKOUT_PATH,
  SANDBOX_EVENT_TYPES,
  SANDBOX_NOTICE_PATH,
  SANDBOX_WEBHOOK_PATH,
  sandboxCardFingerprint,
  sandboxUpiFingerprint,
} from './sandbox.ts';
import {
  ATTEMPT_CREATE_WINDOW_MS,
  OPEN_ATTEMPT_SWEEP_AFTER_MS,
  PAYMENT_EVENT_QUEUE,
  PAYMENT_EVENT_REQUEUE_AFTER_MS,
} from './service.ts';
import { paymentWebhookEvents } from './tables.ts';

let t: TestApp;
beforeAll(async () => {
  // Photos and signatures are fitted on upload: a stand-in engine fits the test's small images.
  t = await buildTestApp({}, { photoAnalyser: fakeAnalyse });
});
afterAll(() => t.close());

const sandboxOf = (app: TestApp['app']) => {
  if (!app.services.sandbox) throw new Error('the sandbox is not configured');
  return app.services.sandbox;
};

/** A customer with a started application and a payment started on it (attempt 1, sandbox). */
async function orderWithPayment(on: TestApp = t) {
  const user = await createSignedInUser(on.app);
  const order = await startApplication(on.app, user.token);
  const res = await apiCall(on.app, 'POST', `/application/order/${order.displayId}/payment`, user.token, {});
  expect(res.statusCode).toBe(200);
  const payment = res.json().data;
  const paymentId = new URL(payment.redirectUrl).searchParams.get('payment') ?? '';
  return { user, order, payment, paymentId };
}

/** Posts a sandbox event to the inbox, signed unless the test forges it. */
function postEvent(on: TestApp, event: { body: string; headers: Record<string, string> }) {
  return on.app.inject({ method: 'POST', url: SANDBOX_WEBHOOK_PATH, headers: event.headers, payload: event.body });
}

async function settleAndAnnounce(on: TestApp, paymentId: string, outcome: 'succeeded' | 'failed') {
  const sandbox = sandboxOf(on.app);
  await sandbox.settle(paymentId, outcome);
  const event = sandbox.signedEvent({ type: SANDBOX_EVENT_TYPES[outcome], paymentId });
  return { event, res: await postEvent(on, event) };
}

const db = () => t.database.db;
const orderRow = async (id: number, on: TestApp = t) =>
  (await on.database.db.select().from(orders).where(eq(orders.id, id)))[0];
const historyOf = (id: number, on: TestApp = t) =>
  on.database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id));
const attemptsOf = (id: number) =>
  db().select().from(paymentAttempts).where(eq(paymentAttempts.orderId, id)).orderBy(paymentAttempts.attemptNumber);
const refundsOf = (id: number) => db().select().from(paymentRefunds).where(eq(paymentRefunds.orderId, id));
const receiptsOf = (displayId: string) =>
  db()
    .select()
    .from(outboundEmails)
    .where(and(eq(outboundEmails.purpose, 'payment-receipt'), like(outboundEmails.subject, `%${displayId}`)));

describe('POST/GET /application/order/{orderRef}/payment', () => {
  it("starts one attempt for the order's total, and a double submit answers that same attempt", async () => {
    const user = await createSignedInUser(t.app);
    const order = await startApplication(t.app, user.token);
    const url = `/application/order/${order.displayId}/payment`;
    // The browser never sends an amount: one it tries to send is not read.
    const [a, b] = await Promise.all([
      apiCall(t.app, 'POST', url, user.token, { amountCents: 1 }),
      apiCall(t.app, 'POST', url, user.token, {}),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toMatchObject({ message: P.started });
    expect(a.json().data).toMatchObject({
      attempt: 1,
      provider: 'sandbox',
      state: 'PENDING',
      amountCents: order.price.totalCents,
      currency: 'USD',
      orderStatus: 'Payment pending',
      redirectUrl: expect.stringMatching(/\/api\/v1\/payments\/sandbox\/checkout\?payment=sbx_[0-9a-f]{32}$/),
    });
    expect(b.json().data.redirectUrl).toBe(a.json().data.redirectUrl);
    const attempts = await attemptsOf(order.id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ idempotencyKey: `order-${order.id}-attempt-1`, status: 'pending' });

    const read = await apiCall(t.app, 'GET', url, user.token);
    expect(read.json()).toMatchObject({ message: P.loaded, data: { attempt: 1, state: 'PENDING' } });
  });

  it('answers null before any payment, 404 to another customer and 401 to a visitor', async () => {
    const owner = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    const order = await startApplication(t.app, owner.token);
    const url = `/application/order/${order.displayId}/payment`;
    expect((await apiCall(t.app, 'GET', url, owner.token)).json().data).toBeNull();
    for (const method of ['GET', 'POST'] as const) {
      const foreign = await apiCall(t.app, method, url, other.token, method === 'POST' ? {} : undefined);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe(A.orderNotFound);
      expect((await apiCall(t.app, method, url, null, method === 'POST' ? {} : undefined)).statusCode).toBe(401);
    }
    expect(await attemptsOf(order.id)).toHaveLength(0);
  });

  it('refuses to start a payment for an order not awaiting one', async () => {
    const user = await createSignedInUser(t.app);
    const order = await startApplication(t.app, user.token);
    await apiCall(t.app, 'POST', `/application/order/${order.displayId}/cancel`, user.token, {});
    const res = await apiCall(t.app, 'POST', `/application/order/${order.displayId}/payment`, user.token, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(P.notPayable);
  });

  it('gives up on an attempt whose provider never answered once the create window has passed', async () => {
    const { user, order } = await orderWithPayment();
    const url = `/application/order/${order.displayId}/payment`;
    const unanswered = (ago: number) =>
      db()
        .update(paymentAttempts)
        .set({ status: 'created', createdAt: new Date(Date.now() - ago) })
        .where(eq(paymentAttempts.orderId, order.id));
    // Within the window the same attempt is asked for again (the provider answers it by its key).
    await unanswered(60_000);
    expect((await apiCall(t.app, 'POST', url, user.token, {})).json().data.attempt).toBe(1);
    await unanswered(ATTEMPT_CREATE_WINDOW_MS + 1000);
    expect((await apiCall(t.app, 'POST', url, user.token, {})).json().data).toMatchObject({
      attempt: 2,
      state: 'PENDING',
    });
  });

  it("lists the providers with the order's own total, to its customer only", async () => {
    const owner = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    const order = await startApplication(t.app, owner.token);
    const url = `/application/order/${order.displayId}/payment/options`;
    const res = await apiCall(t.app, 'GET', url, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        provider: 'sandbox',
        label: PAYMENT_PROVIDER_LABELS.sandbox,
        amountCents: order.price.totalCents,
        currency: 'USD',
        exchangeRate: null,
      },
    ]);
    expect((await apiCall(t.app, 'GET', url, other.token)).statusCode).toBe(404);
    expect((await apiCall(t.app, 'GET', url, null)).statusCode).toBe(401);
  });

  it('confirming from the browser is refused for a provider that confirms through its webhook only, or is not offered', async () => {
    const { user, order } = await orderWithPayment();
    const url = `/application/order/${order.displayId}/payment/confirm`;
    const stripe = await apiCall(t.app, 'POST', url, user.token, { provider: 'stripe', sessionId: 'cs_1' });
    expect(stripe.statusCode).toBe(400);
    expect(stripe.json().message).toBe(P.providerNotOffered);
    const malformed = await apiCall(t.app, 'POST', url, user.token, { provider: 'sandbox' });
    expect(malformed.statusCode).toBe(400);
    expect((await attemptsOf(order.id))[0]?.status).toBe('pending');
  });
});

describe('the order core’s own paths: /orders/{orderRef}/payment', () => {
  it('serves an order of any kind, its customer only; a kind’s own path answers only its kind', async () => {
    const { user, order } = await orderWithPayment();
    const own = await apiCall(t.app, 'GET', `/orders/${order.displayId}/payment`, user.token);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ attempt: 1, state: 'PENDING' });
    // Two starts on the two paths answer one attempt.
    const again = await apiCall(t.app, 'POST', `/orders/${order.id}/payment`, user.token, {});
    expect(again.json().data.attempt).toBe(1);
    const options = await apiCall(t.app, 'GET', `/orders/${order.displayId}/payment/options`, user.token);
    expect(options.json().data.map((o: { provider: string }) => o.provider)).toEqual(['sandbox']);

    const stranger = await createSignedInUser(t.app);
    const theirs = await apiCall(t.app, 'GET', `/orders/${order.displayId}/payment`, stranger.token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(ORDER_REF_MESSAGES.notFound);
    // A service order by number on the photo orders' path is not one of theirs.
    expect((await apiCall(t.app, 'GET', `/photo-orders/${order.id}/payment`, user.token)).statusCode).toBe(404);
    const bad = await apiCall(t.app, 'GET', '/orders/XYZ-1/payment', user.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(ORDER_REF_MESSAGES.invalid);
  });
});

describe('the sandbox checkout page', () => {
  it("shows the order and amount to its customer only, and 'Simulate successful payment' pays the order through the webhook", async () => {
    const { user, order, payment, paymentId } = await orderWithPayment();
    const pagePath = new URL(payment.redirectUrl).pathname + new URL(payment.redirectUrl).search;
    const page = await t.app.inject({ url: pagePath, headers: bearer(user.token) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(P.simulateSuccess);
    expect(page.body).toContain(P.simulateFailure);
    expect(page.body).toContain(order.displayId);
    expect(page.body).toContain(`$${(order.price.totalCents / 100).toFixed(2)}`);
    // Its links are thumb-sized (WCAG 2.5.8: 24 px), as the app's own.
    const links = page.body.match(/<a [^>]*>/g) ?? [];
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toContain('min-height:24px');

    const stranger = await createSignedInUser(t.app);
    expect((await t.app.inject({ url: pagePath, headers: bearer(stranger.token) })).statusCode).toBe(404);
    const visitor = await t.app.inject({ url: pagePath });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.body).toContain(P.signInToPay);
    expect(visitor.body).toMatch(/<a href="\/signin" style="[^"]*min-height:24px/);

    const simulate = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/sandbox/checkout',
      headers: { ...bearer(user.token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ payment: paymentId, outcome: 'succeeded' }).toString(),
    });
    expect(simulate.statusCode).toBe(303);
    expect(simulate.headers.location).toBe(`http://localhost:3000/service-payment-success?orderId=${order.displayId}`);
    // Stored, not yet acted on: the job does that.
    expect((await orderRow(order.id))?.status).toBe('Payment pending');
    await t.runJobs();
    expect((await orderRow(order.id))?.status).toBe('Forms incomplete');
    const read = await apiCall(t.app, 'GET', `/application/order/${order.displayId}/payment`, user.token);
    expect(read.json().data).toMatchObject({ state: 'COMPLETED', orderStatus: 'Forms incomplete', redirectUrl: null });
    const receipts = await receiptsOf(order.displayId);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.subject).toBe(`Payment received for your order ${order.displayId}`);
  });

  it("takes UPI as well as a card: the way chosen on the page reaches the order's payment, a mistyped UPI ID is refused", async () => {
    const { user, order, payment, paymentId } = await orderWithPayment();
    const pagePath = new URL(payment.redirectUrl).pathname + new URL(payment.redirectUrl).search;
    const page = await t.app.inject({ url: pagePath, headers: bearer(user.token) });
    expect(page.body).toContain('<legend style="padding:0;font-size:.875rem;font-weight:600">Pay with</legend>');
    expect(page.body).toMatch(/<input type="radio" name="method" value="card" checked> Card/);
    expect(page.body).toMatch(/<input type="radio" name="method" value="upi"> UPI/);
    expect(page.body).toMatch(/<label for="upi-id"[^>]*>Test UPI ID, when paying with UPI \(optional\)<\/label>/);

    const pay = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: SANDBOX_CHECKOUT_PATH,
        headers: { ...bearer(user.token), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ payment: paymentId, outcome: 'succeeded', ...fields }).toString(),
      });
    const mistyped = await pay({ method: 'upi', upiId: 'meera.iyer' });
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.body).toContain(P.upiIdInvalid);
    expect((await sandboxOf(t.app).find(paymentId))?.status).toBe('open');

    expect((await pay({ method: 'upi', upiId: ' Meera.Iyer@okhdfc ', card: '4242 4242 4242 4242' })).statusCode).toBe(
      303,
    );
    await t.runJobs();
    expect((await orderRow(order.id))?.status).toBe('Forms incomplete');
    // The payer is the UPI ID, whatever its case, not the card number typed beside it.
    expect(await attemptsOf(order.id)).toMatchObject([
      { status: 'succeeded', method: 'upi', cardFingerprint: sandboxUpiFingerprint('meera.iyer@okhdfc') },
    ]);
    expect(sandboxUpiFingerprint('meera.iyer@okhdfc')).not.toBe(sandboxCardFingerprint('4242424242424242'));
    const receipt = (await deliveredMail(t.app)).find(
      (m) => m.subject === `Payment received for your order ${order.displayId}`,
    );
    expect(receipt?.text).toContain('Paid with: UPI');
  });

  it('a card stays the way paid when the page is not asked (a row settled before UPI was offered)', async () => {
    const { order, paymentId } = await orderWithPayment();
    await settleAndAnnounce(t, paymentId, 'succeeded');
    await db().execute(sql`update sandbox_payments set method = null where id = ${paymentId}`);
    await t.runJobs();
    expect(await attemptsOf(order.id)).toMatchObject([{ status: 'succeeded', method: 'card', cardFingerprint: null }]);
  });

  it('a held notice takes the charge without telling the app; the settled page sends it, once, to its customer only', async () => {
    const { user, order, payment, paymentId } = await orderWithPayment();
    const form = (path: string, fields: Record<string, string>, token: string) =>
      t.app.inject({
        method: 'POST',
        url: path,
        headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    const pagePath = new URL(payment.redirectUrl).pathname + new URL(payment.redirectUrl).search;
    expect((await t.app.inject({ url: pagePath, headers: bearer(user.token) })).body).toContain(P.simulateLateNotice);

    // The late-notice button sits in the form with "Pay with": what the customer chose goes with it.
    const held = await form(
      SANDBOX_CHECKOUT_PATH,
      { payment: paymentId, method: 'upi', upiId: 'meera.iyer@okhdfc', notice: 'held' },
      user.token,
    );
    expect(held.statusCode).toBe(303);
    await t.runJobs();
    expect((await orderRow(order.id))?.status).toBe('Payment pending');
    const settled = await t.app.inject({ url: pagePath, headers: bearer(user.token) });
    expect(settled.body).toContain(P.sendNotice);
    expect(settled.body).not.toContain(P.simulateSuccess);

    const stranger = await createSignedInUser(t.app);
    expect((await form(SANDBOX_NOTICE_PATH, { payment: paymentId }, stranger.token)).statusCode).toBe(404);
    for (let i = 0; i < 2; i++) {
      expect((await form(SANDBOX_NOTICE_PATH, { payment: paymentId }, user.token)).statusCode).toBe(303);
    }
    await t.runJobs();
    expect((await orderRow(order.id))?.status).toBe('Forms incomplete');
    expect(await receiptsOf(order.displayId)).toHaveLength(1);
    expect(await attemptsOf(order.id)).toMatchObject([
      { status: 'succeeded', method: 'upi', cardFingerprint: sandboxUpiFingerprint('meera.iyer@okhdfc') },
    ]);
  });

  it('a payment whose notice never comes is read from the provider: by the result page, by Pay again, by the sweep', async () => {
    const held = async () => {
      const { user, order, paymentId } = await orderWithPayment();
      await sandboxOf(t.app).settle(paymentId, 'succeeded');
      await t.runJobs();
      expect((await orderRow(order.id))?.status).toBe('Payment pending');
      return { user, order, url: `/application/order/${order.displayId}/payment` };
    };
    // The result page's read: paid, recorded once, one receipt.
    const waited = await held();
    expect((await apiCall(t.app, 'GET', waited.url, waited.user.token)).json().data).toMatchObject({
      attempt: 1,
      state: 'COMPLETED',
    });
    expect((await orderRow(waited.order.id))?.status).toBe('Forms incomplete');
    await t.runJobs();
    expect(await receiptsOf(waited.order.displayId)).toHaveLength(1);

    // Pay pressed again on the paid link: recorded, not continued.
    const again = await held();
    const pay = await apiCall(t.app, 'POST', again.url, again.user.token, {});
    expect(pay.statusCode).toBe(409);
    expect((await orderRow(again.order.id))?.status).toBe('Forms incomplete');
    expect(await attemptsOf(again.order.id)).toMatchObject([{ attemptNumber: 1, status: 'succeeded' }]);

    // Nobody comes back: the sweep reads attempts open past OPEN_ATTEMPT_SWEEP_AFTER_MS.
    const gone = await held();
    await db()
      .update(paymentAttempts)
      .set({ createdAt: new Date(Date.now() - OPEN_ATTEMPT_SWEEP_AFTER_MS - 1000) })
      .where(eq(paymentAttempts.orderId, gone.order.id));
    await t.app.jobs.send(PAYMENT_EVENT_SWEEP_QUEUE, {});
    await t.app.jobs.drain([PAYMENT_EVENT_SWEEP_QUEUE]);
    expect((await orderRow(gone.order.id))?.status).toBe('Forms incomplete');
  });

  it("'Simulate failed payment' fails the attempt, the order stays Payment pending, and a retry is a new attempt", async () => {
    const { user, order, paymentId } = await orderWithPayment();
    const { res } = await settleAndAnnounce(t, paymentId, 'failed');
    expect(res.statusCode).toBe(200);
    await t.runJobs();
    const url = `/application/order/${order.displayId}/payment`;
    // Declined: nothing was taken, so nothing goes back; nothing but the decline closed it.
    expect((await apiCall(t.app, 'GET', url, user.token)).json().data).toMatchObject({
      state: 'FAILED',
      closedBecause: null,
      returned: null,
    });
    expect((await orderRow(order.id))?.status).toBe('Payment pending');
    const retry = await apiCall(t.app, 'POST', url, user.token, {});
    expect(retry.json().data).toMatchObject({ attempt: 2, state: 'PENDING' });
  });
});

describe('POST /payments/webhooks/{provider}: the inbox', () => {
  it('one event replayed 100 times is stored once, records one payment and one status change', async () => {
    const { order, paymentId } = await orderWithPayment();
    const { event, res } = await settleAndAnnounce(t, paymentId, 'succeeded');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isSuccess: true, message: P.webhookReceived });
    for (let i = 0; i < 99; i++) expect((await postEvent(t, event)).statusCode).toBe(200);
    const eventId = JSON.parse(event.body).id;
    expect(
      await db().select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.eventId, eventId)),
    ).toHaveLength(1);
    await t.runJobs();
    // Later, a provider's retry of the same event once more.
    expect((await postEvent(t, event)).statusCode).toBe(200);
    await t.runJobs();
    const paid = (await historyOf(order.id)).filter((h) => h.fromStatus === 'Payment pending');
    expect(paid).toMatchObject([{ toStatus: 'Forms incomplete', changedBy: 'system', remark: P.paidRemark }]);
    expect((await attemptsOf(order.id)).map((a) => a.status)).toEqual(['succeeded']);
    expect(await receiptsOf(order.displayId)).toHaveLength(1);
  });

  it("a provider's retry of an event whose job gave up long ago processes it", async () => {
    const { order, paymentId } = await orderWithPayment();
    const { event } = await settleAndAnnounce(t, paymentId, 'succeeded');
    // The job ran out of attempts (the provider was unreachable for hours): gone from the queue.
    await t.database.db.execute(sql`delete from pgboss.job where name = ${PAYMENT_EVENT_QUEUE}`);
    const eventId = JSON.parse(event.body).id;
    await db()
      .update(paymentWebhookEvents)
      .set({ receivedAt: new Date(Date.now() - PAYMENT_EVENT_REQUEUE_AFTER_MS - 1000) })
      .where(eq(paymentWebhookEvents.eventId, eventId));
    await t.runJobs();
    expect((await orderRow(order.id))?.status).toBe('Payment pending');
    expect((await postEvent(t, event)).statusCode).toBe(200);
    await t.runJobs();
    expect((await orderRow(order.id))?.status).toBe('Forms incomplete');
  });

  it('a forged, tampered or stale signature is a 400 and stores nothing', async () => {
    const { order, paymentId } = await orderWithPayment();
    const sandbox = sandboxOf(t.app);
    await sandbox.settle(paymentId, 'succeeded');
    const genuine = sandbox.signedEvent({ type: SANDBOX_EVENT_TYPES.succeeded, paymentId });
    const forged = { ...genuine, headers: { ...genuine.headers, 'sandbox-signature': 't=1,v1=00ff' } };
    const tampered = { ...genuine, body: genuine.body.replace('payment.succeeded', 'payment.succeedeD') };
    const stale = sandbox.signedEvent(
      { type: SANDBOX_EVENT_TYPES.succeeded, paymentId },
      new Date(Date.now() - 600_000),
    );
    const unsigned = { body: genuine.body, headers: { 'content-type': 'application/json' } };
    for (const event of [forged, tampered, stale, unsigned]) {
      const res = await postEvent(t, event);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ isSuccess: false, message: P.webhookInvalid });
    }
    expect(
      await db().select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.providerPaymentId, paymentId)),
    ).toHaveLength(0);
    await t.runJobs();
    expect((await orderRow(order.id))?.status).toBe('Payment pending');
    expect((await attemptsOf(order.id)).map((a) => a.status)).toEqual(['pending']);
  });

  it('stores and processes a verified event whose text holds a NUL or a lone surrogate, made storable', async () => {
    const { order, paymentId } = await orderWithPayment();
    const sandbox = sandboxOf(t.app);
    await sandbox.settle(paymentId, 'succeeded');
    // Signed over the raw body, in which JSON.stringify writes them as the escapes \u0000 and \ud800.
    const id = `evt_${paymentId}`;
    const event = sandbox.signedEvent({ id: `${id}\u0000\ud800`, type: SANDBOX_EVENT_TYPES.succeeded, paymentId });
    expect(event.body).toContain('\\u0000\\ud800');
    const res = await postEvent(t, event);
    expect(res.statusCode, res.body).toBe(200);
    const stored = await db()
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.providerPaymentId, paymentId));
    expect(stored.map((e) => [e.eventId, (e.payload as { id: string } | null)?.id])).toEqual([
      [`${id}\ufffd`, `${id}\ufffd`],
    ]);
    // A provider's retry is the same event, stored once.
    expect((await postEvent(t, event)).statusCode).toBe(200);
    await t.runJobs();
    expect((await orderRow(order.id))?.status).toBe('Forms incomplete');
    expect(
      await db().select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.providerPaymentId, paymentId)),
    ).toHaveLength(1);
  });

  it('an unknown provider is a 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/payments/webhooks/paypal', payload: '{}' });
    expect(res.statusCode).toBe(404);
  });

  it('a success for another amount than the order now costs is a stray charge: recorded, refunded automatically and e-mailed', async () => {
    const { user, order, paymentId } = await orderWithPayment();
    // The total changed after the payment started, behind checkout's back (no listener heard it).
    await db()
      .update(orders)
      .set({ totalCents: order.price.totalCents + 500 })
      .where(eq(orders.id, order.id));
    await settleAndAnnounce(t, paymentId, 'succeeded');
    await t.runJobs();
    expect((await orderRow(order.id))?.status).toBe('Payment pending');
    expect((await attemptsOf(order.id)).map((a) => a.status)).toEqual(['stray']);
    const read = await apiCall(t.app, 'GET', `/application/order/${order.displayId}/payment`, user.token);
    // The success page tells the customer their money is back, and why (not "declined").
    expect(read.json().data).toMatchObject({
      state: 'FAILED',
      orderStatus: 'Payment pending',
      returned: { amountCents: order.price.totalCents, currency: 'USD', reason: 'order-changed', refund: 'succeeded' },
    });
    expect(await receiptsOf(order.displayId)).toHaveLength(0);
    expect(await refundsOf(order.id)).toMatchObject([
      { reason: 'stray', status: 'succeeded', amountCents: order.price.totalCents },
    ]);
    expect((await sandboxOf(t.app).find(paymentId))?.status).toBe('refunded');
    // The order page lists it too (the money left the customer's account): when it came, and when it went back.
    const [refund] = await refundsOf(order.id);
    const view = (await apiCall(t.app, 'GET', `/application/order/${order.displayId}`, user.token)).json().data;
    expect(view.strayCharges).toEqual([
      {
        amountCents: order.price.totalCents,
        currency: 'USD',
        provider: 'sandbox',
        reason: 'order-changed',
        refund: 'succeeded',
        receivedAt: refund?.createdAt.toISOString(),
        refundedAt: refund?.updatedAt.toISOString(),
      },
    ]);
    const refunded = formatMoney({ amountCents: order.price.totalCents, currency: 'USD' });
    const mail = (await deliveredMail(t.app)).find((m) => m.subject.includes(`order ${order.displayId}`));
    expect(mail?.subject).toBe(`We refunded ${refunded} for your order ${order.displayId}`);
    expect(mail?.text).toContain(P.strayRefunded(refunded, STRAY_CHARGE_REASONS['order-changed']));
    // Still unpaid, at its new total: said, with where to pay it.
    const now = formatMoney({ amountCents: (await orderRow(order.id))?.totalCents ?? 0, currency: 'USD' });
    expect(mail?.text).toContain(`${P.strayOrderUnpaid(now, '')}`.trim());
    expect(mail?.text).toContain(`/checkout?orderId=${order.displayId}`);
    expect(mail?.text).not.toContain('unchanged');
    // The bell says it too, about the order: the customer's trace of a charge and its refund.
    const notes = await db().select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes.map((n) => [n.orderId, n.remark])).toContainEqual([
      order.displayId,
      P.strayRefunded(refunded, STRAY_CHARGE_REASONS['order-changed']),
    ]);
  });

  it('a success for a cancelled order is refunded automatically and leaves the order cancelled', async () => {
    const { user, order, paymentId } = await orderWithPayment();
    await apiCall(t.app, 'POST', `/application/order/${order.displayId}/cancel`, user.token, {});
    // Cancelling closed the attempt: its sandbox link no longer takes a payment.
    await t.runJobs();
    expect((await attemptsOf(order.id)).map((a) => a.status)).toEqual(['superseded']);
    expect((await sandboxOf(t.app).find(paymentId))?.status).toBe('expired');
    const closed = await apiCall(t.app, 'GET', `/application/order/${order.displayId}/payment`, user.token);
    expect(closed.json().data).toMatchObject({ state: 'FAILED', closedBecause: 'cancelled' });
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/v1/payments/sandbox/checkout?payment=${paymentId}`,
      headers: bearer(user.token),
    });
    expect(page.body).toContain(escapeHtml(P.linkClosed));
    expect(page.body).toContain('Payment link closed</h1>');
    expect(page.body).not.toContain(P.simulateSuccess);
    // A provider that cannot close its payment (Razorpay) may still take it: forced here.
    await db().execute(sql`update sandbox_payments set status = 'succeeded' where id = ${paymentId}`);
    const before = await historyOf(order.id);
    await postEvent(t, sandboxOf(t.app).signedEvent({ type: SANDBOX_EVENT_TYPES.succeeded, paymentId }));
    await t.runJobs();
    expect((await orderRow(order.id))?.status).toBe('Cancelled');
    expect(await historyOf(order.id)).toEqual(before);
    expect(await receiptsOf(order.displayId)).toHaveLength(0);
    expect((await attemptsOf(order.id)).map((a) => a.status)).toEqual(['stray']);
    expect(await refundsOf(order.id)).toMatchObject([{ reason: 'stray', status: 'succeeded' }]);
    const refundMail = (await deliveredMail(t.app)).find(
      (m) => m.subject.startsWith('We refunded') && m.subject.endsWith(order.displayId),
    );
    expect(refundMail?.text).toContain(P.strayOrderCancelled);
    const read = await apiCall(t.app, 'GET', `/application/order/${order.displayId}/payment`, user.token);
    expect(read.json().data).toMatchObject({
      state: 'FAILED',
      orderStatus: 'Cancelled',
      closedBecause: null,
      returned: { amountCents: order.price.totalCents, reason: 'cancelled', refund: 'succeeded' },
    });
  });

  it('a success for an order whose forms and documents are all in lands on Order pending: one move, one notification', async () => {
    const { user, order, paymentId } = await orderWithPayment();
    const ref = order.displayId;
    const memberId = order.members[0]?.id ?? 0;
    const form = `/application/order/${ref}/members/${memberId}/form`;
    await apiCall(t.app, 'PUT', form, user.token, { currentStep: 1, answers: completeOciAnswers('Adult') });
    expect((await apiCall(t.app, 'POST', `${form}/review`, user.token)).statusCode).toBe(200);
    await uploadItems(t.app, user.token, ref, memberId, await requiredItems(t.app, user.token, ref, memberId));
    await settleAndAnnounce(t, paymentId, 'succeeded');
    await t.runJobs();
    const moves = (await historyOf(order.id)).map((h) => [h.fromStatus, h.toStatus]);
    // Not through Forms incomplete: the customer who had finished everything was told so first.
    expect(moves).toEqual([
      [null, 'Payment pending'],
      ['Payment pending', 'Order pending'],
    ]);
    const { notifications } = await t.app.services.notifications.list(user.id, { page: 1, limit: 10 });
    expect(notifications.filter((n) => n.orderId === ref)).toMatchObject([
      { orderStatus: 'Order pending', remark: P.paidRemark },
    ]);
  });

  it('a failure arriving after the success changes nothing', async () => {
    const { order, paymentId } = await orderWithPayment();
    await settleAndAnnounce(t, paymentId, 'succeeded');
    // Out of order: a failure event for the same payment (the provider's record still says paid).
    await postEvent(t, sandboxOf(t.app).signedEvent({ type: SANDBOX_EVENT_TYPES.failed, paymentId }));
    await t.runJobs();
    expect((await orderRow(order.id))?.status).toBe('Forms incomplete');
    expect((await attemptsOf(order.id)).map((a) => a.status)).toEqual(['succeeded']);
  });

  it('an event stored before the process stopped is processed after the restart', async () => {
    const first = await buildTestApp();
    const { order, paymentId } = await orderWithPayment(first);
    const { res } = await settleAndAnnounce(first, paymentId, 'succeeded');
    expect(res.statusCode).toBe(200);
    // The process stops between the 200 and the job.
    await first.app.close();
    const second = await buildTestApp({}, { database: first.database });
    try {
      expect((await orderRow(order.id, second))?.status).toBe('Payment pending');
      await second.runJobs();
      expect((await orderRow(order.id, second))?.status).toBe('Forms incomplete');
      expect((await historyOf(order.id, second)).filter((h) => h.fromStatus === 'Payment pending')).toHaveLength(1);
    } finally {
      await second.close();
      await first.database.close();
    }
  });
});
