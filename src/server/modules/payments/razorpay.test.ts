import { and, eq } from 'drizzle-orm';
import { delay, http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { convertCents } from '../../../domain/catalog/money.ts';
import { PAYMENT_MESSAGES as P } from '../../../domain/payments/payment.ts';
import { EnvError, loadEnv } from '../../env.ts';
import type { TestApp } from '../../test/app.ts';
import { apiCall, startApplication } from '../applications/testing.ts';
import { createSignedInUser } from '../auth/testing.ts';
import { paymentAttempts } from '../orders/ledger-tables.ts';
import { orders } from '../orders/tables.ts';
import { setExchangeRate } from './exchange-rates.ts';
import { refundRefused } from './provider.ts';
import { createRazorpayProvider, RAZORPAY_CHECKOUT_SCRIPT } from './razorpay.ts';
import { paymentWebhookEvents } from './tables.ts';
import { createRazorpayFake, RAZORPAY_TEST_KEYS } from './testing/razorpay-fake.ts';
import { paymentRecords, razorpayTestApp } from './testing.ts';

const fake = createRazorpayFake();
const { app, msw, razorpayOrder } = razorpayTestApp(fake);
let t: TestApp;
beforeAll(() => {
  t = app();
});

const WEBHOOK = '/api/v1/payments/webhooks/razorpay';
const {
  orderRow,
  attemptsOf,
  paidMoves,
  receiptsOf,
  refundsOf,
  strayMailsOf,
  postEvent: postWebhook,
} = paymentRecords(() => t, WEBHOOK);
const db = () => t.database.db;

describe('Razorpay: a USD order is charged in INR at the stored rate', () => {
  it('offers the converted INR amount before paying, and the create call carries it with the attempt key', async () => {
    const user = await createSignedInUser(t.app);
    const order = await startApplication(t.app, user.token);
    const inr = convertCents(order.price.totalCents, '88.4');
    const options = await apiCall(t.app, 'GET', `/application/order/${order.displayId}/payment/options`, user.token);
    expect(options.json().data).toContainEqual(
      expect.objectContaining({ provider: 'razorpay', amountCents: inr, currency: 'INR', exchangeRate: '88.4' }),
    );

    const url = `/application/order/${order.displayId}/payment`;
    const [a, b] = await Promise.all([
      apiCall(t.app, 'POST', url, user.token, { provider: 'razorpay', amountCents: 1 }),
      apiCall(t.app, 'POST', url, user.token, { provider: 'razorpay' }),
    ]);
    expect(a.json().data).toMatchObject({
      provider: 'razorpay',
      state: 'PENDING',
      amountCents: inr,
      currency: 'INR',
      exchangeRate: '88.4',
      redirectUrl: null,
      checkout: {
        kind: 'razorpay',
        keyId: RAZORPAY_TEST_KEYS.RAZORPAY_KEY_ID,
        orderId: expect.stringMatching(/^order_/),
        scriptUrl: RAZORPAY_CHECKOUT_SCRIPT,
      },
    });
    expect(b.json().data.checkout).toEqual(a.json().data.checkout);
    const attemptKey = `order-${order.id}-attempt-1`;
    const creates = fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/orders');
    const mine = creates.filter((c) => c.body?.receipt === attemptKey);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      keyId: RAZORPAY_TEST_KEYS.RAZORPAY_KEY_ID,
      body: { amount: inr, currency: 'INR', receipt: attemptKey, notes: { order: order.displayId } },
    });
    // The key secret never reaches the browser.
    expect(a.body).not.toContain(RAZORPAY_TEST_KEYS.RAZORPAY_KEY_SECRET);
  });

  it('a create whose answer was lost is found again by its receipt: one Razorpay order per attempt', async () => {
    const provider = createRazorpayProvider({
      keyId: RAZORPAY_TEST_KEYS.RAZORPAY_KEY_ID,
      keySecret: RAZORPAY_TEST_KEYS.RAZORPAY_KEY_SECRET,
      webhookSecret: RAZORPAY_TEST_KEYS.RAZORPAY_WEBHOOK_SECRET,
    });
    const input = {
      order: { id: 990001, displayId: 'DOC-TEST', title: 'OCI', email: 'a@example.com' },
      amountCents: 500_000,
      currency: 'INR' as const,
      attemptKey: 'order-990001-attempt-1',
      returnUrl: 'http://localhost/x',
      cancelUrl: 'http://localhost/checkout',
      openedAt: new Date(),
    };
    const first = await provider.createPayment(input);
    const again = await provider.createPayment(input);
    expect(again.providerPaymentId).toBe(first.providerPaymentId);
    expect([...fake.orders.values()].filter((o) => o.receipt === input.attemptKey)).toHaveLength(1);
  });

  it("a rate refreshed after the attempt started does not change that attempt's charge", async () => {
    const { user, order, url, payment, razorpayOrderId } = await razorpayOrder();
    await setExchangeRate(db(), { from: 'USD', to: 'INR', rate: '90.1', source: 'test', fetchedAt: new Date() });
    try {
      const again = await apiCall(t.app, 'POST', url, user.token, { provider: 'razorpay' });
      expect(again.json().data).toMatchObject({ attempt: 1, amountCents: payment.amountCents, exchangeRate: '88.4' });
      expect(again.json().data.checkout.orderId).toBe(razorpayOrderId);
      // Paid at the quoted amount, the order is paid.
      await postWebhook(fake.webhook('payment.captured', fake.pay(razorpayOrderId)));
      await t.runJobs();
      expect((await orderRow(order.id))?.status).toBe('Forms incomplete');
    } finally {
      await setExchangeRate(db(), { from: 'USD', to: 'INR', rate: '88.4', source: 'test', fetchedAt: new Date() });
    }
  });

  it('is not offered for an order whose currency has no stored rate', async () => {
    const provider = createRazorpayProvider({
      keyId: RAZORPAY_TEST_KEYS.RAZORPAY_KEY_ID,
      keySecret: RAZORPAY_TEST_KEYS.RAZORPAY_KEY_SECRET,
      webhookSecret: RAZORPAY_TEST_KEYS.RAZORPAY_WEBHOOK_SECRET,
    });
    expect(provider.chargeCurrencies).toEqual(['INR']);
    const user = await createSignedInUser(t.app);
    const order = await startApplication(t.app, user.token);
    await db().update(orders).set({ currency: 'CAD' }).where(eq(orders.id, order.id));
    const { exchangeRates } = await import('./tables.ts');
    const [cad] = await db().select().from(exchangeRates).where(eq(exchangeRates.fromCurrency, 'CAD'));
    expect(cad).toMatchObject({ toCurrency: 'INR', source: 'seed' });
    await db().delete(exchangeRates).where(eq(exchangeRates.fromCurrency, 'CAD'));
    const options = await apiCall(t.app, 'GET', `/application/order/${order.displayId}/payment/options`, user.token);
    expect(options.json().data.map((o: { provider: string }) => o.provider)).toEqual(['sandbox']);
    const res = await apiCall(t.app, 'POST', `/application/order/${order.displayId}/payment`, user.token, {
      provider: 'razorpay',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(P.providerNotOffered);
  });
});

describe('Razorpay: confirming the payment from Checkout', () => {
  it('a genuine handler response pays the order once; repeating it changes nothing', async () => {
    const { user, order, razorpayOrderId } = await razorpayOrder();
    const evidence = fake.checkoutResponse(fake.pay(razorpayOrderId));
    const confirmUrl = `/application/order/${order.displayId}/payment/confirm`;
    const res = await apiCall(t.app, 'POST', confirmUrl, user.token, { provider: 'razorpay', ...evidence });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: P.confirmed,
      data: { state: 'COMPLETED', orderStatus: 'Forms incomplete' },
    });
    expect(
      (await apiCall(t.app, 'POST', confirmUrl, user.token, { provider: 'razorpay', ...evidence })).statusCode,
    ).toBe(200);
    expect(await paidMoves(order.id)).toHaveLength(1);
    expect(await receiptsOf(order.displayId)).toHaveLength(1);
    // How it was paid reaches the desk: Razorpay's payment says UPI.
    const [attempt] = await db().select().from(paymentAttempts).where(eq(paymentAttempts.orderId, order.id));
    expect(attempt).toMatchObject({ status: 'succeeded', method: 'upi' });
  });

  it('captures an authorized payment of exactly the charge', async () => {
    const { user, order, razorpayOrderId } = await razorpayOrder();
    const payment = fake.pay(razorpayOrderId, { status: 'authorized' });
    const res = await apiCall(t.app, 'POST', `/application/order/${order.displayId}/payment/confirm`, user.token, {
      provider: 'razorpay',
      ...fake.checkoutResponse(payment),
    });
    expect(res.json().data).toMatchObject({ state: 'COMPLETED' });
    expect(fake.payments.get(payment.id)?.status).toBe('captured');
  });

  it("a forged signature, another order's id or another customer's call is refused and changes nothing", async () => {
    const { user, order, razorpayOrderId } = await razorpayOrder();
    const other = await razorpayOrder();
    const payment = fake.pay(razorpayOrderId, { status: 'authorized' });
    const genuine = fake.checkoutResponse(payment);
    const confirmUrl = `/application/order/${order.displayId}/payment/confirm`;
    const forged = {
      ...genuine,
      razorpaySignature: genuine.razorpaySignature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
    };
    const foreignOrder = { ...fake.checkoutResponse(fake.pay(other.razorpayOrderId, { status: 'authorized' })) };
    for (const evidence of [forged, foreignOrder, { ...genuine, razorpaySignature: 'zz' }]) {
      const res = await apiCall(t.app, 'POST', confirmUrl, user.token, { provider: 'razorpay', ...evidence });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(P.confirmationRefused);
    }
    const stranger = await apiCall(t.app, 'POST', confirmUrl, other.user.token, { provider: 'razorpay', ...genuine });
    expect(stranger.statusCode).toBe(404);
    expect(fake.payments.get(payment.id)?.status).toBe('authorized');
    expect((await orderRow(order.id))?.status).toBe('Payment pending');
    expect((await attemptsOf(order.id)).map((a) => a.status)).toEqual(['pending']);
  });
});

describe('Razorpay webhooks', () => {
  it('payment.captured for the right INR amount pays the USD order; replayed 100 times, and under another event id, once', async () => {
    const { order, razorpayOrderId } = await razorpayOrder();
    const event = fake.webhook('payment.captured', fake.pay(razorpayOrderId));
    for (let i = 0; i < 100; i++) expect((await postWebhook(event)).statusCode).toBe(200);
    // The id header is not signed: the same signed body under another id is the same event.
    const renamed = {
      ...event,
      headers: { ...event.headers, 'x-razorpay-event-id': `${event.headers['x-razorpay-event-id']}-again` },
    };
    expect((await postWebhook(renamed)).statusCode).toBe(200);
    expect(
      await db()
        .select()
        .from(paymentWebhookEvents)
        .where(
          and(
            eq(paymentWebhookEvents.provider, 'razorpay'),
            eq(paymentWebhookEvents.providerPaymentId, razorpayOrderId),
          ),
        ),
    ).toHaveLength(1);
    await t.runJobs();
    expect((await postWebhook(event)).statusCode).toBe(200);
    await t.runJobs();
    expect(await paidMoves(order.id)).toMatchObject([{ toStatus: 'Forms incomplete', changedBy: 'system' }]);
    expect((await attemptsOf(order.id)).map((a) => a.status)).toEqual(['succeeded']);
    expect(await receiptsOf(order.displayId)).toHaveLength(1);
  });

  it("order.paid finds the attempt by its receipt even before Razorpay's order id is recorded", async () => {
    const { order, razorpayOrderId } = await razorpayOrder();
    await db().update(paymentAttempts).set({ providerPaymentId: null }).where(eq(paymentAttempts.orderId, order.id));
    const event = fake.webhook('order.paid', fake.pay(razorpayOrderId));
    expect((await postWebhook(event)).statusCode).toBe(200);
    await t.runJobs();
    expect((await orderRow(order.id))?.status).toBe('Forms incomplete');
    expect((await attemptsOf(order.id))[0]).toMatchObject({ status: 'succeeded', providerPaymentId: razorpayOrderId });
  });

  it('a forged or tampered signature, or no event id, is a 400 and stores nothing', async () => {
    const { order, razorpayOrderId } = await razorpayOrder();
    const genuine = fake.webhook('payment.captured', fake.pay(razorpayOrderId));
    const forged = { ...genuine, headers: { ...genuine.headers, 'x-razorpay-signature': 'ab'.repeat(32) } };
    const tampered = { ...genuine, body: genuine.body.replace('"upi"', '"card"') };
    const unsigned = { ...genuine, headers: { 'content-type': 'application/json', 'x-razorpay-event-id': 'evt_x' } };
    const { 'x-razorpay-event-id': _, ...withoutId } = genuine.headers;
    for (const event of [forged, tampered, unsigned, { ...genuine, headers: withoutId }]) {
      const res = await postWebhook(event);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ isSuccess: false, message: P.webhookInvalid });
    }
    expect(
      await db().select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.providerPaymentId, razorpayOrderId)),
    ).toHaveLength(0);
    await t.runJobs();
    expect((await orderRow(order.id))?.status).toBe('Payment pending');
  });

  it('a capture of the wrong INR amount or currency is a stray charge: refunded in full, the order stays unpaid', async () => {
    const wrongs = [(p: { amount: number }) => (p.amount -= 100), (p: { currency: string }) => (p.currency = 'USD')];
    for (const makeWrong of wrongs) {
      const { order, razorpayOrderId } = await razorpayOrder();
      const payment = fake.pay(razorpayOrderId);
      makeWrong(payment);
      await postWebhook(fake.webhook('payment.captured', payment));
      await t.runJobs();
      expect((await orderRow(order.id))?.status).toBe('Payment pending');
      expect((await attemptsOf(order.id)).map((a) => a.status)).toEqual(['stray']);
      expect(await receiptsOf(order.displayId)).toHaveLength(0);
      expect(await refundsOf(order.id)).toMatchObject([
        { reason: 'stray', status: 'succeeded', providerAmountCents: payment.amount },
      ]);
      expect(fake.calls.filter((c) => c.path.endsWith(`/payments/${payment.id}/refund`))).toHaveLength(1);
      expect(await strayMailsOf(order.displayId)).toHaveLength(1);
    }
  });

  it('a payment Razorpay refunded by itself does not hide the captured one that pays the order', async () => {
    const { order, razorpayOrderId } = await razorpayOrder();
    // A first payment refunded automatically (a late authorisation), then the one that pays: both listed.
    fake.pay(razorpayOrderId, { status: 'refunded' });
    const paid = fake.pay(razorpayOrderId);
    await postWebhook(fake.webhook('payment.captured', paid));
    await t.runJobs();
    expect((await orderRow(order.id))?.status).toBe('Forms incomplete');
    expect((await attemptsOf(order.id)).map((a) => a.status)).toEqual(['succeeded']);
    expect(await refundsOf(order.id)).toEqual([]);
  });

  it('a call Razorpay does not answer ends at the time limit, its outcome unknown (not a refusal)', async () => {
    const { razorpayOrderId } = await razorpayOrder();
    const provider = createRazorpayProvider({
      keyId: RAZORPAY_TEST_KEYS.RAZORPAY_KEY_ID,
      keySecret: RAZORPAY_TEST_KEYS.RAZORPAY_KEY_SECRET,
      webhookSecret: RAZORPAY_TEST_KEYS.RAZORPAY_WEBHOOK_SECRET,
      timeoutMs: 200,
    });
    msw().use(
      http.get(`https://api.razorpay.com/v1/orders/${razorpayOrderId}`, () => delay('infinite'), { once: true }),
    );
    const started = Date.now();
    const error = await provider.fetchPayment(razorpayOrderId).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).not.toBeNull();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(refundRefused(error)).toBe(false);
  });

  it('a failed payment reads as failed; a later capture on the same order (Checkout lets the customer try again) still pays it', async () => {
    const { user, order, url, razorpayOrderId } = await razorpayOrder();
    await postWebhook(fake.webhook('payment.failed', fake.pay(razorpayOrderId, { status: 'failed' })));
    await t.runJobs();
    expect((await apiCall(t.app, 'GET', url, user.token)).json().data).toMatchObject({ state: 'FAILED' });
    await postWebhook(fake.webhook('payment.captured', fake.pay(razorpayOrderId)));
    await t.runJobs();
    expect((await orderRow(order.id))?.status).toBe('Forms incomplete');
  });

  it("after a failed UPI try, Checkout's confirmation of the retry that captured pays the order", async () => {
    const { user, order, razorpayOrderId } = await razorpayOrder();
    await postWebhook(fake.webhook('payment.failed', fake.pay(razorpayOrderId, { status: 'failed' })));
    await t.runJobs();
    expect((await attemptsOf(order.id)).map((a) => a.status)).toEqual(['failed']);
    // The same Checkout window, another try on the same Razorpay order: captured, and confirmed.
    const evidence = fake.checkoutResponse(fake.pay(razorpayOrderId));
    const res = await apiCall(t.app, 'POST', `/application/order/${order.displayId}/payment/confirm`, user.token, {
      provider: 'razorpay',
      ...evidence,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'COMPLETED', orderStatus: 'Forms incomplete' });
    expect((await orderRow(order.id))?.status).toBe('Forms incomplete');
    expect((await attemptsOf(order.id)).map((a) => a.status)).toEqual(['succeeded']);
    expect(await receiptsOf(order.displayId)).toHaveLength(1);
    expect(await refundsOf(order.id)).toEqual([]);
  });

  it('a retry captured on a failed attempt after another attempt paid the order is a stray charge, refunded', async () => {
    const { user, order, url, razorpayOrderId } = await razorpayOrder();
    await postWebhook(fake.webhook('payment.failed', fake.pay(razorpayOrderId, { status: 'failed' })));
    await t.runJobs();
    // "Try again" opened attempt 2 (a new Razorpay order), which paid the order…
    const second = (await apiCall(t.app, 'POST', url, user.token, { provider: 'razorpay' })).json().data;
    expect(second).toMatchObject({ attempt: 2, state: 'PENDING' });
    await postWebhook(fake.webhook('payment.captured', fake.pay(second.checkout.orderId)));
    await t.runJobs();
    expect((await orderRow(order.id))?.status).toBe('Forms incomplete');
    // …then the first window's retry captured on attempt 1's order as well.
    const stray = fake.pay(razorpayOrderId);
    await postWebhook(fake.webhook('payment.captured', stray));
    await t.runJobs();
    expect((await attemptsOf(order.id)).map((a) => a.status)).toEqual(['stray', 'succeeded']);
    expect(await paidMoves(order.id)).toHaveLength(1);
    expect(await refundsOf(order.id)).toMatchObject([{ reason: 'stray', providerAmountCents: stray.amount }]);
    // The order page lists it beside what was paid, in the rupees the customer's account gave.
    const view = (await apiCall(t.app, 'GET', `/application/order/${order.displayId}`, user.token)).json().data;
    expect(view.strayCharges).toMatchObject([
      { amountCents: stray.amount, currency: 'INR', provider: 'razorpay', reason: 'already-paid', refund: 'succeeded' },
    ]);
  });
});

describe('Razorpay refunds and configuration', () => {
  it("refunds the order's captured payment with the key in its notes, once per key", async () => {
    const { order, razorpayOrderId } = await razorpayOrder();
    const payment = fake.pay(razorpayOrderId);
    const provider = createRazorpayProvider({
      keyId: RAZORPAY_TEST_KEYS.RAZORPAY_KEY_ID,
      keySecret: RAZORPAY_TEST_KEYS.RAZORPAY_KEY_SECRET,
      webhookSecret: RAZORPAY_TEST_KEYS.RAZORPAY_WEBHOOK_SECRET,
    });
    const key = `order-${order.id}-refund-1`;
    const first = await provider.refund({
      providerPaymentId: razorpayOrderId,
      amountCents: payment.amount,
      idempotencyKey: key,
    });
    const again = await provider.refund({
      providerPaymentId: razorpayOrderId,
      amountCents: payment.amount,
      idempotencyKey: key,
    });
    expect(again.refundId).toBe(first.refundId);
    const refundCalls = fake.calls.filter((c) => c.path === `/v1/payments/${payment.id}/refund`);
    expect(refundCalls).toEqual([
      expect.objectContaining({ body: { amount: payment.amount, notes: { idempotency_key: key } } }),
    ]);
    expect(await provider.fetchPayment(razorpayOrderId)).toMatchObject({ status: 'refunded' });
    // A refund staff look up by its id (one made by hand): this payment's, or none.
    expect(await provider.findRefund({ providerPaymentId: razorpayOrderId, refundId: first.refundId })).toEqual({
      amountCents: payment.amount,
      status: 'succeeded',
    });
    expect(await provider.findRefund({ providerPaymentId: razorpayOrderId, refundId: 'rfnd_typo' })).toBeNull();
  });

  it('an unreachable Razorpay is a 502 with a retry message, and no attempt is left half made', async () => {
    const user = await createSignedInUser(t.app);
    const order = await startApplication(t.app, user.token);
    fake.setDown(true);
    try {
      const res = await apiCall(t.app, 'POST', `/application/order/${order.displayId}/payment`, user.token, {
        provider: 'razorpay',
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(P.providerUnavailable);
    } finally {
      fake.setDown(false);
    }
    const retry = await apiCall(t.app, 'POST', `/application/order/${order.displayId}/payment`, user.token, {
      provider: 'razorpay',
    });
    expect(retry.json().data).toMatchObject({ attempt: 1, state: 'PENDING', checkout: { kind: 'razorpay' } });
  });

  it("lets pages load Checkout's script and frames (content security policy)", async () => {
    const csp = String((await t.app.inject({ url: '/' })).headers['content-security-policy']);
    expect(csp).toMatch(/script-src [^;]*https:\/\/checkout\.razorpay\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/api\.razorpay\.com/);
  });

  it('listing razorpay requires its three keys', () => {
    expect(() => loadEnv({ PAYMENT_PROVIDERS: 'razorpay', RAZORPAY_KEY_ID: 'rzp_test_x' })).toThrow(EnvError);
    expect(() => loadEnv({ PAYMENT_PROVIDERS: 'razorpay' })).toThrow(/RAZORPAY_KEY_SECRET is required for Razorpay/);
    expect(loadEnv({ PAYMENT_PROVIDERS: 'razorpay', ...RAZORPAY_TEST_KEYS }).PAYMENT_PROVIDERS).toEqual(['razorpay']);
  });
});
