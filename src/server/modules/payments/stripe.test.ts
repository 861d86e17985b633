import { eq } from 'drizzle-orm';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../../domain/catalog/money.ts';
import {
  PAYMENT_MESSAGES as P,
  STRAY_CHARGE_REASONS,
  STRIPE_SESSION_ID_PARAM,
} from '../../../domain/payments/payment.ts';
import { loadEnv } from '../../env.ts';
import { deliveredMail } from '../../mail/testing.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { apiCall, seededPackage, startApplication } from '../applications/testing.ts';
import { createSignedInUser } from '../auth/testing.ts';
import { paymentAttempts } from '../orders/ledger-tables.ts';
import { PAY_TIME_LEFT_MS } from './service.ts';
import { createStripeProvider, STRIPE_SESSION_LIFETIME_SECONDS } from './stripe.ts';
import { paymentWebhookEvents } from './tables.ts';
import { createStripeFake, FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET } from './testing/stripe-fake.ts';
import { paymentRecords } from './testing.ts';

const fake = createStripeFake();
const server = setupServer(...fake.handlers);
const STRIPE_ENV = {
  PAYMENT_PROVIDERS: 'stripe,sandbox',
  STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
};

let t: TestApp;
beforeAll(async () => {
  // Only Stripe's host is faked: app.inject and the database never touch the network.
  server.listen({ onUnhandledFrame: 'bypass' });
  t = await buildTestApp(STRIPE_ENV);
});
afterAll(async () => {
  await t.close();
  server.close();
});

const WEBHOOK = '/api/v1/payments/webhooks/stripe';
const { orderRow, attemptsOf, paidMoves, receiptsOf, postEvent, refundsOf, strayMailsOf } = paymentRecords(
  () => t,
  WEBHOOK,
);
const db = () => t.database.db;
const sessionIdOf = (redirectUrl: string) => redirectUrl.split('/').pop() ?? '';

/** A customer's order with a Stripe payment started on it. */
async function orderWithSession() {
  const user = await createSignedInUser(t.app);
  const order = await startApplication(t.app, user.token);
  const url = `/application/order/${order.displayId}/payment`;
  const res = await apiCall(t.app, 'POST', url, user.token, { provider: 'stripe' });
  expect(res.statusCode).toBe(200);
  const payment = res.json().data;
  return { user, order, url, payment, sessionId: sessionIdOf(payment.redirectUrl) };
}

describe('Stripe Checkout Sessions', () => {
  it("starts a session for the server's amount with the attempt key, and a double start makes one session", async () => {
    const user = await createSignedInUser(t.app);
    const order = await startApplication(t.app, user.token);
    const url = `/application/order/${order.displayId}/payment`;
    const [a, b] = await Promise.all([
      apiCall(t.app, 'POST', url, user.token, { provider: 'stripe', amountCents: 1 }),
      apiCall(t.app, 'POST', url, user.token, { provider: 'stripe' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data).toMatchObject({ provider: 'stripe', state: 'PENDING', amountCents: order.price.totalCents });
    expect(b.json().data.redirectUrl).toBe(a.json().data.redirectUrl);
    expect(a.json().data.redirectUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);

    const key = `order-${order.id}-attempt-1`;
    const sessions = [...fake.sessions.values()].filter((s) => s.client_reference_id === key);
    expect(sessions).toHaveLength(1);
    const [session] = sessions;
    expect(session).toMatchObject({
      amount_total: order.price.totalCents,
      currency: 'usd',
      metadata: { attemptKey: key, orderDisplayId: order.displayId },
      cancel_url: `http://localhost:3000/checkout?orderId=${order.displayId}`,
      success_url: `http://localhost:3000/service-payment-success?orderId=${order.displayId}&${STRIPE_SESSION_ID_PARAM}={CHECKOUT_SESSION_ID}`,
      line_item: { unit_amount: order.price.totalCents, quantity: 1 },
    });
    expect(session?.line_item.name).toContain(order.displayId);
    const lifetime = (session?.expires_at ?? 0) - Date.now() / 1000;
    expect(lifetime).toBeGreaterThanOrEqual(30 * 60);
    expect(lifetime).toBeLessThanOrEqual(24 * 60 * 60);
    const creates = fake.requests.filter(
      (r) => r.path === '/v1/checkout/sessions' && r.form.get('client_reference_id') === key,
    );
    expect(creates.length).toBeGreaterThanOrEqual(1);
    for (const create of creates) expect(create.idempotencyKey).toBe(key);
    expect((await attemptsOf(order.id)).map((x) => x.providerPaymentId)).toEqual([session?.id]);
  });

  it('charges a Canadian order in CAD', async () => {
    const user = await createSignedInUser(t.app);
    const { pkg } = await seededPackage(t.app, 'oci-card', 'new-oci-card', { applyingFrom: 'CA' });
    const order = await startApplication(t.app, user.token, { packageId: pkg.id, choices: { applyingFrom: 'CA' } });
    const res = await apiCall(t.app, 'POST', `/application/order/${order.displayId}/payment`, user.token, {
      provider: 'stripe',
    });
    expect(res.json().data).toMatchObject({ currency: 'CAD', amountCents: order.price.totalCents, exchangeRate: null });
    expect(fake.sessions.get(sessionIdOf(res.json().data.redirectUrl))?.currency).toBe('cad');
  });

  it('checkout.session.completed replayed 100 times records one payment and one status change', async () => {
    const { order, url, user, sessionId } = await orderWithSession();
    fake.pay(sessionId);
    const event = fake.signedEvent('checkout.session.completed', sessionId);
    const responses = await Promise.all(Array.from({ length: 100 }, () => postEvent(event)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(100).fill(200));
    const eventId = JSON.parse(event.body).id;
    expect(
      await db().select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.eventId, eventId)),
    ).toHaveLength(1);
    await t.runJobs();
    expect((await postEvent(event)).statusCode).toBe(200);
    await t.runJobs();
    expect(await paidMoves(order.id)).toMatchObject([{ toStatus: 'Forms incomplete', remark: P.paidRemark }]);
    expect((await attemptsOf(order.id)).map((a) => a.status)).toEqual(['succeeded']);
    expect(await receiptsOf(order.displayId)).toHaveLength(1);
    const read = await apiCall(t.app, 'GET', url, user.token);
    expect(read.json().data).toMatchObject({ state: 'COMPLETED', redirectUrl: null });
  });

  it("keeps the provider's event, with the customer's details in it, only until it is processed", async () => {
    const { order, user, sessionId } = await orderWithSession();
    fake.pay(sessionId);
    const event = fake.signedEvent('checkout.session.completed', sessionId);
    expect((await postEvent(event)).statusCode).toBe(200);
    const stored = () =>
      db()
        .select()
        .from(paymentWebhookEvents)
        .where(eq(paymentWebhookEvents.eventId, JSON.parse(event.body).id));
    expect(JSON.stringify((await stored())[0]?.payload)).toContain(user.email);
    await t.runJobs();
    expect((await orderRow(order.id))?.status).toBe('Forms incomplete');
    // The row stays, so a replay is still recognised; what the provider said about the payer does not.
    expect(await stored()).toMatchObject([{ payload: null, providerPaymentId: sessionId }]);
    expect((await postEvent(event)).statusCode).toBe(200);
    expect(await stored()).toHaveLength(1);
  });

  it('a forged, tampered, stale or unsigned event is a 400 and stores nothing', async () => {
    const { order, sessionId } = await orderWithSession();
    fake.pay(sessionId);
    const genuine = fake.signedEvent('checkout.session.completed', sessionId);
    const forged = fake.signedEvent('checkout.session.completed', sessionId, { secret: 'whsec_someone_else' });
    const tampered = { ...genuine, body: genuine.body.replace('"amount_total":', '"amount_total": ') };
    const stale = fake.signedEvent('checkout.session.completed', sessionId, { at: new Date(Date.now() - 600_000) });
    const unsigned = { body: genuine.body, headers: { 'content-type': 'application/json' } };
    for (const event of [forged, tampered, stale, unsigned]) {
      const res = await postEvent(event);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ isSuccess: false, message: P.webhookInvalid });
    }
    expect(
      await db().select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.providerPaymentId, sessionId)),
    ).toHaveLength(0);
    await t.runJobs();
    expect((await orderRow(order.id))?.status).toBe('Payment pending');
  });

  it.each<[string, { amountCents?: number; currency?: string }]>([
    ['amount', { amountCents: 100 }],
    ['currency', { currency: 'cad' }],
  ])(
    'a success for the wrong %s is a stray charge: recorded, refunded in full through Stripe and e-mailed; the order stays unpaid',
    async (_what, paid) => {
      const { order, url, user, sessionId } = await orderWithSession();
      fake.pay(sessionId, paid);
      await postEvent(fake.signedEvent('checkout.session.completed', sessionId));
      await t.runJobs();
      expect((await orderRow(order.id))?.status).toBe('Payment pending');
      expect((await attemptsOf(order.id)).map((a) => a.status)).toEqual(['stray']);
      expect((await apiCall(t.app, 'GET', url, user.token)).json().data).toMatchObject({ state: 'FAILED' });
      expect(await receiptsOf(order.displayId)).toHaveLength(0);
      const paidCents = paid.amountCents ?? order.price.totalCents;
      expect(await refundsOf(order.id)).toMatchObject([
        { reason: 'stray', status: 'succeeded', providerAmountCents: paidCents },
      ]);
      expect(fake.refunds.map((r) => r.amount)).toContain(paidCents);
      const refunded = formatMoney({ amountCents: paidCents, currency: paid.currency ? 'CAD' : 'USD' });
      expect(await strayMailsOf(order.displayId)).toHaveLength(1);
      const [mail] = (await deliveredMail(t.app)).filter((m) => m.subject.includes(`order ${order.displayId}`));
      expect(mail?.subject).toBe(`We refunded ${refunded} for your order ${order.displayId}`);
      expect(mail?.text).toContain(P.strayRefunded(refunded, STRAY_CHARGE_REASONS.amount));
    },
  );

  it('an expired session fails the attempt, and a retry is a new attempt with a new session', async () => {
    const { order, url, user, sessionId } = await orderWithSession();
    // Stripe's session outlives the attempt by PAY_TIME_LEFT_MS: its expiry comes once ours has passed.
    await db()
      .update(paymentAttempts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentAttempts.orderId, order.id));
    fake.expire(sessionId);
    await postEvent(fake.signedEvent('checkout.session.expired', sessionId));
    await t.runJobs();
    // The result page says the link expired, not that a payment was declined.
    expect((await apiCall(t.app, 'GET', url, user.token)).json().data).toMatchObject({
      state: 'FAILED',
      closedBecause: 'expired',
    });
    expect((await orderRow(order.id))?.status).toBe('Payment pending');
    const retry = await apiCall(t.app, 'POST', url, user.token, { provider: 'stripe' });
    expect(retry.json().data).toMatchObject({ attempt: 2, state: 'PENDING' });
    const second = sessionIdOf(retry.json().data.redirectUrl);
    expect(second).not.toBe(sessionId);
    expect(fake.sessions.get(second)?.client_reference_id).toBe(`order-${order.id}-attempt-2`);
  });

  it('hands out a new session once the open one has under ten minutes of its hour left, before Stripe says it expired', async () => {
    const { order, url, user, sessionId } = await orderWithSession();
    const [attempt] = await attemptsOf(order.id);
    const sessionEnds = (fake.sessions.get(sessionId)?.expires_at ?? 0) * 1000;
    // The attempt is continued only while the customer has time left on Stripe's page.
    // (Stripe's expiry is in whole seconds, ours in milliseconds.)
    const left = sessionEnds - (attempt?.expiresAt?.getTime() ?? 0);
    expect(Math.abs(left - PAY_TIME_LEFT_MS)).toBeLessThan(2000);
    // Its time runs out (no checkout.session.expired has come): a return to pay gets a live session.
    await db()
      .update(paymentAttempts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentAttempts.id, attempt?.id ?? 0));
    const again = await apiCall(t.app, 'POST', url, user.token, { provider: 'stripe' });
    expect(again.json().data).toMatchObject({ attempt: 2, state: 'PENDING' });
    expect(sessionIdOf(again.json().data.redirectUrl)).not.toBe(sessionId);
  });

  it('a delayed payment that fails (async_payment_failed) fails the attempt', async () => {
    const { order, url, user, sessionId } = await orderWithSession();
    fake.failAsync(sessionId);
    await postEvent(fake.signedEvent('checkout.session.async_payment_failed', sessionId));
    await t.runJobs();
    expect((await apiCall(t.app, 'GET', url, user.token)).json().data).toMatchObject({ state: 'FAILED' });
    expect((await orderRow(order.id))?.status).toBe('Payment pending');
  });
});

describe('confirming a Stripe session from the return page', () => {
  it("confirms the attempt's own paid session at once; the webhook after it changes nothing more", async () => {
    const { order, user, sessionId } = await orderWithSession();
    fake.pay(sessionId);
    const confirm = `/application/order/${order.displayId}/payment/confirm`;
    const res = await apiCall(t.app, 'POST', confirm, user.token, { provider: 'stripe', sessionId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: P.confirmed,
      data: { state: 'COMPLETED', orderStatus: 'Forms incomplete' },
    });
    await postEvent(fake.signedEvent('checkout.session.completed', sessionId));
    await t.runJobs();
    expect(await paidMoves(order.id)).toHaveLength(1);
    expect(await receiptsOf(order.displayId)).toHaveLength(1);
  });

  it("an open (unpaid) session confirms as PENDING; another attempt's session is a 400 and changes nothing", async () => {
    const mine = await orderWithSession();
    const theirs = await orderWithSession();
    fake.pay(theirs.sessionId);
    const confirm = `/application/order/${mine.order.displayId}/payment/confirm`;
    const open = await apiCall(t.app, 'POST', confirm, mine.user.token, {
      provider: 'stripe',
      sessionId: mine.sessionId,
    });
    expect(open.json().data).toMatchObject({ state: 'PENDING' });
    const foreign = await apiCall(t.app, 'POST', confirm, mine.user.token, {
      provider: 'stripe',
      sessionId: theirs.sessionId,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(P.confirmationRefused);
    expect((await orderRow(mine.order.id))?.status).toBe('Payment pending');
    expect((await attemptsOf(mine.order.id)).map((a) => a.status)).toEqual(['pending']);
  });
});

describe('the Stripe provider', () => {
  const provider = createStripeProvider({
    secretKey: FAKE_STRIPE_SECRET_KEY,
    webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
  });
  const input = {
    order: { id: 1, displayId: 'DOC-10000001', title: 'New OCI Card', email: 'priya@example.com' },
    amountCents: 70800,
    currency: 'USD' as const,
    attemptKey: `refund-test-${Date.now()}`,
    returnUrl: 'http://localhost:3000/service-payment-success?orderId=DOC-10000001',
    cancelUrl: 'http://localhost:3000/checkout?orderId=DOC-10000001',
    openedAt: new Date(),
  };

  it("refunds the session's payment with the idempotency key it is given", async () => {
    const created = await provider.createPayment(input);
    const sessionId = created.providerPaymentId ?? '';
    fake.pay(sessionId);
    const key = `${input.attemptKey}-refund-1`;
    const first = await provider.refund({ providerPaymentId: sessionId, amountCents: 70800, idempotencyKey: key });
    const again = await provider.refund({ providerPaymentId: sessionId, amountCents: 70800, idempotencyKey: key });
    expect(again.refundId).toBe(first.refundId);
    const calls = fake.requests.filter((r) => r.path === '/v1/refunds' && r.idempotencyKey === key);
    expect(calls).toHaveLength(2);
    expect(calls[0]?.form.get('payment_intent')).toBe(fake.sessions.get(sessionId)?.payment_intent);
    expect(calls[0]?.form.get('amount')).toBe('70800');
    expect(fake.refunds.filter((r) => r.id === first.refundId)).toHaveLength(1);
    // A refund staff look up by its id (one made by hand): this session's payment's, or none.
    expect(await provider.findRefund({ providerPaymentId: sessionId, refundId: first.refundId })).toEqual({
      amountCents: 70800,
      status: 'succeeded',
    });
    expect(await provider.findRefund({ providerPaymentId: sessionId, refundId: 're_typo' })).toBeNull();
    const other = await provider.createPayment({ ...input, attemptKey: `${input.attemptKey}-other` });
    fake.pay(other.providerPaymentId ?? '');
    expect(
      await provider.findRefund({ providerPaymentId: other.providerPaymentId ?? '', refundId: first.refundId }),
    ).toBeNull();
  });

  it('reads a paid session as refunded once its charge went back in full, and closes an open session', async () => {
    const created = await provider.createPayment({ ...input, attemptKey: `${input.attemptKey}-refunded` });
    const sessionId = created.providerPaymentId ?? '';
    fake.pay(sessionId, { cardFingerprint: 'Xt5EWLLDS7FJjR1c' });
    // The card's fingerprint comes with the charge (referrals compare it, issue 29).
    expect(await provider.fetchPayment(sessionId)).toMatchObject({
      cardFingerprint: 'Xt5EWLLDS7FJjR1c',
      method: 'card',
    });
    await provider.refund({ providerPaymentId: sessionId, amountCents: 30000, idempotencyKey: `${sessionId}-part` });
    expect((await provider.fetchPayment(sessionId)).status).toBe('succeeded');
    await provider.refund({ providerPaymentId: sessionId, amountCents: 40800, idempotencyKey: `${sessionId}-rest` });
    expect((await provider.fetchPayment(sessionId)).status).toBe('refunded');

    const open = await provider.createPayment({ ...input, attemptKey: `${input.attemptKey}-closed` });
    await provider.closePayment?.(open.providerPaymentId ?? '');
    expect(fake.sessions.get(open.providerPaymentId ?? '')?.status).toBe('expired');
    expect((await provider.fetchPayment(open.providerPaymentId ?? '')).status).toBe('expired');
    // Closing again, or closing a paid session, is not an error.
    await provider.closePayment?.(open.providerPaymentId ?? '');
    await provider.closePayment?.(sessionId);
  });

  it('sends the same expiry on every create of one attempt, an hour after it opened, so a repeat answers the one session', async () => {
    const openedAt = new Date(Date.now() - 10 * 60 * 1000);
    const again = { ...input, attemptKey: `${input.attemptKey}-expiry`, openedAt };
    const first = await provider.createPayment(again);
    expect((await provider.createPayment(again)).providerPaymentId).toBe(first.providerPaymentId);
    expect(fake.sessions.get(first.providerPaymentId ?? '')?.expires_at).toBe(
      Math.floor(openedAt.getTime() / 1000) + STRIPE_SESSION_LIFETIME_SECONDS,
    );
  });

  it('answers events it does not act on without a payment', async () => {
    const created = await provider.createPayment({ ...input, attemptKey: `${input.attemptKey}-other` });
    const event = fake.signedEvent('customer.created', created.providerPaymentId ?? '');
    const verified = await provider.verifyWebhook(event.body, event.headers);
    expect(verified).toMatchObject({ type: 'customer.created', providerPaymentId: null, attemptKey: null });
  });

  it('is required to have both secrets when offered', () => {
    expect(() => loadEnv({ PAYMENT_PROVIDERS: 'stripe' })).toThrow(/STRIPE_SECRET_KEY.*\n.*STRIPE_WEBHOOK_SECRET/);
    expect(loadEnv(STRIPE_ENV).PAYMENT_PROVIDERS).toEqual(['stripe', 'sandbox']);
  });
});
