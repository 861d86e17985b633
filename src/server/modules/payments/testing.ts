import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import type { SetupServer } from 'msw/node';
import { afterAll, beforeAll, expect } from 'vitest';
import { outboundEmails } from '../../mail/tables.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { apiCall, startApplication } from '../applications/testing.ts';
import { createSignedInUser } from '../auth/testing.ts';
import { paymentAttempts, paymentRefunds } from '../orders/ledger-tables.ts';
import { orderStatusHistory, orders } from '../orders/tables.ts';
import { setExchangeRate } from './exchange-rates.ts';
import { SANDBOX_EVENT_TYPES, SANDBOX_WEBHOOK_PATH } from './service.ts';
import { listenRazorpayFake, RAZORPAY_TEST_KEYS, type RazorpayFake } from './testing/razorpay-fake.ts';

/** What the sandbox records for a test card number (other modules' tests compare it). */
export { sandboxCardFingerprint } from './sandbox.ts';

/**
 * What the provider tests read back after a payment (test code only): the order, its attempts,
 * its moves out of Payment pending, its receipts, and a way to post a signed event to the inbox.
 * `app` is a getter: the test app is built in `beforeAll`.
 */
export function paymentRecords(app: () => TestApp, webhookPath: string) {
  const db = () => app().database.db;
  return {
    orderRow: async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0],
    attemptsOf: (id: number) =>
      db().select().from(paymentAttempts).where(eq(paymentAttempts.orderId, id)).orderBy(paymentAttempts.attemptNumber),
    paidMoves: async (id: number) =>
      (await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id))).filter(
        (h) => h.fromStatus === 'Payment pending',
      ),
    receiptsOf: (displayId: string) =>
      db()
        .select()
        .from(outboundEmails)
        .where(and(eq(outboundEmails.purpose, 'payment-receipt'), like(outboundEmails.subject, `%${displayId}`))),
    /** The order's refunds (a stray charge's: reason `stray`, made by the refund job). */
    refundsOf: (id: number) => db().select().from(paymentRefunds).where(eq(paymentRefunds.orderId, id)),
    /** The e-mails telling the customer a stray charge went back. */
    strayMailsOf: (displayId: string) =>
      db()
        .select()
        .from(outboundEmails)
        .where(and(eq(outboundEmails.purpose, 'payment-stray-refund'), like(outboundEmails.subject, `%${displayId}`))),
    postEvent: (event: { body: string; headers: Record<string, string> }) =>
      app().app.inject({ method: 'POST', url: webhookPath, headers: event.headers, payload: event.body }),
  };
}

/**
 * Pays a service or photo order through the sandbox as its customer and runs the webhook's job, as a real
 * payment reaches the order (test code only), with `card` as the test card number if given.
 * Answers the sandbox payment's id.
 */
export async function payWithSandbox(t: TestApp, token: string, displayId: string, card?: string): Promise<string> {
  const started = await t.app.inject({
    method: 'POST',
    url: `/api/v1/${displayId.startsWith('PHO-') ? 'photo-orders' : 'application/order'}/${displayId}/payment`,
    headers: { authorization: `Bearer ${token}` },
    payload: {},
  });
  if (started.statusCode >= 300) throw new Error(`starting the payment failed: ${started.body}`);
  const paymentId = new URL(started.json().data.redirectUrl).searchParams.get('payment') ?? '';
  const sandbox = t.app.services.sandbox;
  if (!sandbox) throw new Error('the sandbox is not configured');
  await sandbox.settle(paymentId, 'succeeded', { card });
  const event = sandbox.signedEvent({ type: SANDBOX_EVENT_TYPES.succeeded, paymentId });
  await t.app.inject({ method: 'POST', url: SANDBOX_WEBHOOK_PATH, headers: event.headers, payload: event.body });
  await t.runJobs();
  return paymentId;
}

/**
 * A second charge the order could not take (attempt 2, sandbox) and the automatic refund the
 * payments module made of it, written as they stand once the refund job has run: for the staff
 * pages' tests, which read them (the mechanism itself is charges.test.ts's).
 */
export async function recordedStrayCharge(
  t: TestApp,
  orderId: number,
  amountCents: number,
  refundStatus: 'succeeded' | 'failed' = 'succeeded',
): Promise<void> {
  const key = `${orderId}-${randomUUID()}`;
  const [stray] = await t.database.db
    .insert(paymentAttempts)
    .values({
      orderId,
      provider: 'sandbox',
      attemptNumber: 2,
      idempotencyKey: `stray-${key}`,
      providerPaymentId: `sbx_stray_${key}`,
      amountCents,
      currency: 'USD',
      orderTotalCents: amountCents,
      orderCurrency: 'USD',
      status: 'stray',
    })
    .returning();
  if (!stray) throw new Error('no stray attempt');
  await t.database.db.insert(paymentRefunds).values({
    orderId,
    attemptId: stray.id,
    idempotencyKey: `stray-refund-${key}`,
    amountCents,
    currency: 'USD',
    providerAmountCents: amountCents,
    status: refundStatus,
    reason: 'stray',
  });
}

/**
 * A test app offering Razorpay (`fake` answering its API) beside the sandbox, with USD → INR at
 * 88.4, built in `beforeAll` and closed in `afterAll` (test code only); and a customer's USD order
 * with a Razorpay payment started on it.
 */
export function razorpayTestApp(fake: RazorpayFake) {
  let msw: SetupServer;
  let t: TestApp;
  beforeAll(async () => {
    msw = listenRazorpayFake(fake);
    t = await buildTestApp({ PAYMENT_PROVIDERS: 'razorpay,sandbox', ...RAZORPAY_TEST_KEYS });
    await setExchangeRate(t.database.db, {
      from: 'USD',
      to: 'INR',
      rate: '88.4',
      source: 'test',
      fetchedAt: new Date(),
    });
  });
  afterAll(async () => {
    await t.close();
    msw.close();
  });

  async function razorpayOrder() {
    const user = await createSignedInUser(t.app);
    const order = await startApplication(t.app, user.token);
    const url = `/application/order/${order.displayId}/payment`;
    const res = await apiCall(t.app, 'POST', url, user.token, { provider: 'razorpay' });
    expect(res.statusCode).toBe(200);
    const payment = res.json().data;
    const razorpayOrderId: string = payment.checkout.orderId;
    return { user, order, url, payment, razorpayOrderId };
  }

  /** `msw`: the fake's server, for a test that answers a call its own way (`.use`). */
  return { app: () => t, msw: () => msw, razorpayOrder };
}
