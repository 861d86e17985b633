import { and, eq, like } from 'drizzle-orm';
import { outboundEmails } from '../../mail/tables.ts';
import type { TestApp } from '../../test/app.ts';
import { paymentAttempts, paymentRefunds } from '../orders/ledger-tables.ts';
import { orderStatusHistory, orders } from '../orders/tables.ts';
import { SANDBOX_EVENT_TYPES, SANDBOX_WEBHOOK_PATH } from './service.ts';

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
export async function recordedStrayCharge(t: TestApp, orderId: number, amountCents: number): Promise<void> {
  const key = `${orderId}-${Date.now()}`;
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
    status: 'succeeded',
    reason: 'stray',
  });
}
