import { eq, sql } from 'drizzle-orm';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES as P, PAYMENT_PROVIDER_LABELS } from '../../../domain/payments/payment.ts';
import { EnvError, loadEnv } from '../../env.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { apiCall, startApplication } from '../applications/testing.ts';
import { createSignedInUser } from '../auth/testing.ts';
import { paymentAttempts } from '../orders/ledger-tables.ts';
import { WebhookVerificationError } from './provider.ts';
import { createSquareProvider, SQUARE_WEBHOOK_PATH, squareOptionsFrom } from './square.ts';
import { paymentWebhookEvents } from './tables.ts';
import {
  createSquareFake,
  type RawPayment,
  SQUARE_TEST_TOKENS,
  squareEvent,
  squareSignature,
} from './testing/square-fake.ts';
import { paymentRecords } from './testing.ts';

const SQUARE_ENV = {
  PAYMENT_PROVIDERS: 'square,sandbox',
  SQUARE_ACCESS_TOKEN: 'EAAA-test-access-token',
  SQUARE_APPLICATION_ID: 'sandbox-sq0idb-test-application',
  SQUARE_LOCATION_ID: 'LTESTLOCATION',
  SQUARE_WEBHOOK_SIGNATURE_KEY: 'test-signature-key',
};
const NOTIFICATION_URL = `http://localhost:3000${SQUARE_WEBHOOK_PATH}`;
const signing = { signatureKey: SQUARE_ENV.SQUARE_WEBHOOK_SIGNATURE_KEY, notificationUrl: NOTIFICATION_URL };

const fake = createSquareFake({ accessToken: SQUARE_ENV.SQUARE_ACCESS_TOKEN });
// Only Square's host is faked: app.inject and the database are not HTTP and pass untouched.
const server = setupServer(...fake.handlers);
let t: TestApp;
beforeAll(async () => {
  server.listen({ onUnhandledFrame: 'bypass' });
  t = await buildTestApp(SQUARE_ENV);
});
afterEach(() => {
  fake.requests.length = 0;
});
afterAll(async () => {
  await t.close();
  server.close();
});

const { orderRow, attemptsOf, paidMoves, receiptsOf, postEvent, refundsOf, strayMailsOf } = paymentRecords(
  () => t,
  SQUARE_WEBHOOK_PATH,
);
const orderStatus = async (id: number) => (await orderRow(id))?.status;
const db = () => t.database.db;

/** A customer's order with a Square payment started (attempt 1; nothing at Square yet). */
async function orderPayingWithSquare() {
  const user = await createSignedInUser(t.app);
  const order = await startApplication(t.app, user.token);
  const ref = order.displayId;
  const res = await apiCall(t.app, 'POST', `/application/order/${ref}/payment`, user.token, { provider: 'square' });
  expect(res.statusCode).toBe(200);
  const confirm = (sourceId: string, extra: object = {}) =>
    apiCall(t.app, 'POST', `/application/order/${ref}/payment/confirm`, user.token, {
      provider: 'square',
      sourceId,
      ...extra,
    });
  return { user, order, ref, payment: res.json().data, confirm };
}

describe('Square: start and confirm', () => {
  it("starts with the public values for Square's card form and creates nothing at Square", async () => {
    const { user, ref, payment } = await orderPayingWithSquare();
    expect(payment).toMatchObject({
      provider: 'square',
      state: 'PENDING',
      redirectUrl: null,
      checkout: {
        kind: 'square',
        applicationId: SQUARE_ENV.SQUARE_APPLICATION_ID,
        locationId: SQUARE_ENV.SQUARE_LOCATION_ID,
        scriptUrl: 'https://sandbox.web.squarecdn.com/v1/square.js',
      },
    });
    expect(fake.requests).toHaveLength(0);
    const options = await apiCall(t.app, 'GET', `/application/order/${ref}/payment/options`, user.token);
    expect(options.json().data.map((o: { provider: string }) => o.provider)).toEqual(['square', 'sandbox']);
    expect(options.json().data[0]).toMatchObject({ label: PAYMENT_PROVIDER_LABELS.square, currency: 'USD' });
  });

  it("charges the card token for the server's amount with the attempt key, and the order is paid once", async () => {
    const { order, confirm } = await orderPayingWithSquare();
    // An amount the browser sends is not read: the attempt's charge is.
    const res = await confirm(SQUARE_TEST_TOKENS.ok, { amountCents: 1, verificationToken: 'verf-token' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: P.confirmed,
      data: { state: 'COMPLETED', orderStatus: 'Forms incomplete' },
    });
    const [create] = fake.requests;
    expect(fake.requests).toHaveLength(1);
    expect(create).toMatchObject({
      method: 'POST',
      path: '/v2/payments',
      authorization: `Bearer ${SQUARE_ENV.SQUARE_ACCESS_TOKEN}`,
      body: {
        source_id: SQUARE_TEST_TOKENS.ok,
        verification_token: 'verf-token',
        idempotency_key: `order-${order.id}-attempt-1`,
        reference_id: `order-${order.id}-attempt-1`,
        amount_money: { amount: order.price.totalCents, currency: 'USD' },
        location_id: SQUARE_ENV.SQUARE_LOCATION_ID,
        autocomplete: true,
      },
    });
    const [attempt] = await attemptsOf(order.id);
    expect(attempt).toMatchObject({
      status: 'succeeded',
      providerPaymentId: expect.stringMatching(/^sq_pay_/),
      method: 'card',
    });
    expect(await orderStatus(order.id)).toBe('Forms incomplete');
    expect(await receiptsOf(order.displayId)).toHaveLength(1);

    // A repeated confirm (a double click) charges nothing more and answers the same.
    const again = await confirm(SQUARE_TEST_TOKENS.ok);
    expect(again.json().data).toMatchObject({ state: 'COMPLETED' });
    expect(fake.requests).toHaveLength(1);
    expect(await paidMoves(order.id)).toHaveLength(1);
  });

  it('a declined card fails the attempt (not a 502), and the retry is a new attempt with a new key', async () => {
    const { user, order, ref, confirm } = await orderPayingWithSquare();
    const declined = await confirm(SQUARE_TEST_TOKENS.declined);
    expect(declined.statusCode).toBe(200);
    expect(declined.json().data).toMatchObject({ state: 'FAILED', orderStatus: 'Payment pending' });
    expect(await orderStatus(order.id)).toBe('Payment pending');

    const retry = await apiCall(t.app, 'POST', `/application/order/${ref}/payment`, user.token, { provider: 'square' });
    expect(retry.json().data).toMatchObject({ attempt: 2, state: 'PENDING' });
    const paid = await confirm(SQUARE_TEST_TOKENS.ok);
    expect(paid.json().data).toMatchObject({ attempt: 2, state: 'COMPLETED' });
    expect(fake.requests.map((r) => r.body?.idempotency_key)).toEqual([
      `order-${order.id}-attempt-1`,
      `order-${order.id}-attempt-2`,
    ]);
    expect((await attemptsOf(order.id)).map((a) => a.status)).toEqual(['failed', 'succeeded']);
  });

  it('a card refused without a payment object also fails the attempt, with no Square id recorded', async () => {
    const { order, confirm } = await orderPayingWithSquare();
    const res = await confirm(SQUARE_TEST_TOKENS.rejectedCvv);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'FAILED', orderStatus: 'Payment pending' });
    expect(await attemptsOf(order.id)).toMatchObject([{ status: 'failed', providerPaymentId: null }]);
  });

  it('a spent token is refused with 400 and the attempt stays open', async () => {
    const { order, confirm } = await orderPayingWithSquare();
    const res = await confirm(SQUARE_TEST_TOKENS.used);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(P.confirmationRefused);
    expect((await attemptsOf(order.id)).map((a) => a.status)).toEqual(['pending']);
  });
});

describe('Square: confirm beside another transaction on the order', () => {
  it('waits for a transaction that holds the order and then writes its attempt (as starting a payment does): no deadlock', async () => {
    const { order, confirm } = await orderPayingWithSquare();
    let held!: () => void;
    const orderLocked = new Promise<void>((resolve) => {
      held = resolve;
    });
    // Starting a payment locks the order, then writes its attempts (it supersedes the open one).
    const starting = db().transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM orders WHERE id = ${order.id} FOR UPDATE`);
      held();
      await new Promise((resolve) => setTimeout(resolve, 500));
      await tx.update(paymentAttempts).set({ updatedAt: new Date() }).where(eq(paymentAttempts.orderId, order.id));
    });
    await orderLocked;
    // Confirm learns Square's payment id here: it must not write it before it holds the order too.
    const [, confirmed] = await Promise.all([starting, confirm(SQUARE_TEST_TOKENS.ok)]);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toMatchObject({ state: 'COMPLETED', orderStatus: 'Forms incomplete' });
    expect(await attemptsOf(order.id)).toMatchObject([
      { status: 'succeeded', providerPaymentId: expect.stringMatching(/^sq_pay_/) },
    ]);
  });
});

describe('Square: webhooks', () => {
  it("an event quicker than confirm's answer is matched by reference_id, and replayed 100 times it pays the order once", async () => {
    const { order, confirm } = await orderPayingWithSquare();
    const release = fake.holdCreatePayments();
    const confirming = confirm(SQUARE_TEST_TOKENS.ok);
    // Square has charged the card; its answer to our CreatePayment has not arrived yet.
    await expect
      .poll(
        () =>
          fake.payments.size > 0 &&
          [...fake.payments.values()].some((p) => p.reference_id === `order-${order.id}-attempt-1`),
      )
      .toBe(true);
    const payment = [...fake.payments.values()].find(
      (p) => p.reference_id === `order-${order.id}-attempt-1`,
    ) as RawPayment;
    const event = squareEvent(payment, signing);
    for (let i = 0; i < 100; i++) expect((await postEvent(event)).statusCode).toBe(200);
    const eventId = JSON.parse(event.body).event_id;
    expect(
      await db().select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.eventId, eventId)),
    ).toHaveLength(1);
    await t.runJobs();
    expect(await orderStatus(order.id)).toBe('Forms incomplete');
    expect((await attemptsOf(order.id))[0]).toMatchObject({ status: 'succeeded', providerPaymentId: payment.id });

    release();
    const res = await confirming;
    expect(res.json().data).toMatchObject({ state: 'COMPLETED' });
    expect(await paidMoves(order.id)).toMatchObject([{ toStatus: 'Forms incomplete', remark: P.paidRemark }]);
    expect(await receiptsOf(order.displayId)).toHaveLength(1);
  });

  it('a forged, tampered, misaddressed or unsigned event is a 400 and stores nothing', async () => {
    const { order } = await orderPayingWithSquare();
    const payment = fake.put({
      amount_money: { amount: order.price.totalCents, currency: 'USD' },
      reference_id: `order-${order.id}-attempt-1`,
    });
    const genuine = squareEvent(payment, signing);
    const forged = squareEvent(payment, { ...signing, signatureKey: 'an attacker key' });
    const tampered = { ...genuine, body: genuine.body.replace('payment.updated', 'payment.created') };
    const misaddressed = squareEvent(payment, { ...signing, notificationUrl: 'https://elsewhere.example/hook' });
    const unsigned = { body: genuine.body, headers: { 'content-type': 'application/json' } };
    for (const event of [forged, tampered, misaddressed, unsigned]) {
      const res = await postEvent(event);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ isSuccess: false, message: P.webhookInvalid });
    }
    expect(
      await db().select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.providerPaymentId, payment.id)),
    ).toHaveLength(0);
    await t.runJobs();
    expect(await orderStatus(order.id)).toBe('Payment pending');
    expect((await attemptsOf(order.id)).map((a) => a.status)).toEqual(['pending']);
  });

  it('verifyWebhook awaits the signature check: a forged signature is refused, a genuine one accepted', async () => {
    const provider = await createSquareProvider(
      squareOptionsFrom({ ...SQUARE_ENV, SQUARE_ENVIRONMENT: 'sandbox', siteUrl: 'http://localhost:3000' }),
    );
    const payment = fake.put({ amount_money: { amount: 100, currency: 'USD' }, reference_id: 'order-1-attempt-1' });
    const genuine = squareEvent(payment, signing);
    await expect(provider.verifyWebhook(genuine.body, genuine.headers)).resolves.toMatchObject({
      id: JSON.parse(genuine.body).event_id,
      type: 'payment.updated',
      providerPaymentId: payment.id,
      attemptKey: 'order-1-attempt-1',
    });
    const forgedHeader = {
      'x-square-hmacsha256-signature': squareSignature('wrong key', NOTIFICATION_URL, genuine.body),
    };
    await expect(provider.verifyWebhook(genuine.body, forgedHeader)).rejects.toBeInstanceOf(WebhookVerificationError);
    // Another event type names no payment for the job to act on.
    const other = squareEvent(payment, { ...signing, type: 'refund.updated' });
    await expect(provider.verifyWebhook(other.body, other.headers)).resolves.toMatchObject({
      providerPaymentId: null,
      attemptKey: null,
    });
  });

  it('a success for another amount or currency is a stray charge: refunded in full, the order stays unpaid', async () => {
    for (const money of [
      (cents: number) => ({ amount: cents - 100, currency: 'USD' }),
      (cents: number) => ({ amount: cents, currency: 'CAD' }),
    ]) {
      const { user, order, ref } = await orderPayingWithSquare();
      const payment = fake.put({
        amount_money: money(order.price.totalCents),
        reference_id: `order-${order.id}-attempt-1`,
      });
      expect((await postEvent(squareEvent(payment, signing))).statusCode).toBe(200);
      await t.runJobs();
      expect(await orderStatus(order.id)).toBe('Payment pending');
      expect((await attemptsOf(order.id)).map((a) => a.status)).toEqual(['stray']);
      const read = await apiCall(t.app, 'GET', `/application/order/${ref}/payment`, user.token);
      expect(read.json().data).toMatchObject({ state: 'FAILED' });
      expect(await receiptsOf(order.displayId)).toHaveLength(0);
      expect(await refundsOf(order.id)).toMatchObject([
        { reason: 'stray', status: 'succeeded', providerAmountCents: money(order.price.totalCents).amount },
      ]);
      expect(await strayMailsOf(order.displayId)).toHaveLength(1);
    }
  });

  it("a failure event for a paid attempt changes nothing (Square's record is re-read)", async () => {
    const { order, confirm } = await orderPayingWithSquare();
    await confirm(SQUARE_TEST_TOKENS.ok);
    const [attempt] = await attemptsOf(order.id);
    const payment = fake.payments.get(attempt?.providerPaymentId ?? '') as RawPayment;
    // A forged-content but correctly signed stale snapshot claiming failure: Square's record says COMPLETED.
    await postEvent(squareEvent({ ...payment, status: 'FAILED' }, signing));
    await t.runJobs();
    expect(await orderStatus(order.id)).toBe('Forms incomplete');
    expect((await attemptsOf(order.id)).map((a) => a.status)).toEqual(['succeeded']);
  });
});

describe('Square: refunds and configuration', () => {
  it('refund calls Square with the idempotency key, in the payment currency', async () => {
    const provider = await createSquareProvider(
      squareOptionsFrom({ ...SQUARE_ENV, SQUARE_ENVIRONMENT: 'sandbox', siteUrl: 'http://localhost:3000' }),
    );
    const payment = fake.put({ amount_money: { amount: 13_200, currency: 'CAD' } });
    const key = 'order-7-attempt-1-refund-1';
    const first = await provider.refund({ providerPaymentId: payment.id, amountCents: 5000, idempotencyKey: key });
    const again = await provider.refund({ providerPaymentId: payment.id, amountCents: 5000, idempotencyKey: key });
    expect(again.refundId).toBe(first.refundId);
    const refunds = fake.requests.filter((r) => r.path === '/v2/refunds');
    expect(refunds[0]?.body).toEqual({
      idempotency_key: key,
      payment_id: payment.id,
      amount_money: { amount: 5000, currency: 'CAD' },
    });
    expect(fake.payments.get(payment.id)?.refunded_money).toEqual({ amount: 5000, currency: 'CAD' });
    expect(await provider.fetchPayment(payment.id)).toMatchObject({ status: 'succeeded', amountCents: 13_200 });
    // A refund staff look up by its id (one made by hand): this payment's, or none (Square's 404).
    expect(await provider.findRefund({ providerPaymentId: payment.id, refundId: first.refundId })).toEqual({
      amountCents: 5000,
      status: 'pending',
    });
    const other = fake.put({ amount_money: { amount: 13_200, currency: 'CAD' } });
    expect(await provider.findRefund({ providerPaymentId: other.id, refundId: first.refundId })).toBeNull();
    expect(await provider.findRefund({ providerPaymentId: payment.id, refundId: 'sq_ref_typo' })).toBeNull();
  });

  it("the pages' security policy allows Square's script, calls and frames", async () => {
    const res = await t.app.inject({ url: '/api/v1/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src [^;]*https:\/\/sandbox\.web\.squarecdn\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/pci-connect\.squareupsandbox\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/sandbox\.web\.squarecdn\.com/);
  });

  it('refuses to start with Square listed but its keys missing, or an application of the other environment', () => {
    expect(() => loadEnv({ NODE_ENV: 'test', PAYMENT_PROVIDERS: 'square' })).toThrow(EnvError);
    const missing = () => loadEnv({ NODE_ENV: 'test', PAYMENT_PROVIDERS: 'square', SQUARE_ACCESS_TOKEN: 'x' });
    expect(missing).toThrow('SQUARE_WEBHOOK_SIGNATURE_KEY is required to offer Square');
    expect(missing).not.toThrow('SQUARE_ACCESS_TOKEN');
    expect(() => loadEnv({ NODE_ENV: 'test', ...SQUARE_ENV, SQUARE_ENVIRONMENT: 'production' })).toThrow(
      'SQUARE_APPLICATION_ID is not a production application',
    );
    expect(loadEnv({ NODE_ENV: 'test', ...SQUARE_ENV }).SQUARE_ENVIRONMENT).toBe('sandbox');
    // Without Square listed its keys are not asked for.
    expect(() => loadEnv({ NODE_ENV: 'test' })).not.toThrow();
  });
});
