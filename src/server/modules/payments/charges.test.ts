import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_REFUND_MESSAGES } from '../../../domain/admin/refunds.ts';
import { COUPON_HOLD_MS } from '../../../domain/checkout/coupons.ts';
import { PAYMENT_MESSAGES as P, STRAY_CHARGE_REASONS } from '../../../domain/payments/payment.ts';
import { deliveredMail } from '../../mail/testing.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { ADULT, apiCall, startApplication } from '../applications/testing.ts';
import { createSignedInUser } from '../auth/testing.ts';
import { coupons } from '../checkout/tables.ts';
import { couponRedemptions } from '../orders/coupon-use-tables.ts';
import { paymentAttempts } from '../orders/ledger-tables.ts';
import { createStaffUser } from '../users/testing.ts';
import { RefundRefusedError } from './provider.ts';
import { SANDBOX_EVENT_TYPES, SANDBOX_WEBHOOK_PATH } from './sandbox.ts';
import { paymentRecords } from './testing.ts';

/**
 * Every charge accounted for (issue 28 §2), on the sandbox provider: a stale attempt, a second
 * payment, replays and races of one stray event, and a coupon whose hold lapsed. Each of these was
 * money taken and only logged before stray charges were recorded and refunded automatically.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const { orderRow, attemptsOf, receiptsOf, refundsOf, strayMailsOf, postEvent } = paymentRecords(
  () => t,
  SANDBOX_WEBHOOK_PATH,
);
const sandbox = () => {
  const found = t.app.services.sandbox;
  if (!found) throw new Error('the sandbox is not configured');
  return found;
};

async function startPayment(token: string, ref: string) {
  const res = await apiCall(t.app, 'POST', `/application/order/${ref}/payment`, token, {});
  expect(res.statusCode).toBe(200);
  return new URL(res.json().data.redirectUrl).searchParams.get('payment') ?? '';
}

/** The customer pays at the provider and the provider's event reaches the inbox. */
async function pay(paymentId: string, { force = false } = {}) {
  // A provider that cannot close a payment (Razorpay) still takes it: `force` plays that part.
  if (force) await db().execute(sql`update sandbox_payments set status = 'succeeded' where id = ${paymentId}`);
  else expect(await sandbox().settle(paymentId, 'succeeded')).toBe(true);
  return postEvent(sandbox().signedEvent({ type: SANDBOX_EVENT_TYPES.succeeded, paymentId }));
}

const chooseExpedite = (token: string, ref: string) =>
  apiCall(t.app, 'PUT', `/application/order/${ref}/add-ons`, token, { addOns: [{ addon: 'Expedite' }] });

describe('a stale attempt', () => {
  it('closes when the total changes: its link refuses payment, and a payment that still arrives is refunded', async () => {
    const user = await createSignedInUser(t.app);
    const order = await startApplication(t.app, user.token, { members: [ADULT] });
    const first = await startPayment(user.token, order.displayId);
    expect((await chooseExpedite(user.token, order.displayId)).statusCode).toBe(200);
    await t.runJobs();
    expect((await attemptsOf(order.id)).map((a) => a.status)).toEqual(['superseded']);
    expect((await sandbox().find(first))?.status).toBe('expired');
    expect(await sandbox().settle(first, 'succeeded')).toBe(false);
    // The result page says the order's change closed the link, not that a payment was declined.
    const read = await apiCall(t.app, 'GET', `/application/order/${order.displayId}/payment`, user.token);
    expect(read.json().data).toMatchObject({ state: 'FAILED', closedBecause: 'order-changed', returned: null });

    const second = await startPayment(user.token, order.displayId);
    const total = (await orderRow(order.id))?.totalCents ?? 0;
    expect((await attemptsOf(order.id)).map((a) => [a.status, a.orderTotalCents])).toEqual([
      ['superseded', order.price.totalCents],
      ['pending', total],
    ]);
    await pay(second);
    await t.runJobs();
    expect((await orderRow(order.id))?.status).toBe('Forms incomplete');

    // The old price's payment arrives anyway: recorded on the order, refunded, e-mailed; one receipt.
    await pay(first, { force: true });
    await t.runJobs();
    expect((await attemptsOf(order.id)).map((a) => a.status)).toEqual(['stray', 'succeeded']);
    expect(await refundsOf(order.id)).toMatchObject([
      { reason: 'stray', status: 'succeeded', amountCents: order.price.totalCents },
    ]);
    expect((await sandbox().find(first))?.status).toBe('refunded');
    expect((await sandbox().find(second))?.status).toBe('succeeded');
    expect(await receiptsOf(order.displayId)).toHaveLength(1);
    const mail = (await deliveredMail(t.app)).find(
      (m) => m.subject.startsWith('We refunded') && m.subject.endsWith(order.displayId),
    );
    expect(mail?.text).toContain(STRAY_CHARGE_REASONS['already-paid']);
    // Paid by the other charge: the e-mail says so, not that the order is "unchanged".
    expect(mail?.text).toContain(P.strayOrderPaid('').trim());
  });

  it('opening a new attempt closes the older one: at most one payable attempt per order', async () => {
    const user = await createSignedInUser(t.app);
    const order = await startApplication(t.app, user.token);
    const first = await startPayment(user.token, order.displayId);
    // The first attempt's life ran out (its coupon hold with it): the next start opens another.
    await db()
      .update(paymentAttempts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentAttempts.orderId, order.id));
    const second = await startPayment(user.token, order.displayId);
    expect(second).not.toBe(first);
    await t.runJobs();
    const attempts = await attemptsOf(order.id);
    expect(attempts.filter((a) => a.status === 'pending' || a.status === 'created')).toHaveLength(1);
    expect(attempts.map((a) => a.status)).toEqual(['superseded', 'pending']);
    expect((await sandbox().find(first))?.status).toBe('expired');
  });
});

describe('a double charge', () => {
  it('one stray event replayed and raced is recorded once, refunded once and e-mailed once', async () => {
    const user = await createSignedInUser(t.app);
    const order = await startApplication(t.app, user.token);
    const first = await startPayment(user.token, order.displayId);
    await chooseExpedite(user.token, order.displayId);
    const second = await startPayment(user.token, order.displayId);
    await pay(second);
    await t.runJobs();
    await db().execute(sql`update sandbox_payments set status = 'succeeded' where id = ${first}`);
    const event = sandbox().signedEvent({ type: SANDBOX_EVENT_TYPES.succeeded, paymentId: first });
    const other = sandbox().signedEvent({ type: SANDBOX_EVENT_TYPES.succeeded, paymentId: first });
    const answers = await Promise.all([...Array.from({ length: 5 }, () => postEvent(event)), postEvent(other)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    await Promise.all([t.runJobs(), t.runJobs()]);
    await t.runJobs();
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect(await strayMailsOf(order.displayId)).toHaveLength(1);
    expect((await sandbox().find(first))?.status).toBe('refunded');
    expect((await orderRow(order.id))?.status).toBe('Forms incomplete');
    // The payment page shows the paid attempt and says the first tab's payment went back.
    const page = await apiCall(t.app, 'GET', `/application/order/${order.displayId}/payment`, user.token);
    expect(page.json().data).toMatchObject({
      attempt: 2,
      state: 'COMPLETED',
      returned: { reason: 'already-paid', refund: 'succeeded' },
    });
  });

  it('a payment made in an older tab after a newer one started is said on the payment page, while the newer one waits', async () => {
    const user = await createSignedInUser(t.app);
    const order = await startApplication(t.app, user.token);
    const url = `/application/order/${order.displayId}/payment`;
    const before = (await apiCall(t.app, 'GET', url, user.token)).json().data;
    expect(before).toBeNull();
    const first = await startPayment(user.token, order.displayId);
    await chooseExpedite(user.token, order.displayId);
    await startPayment(user.token, order.displayId);
    expect((await apiCall(t.app, 'GET', url, user.token)).json().data).toMatchObject({ attempt: 2, returned: null });
    // Tab A pays the first, closed attempt: a stray charge, refunded.
    await db().execute(sql`update sandbox_payments set status = 'succeeded' where id = ${first}`);
    await postEvent(sandbox().signedEvent({ type: SANDBOX_EVENT_TYPES.succeeded, paymentId: first }));
    await t.runJobs();
    expect((await apiCall(t.app, 'GET', url, user.token)).json().data).toMatchObject({
      attempt: 2,
      state: 'PENDING',
      returned: { reason: 'order-changed', refund: 'succeeded' },
    });
  });
});

describe('a payment of an attempt a newer one replaced', () => {
  it('is refunded as such when the order itself is unchanged: "you had started a newer payment", not "your order changed"', async () => {
    const user = await createSignedInUser(t.app);
    const order = await startApplication(t.app, user.token, { members: [ADULT] });
    const first = await startPayment(user.token, order.displayId);
    // Tab B chose another provider: the first attempt closed, the total as it was.
    await db().update(paymentAttempts).set({ status: 'superseded' }).where(eq(paymentAttempts.orderId, order.id));
    await pay(first, { force: true });
    await t.runJobs();
    const because = STRAY_CHARGE_REASONS['newer-payment'];
    expect(because).toBe('you had started a newer payment for your order by then');
    const mail = (await deliveredMail(t.app)).find((m) => m.subject.includes(`order ${order.displayId}`));
    expect(mail?.text).toContain(because);
    expect(mail?.text).not.toContain(STRAY_CHARGE_REASONS['order-changed']);
    const page = await apiCall(t.app, 'GET', `/application/order/${order.displayId}/payment`, user.token);
    expect(page.json().data).toMatchObject({ returned: { reason: 'newer-payment' } });
  });
});

describe('a payment the provider already gave back', () => {
  it('is recorded with its refund made: the order stays unpaid, nothing is refunded again, no "we refunded" e-mail', async () => {
    const user = await createSignedInUser(t.app);
    const order = await startApplication(t.app, user.token);
    const paymentId = await startPayment(user.token, order.displayId);
    // Paid, then refunded in full at the provider (its dashboard, an automatic refund) before the event came.
    expect(await sandbox().settle(paymentId, 'succeeded')).toBe(true);
    await db().execute(sql`update sandbox_payments set status = 'refunded' where id = ${paymentId}`);
    const event = sandbox().signedEvent({ type: SANDBOX_EVENT_TYPES.succeeded, paymentId });
    expect((await postEvent(event)).statusCode).toBe(200);
    await t.runJobs();
    expect(await postEvent(event)).toMatchObject({ statusCode: 200 });
    await t.runJobs();
    expect(await attemptsOf(order.id)).toMatchObject([{ status: 'stray', strayReason: 'refunded' }]);
    expect((await refundsOf(order.id)).map((r) => [r.amountCents, r.status, r.reason])).toEqual([
      [order.price.totalCents, 'succeeded', 'stray'],
    ]);
    expect((await orderRow(order.id))?.status).toBe('Payment pending');
    expect(await receiptsOf(order.displayId)).toHaveLength(0);
    expect(await strayMailsOf(order.displayId)).toHaveLength(0);
    const page = await apiCall(t.app, 'GET', `/application/order/${order.displayId}/payment`, user.token);
    expect(page.json().data).toMatchObject({ returned: { reason: 'refunded', refund: 'succeeded' } });
  });
});

describe('a single-use coupon', () => {
  it('is never used twice: a payment that arrives after its hold lapsed and another order took it is refunded', async () => {
    const code = `ONCE${Date.now() % 100000}`;
    await db()
      .insert(coupons)
      .values({ code, description: 'One use', discountType: 'flat', value: 1000, platform: 'sevadocs', usageLimit: 1 });
    const a = await createSignedInUser(t.app);
    const orderA = await startApplication(t.app, a.token);
    expect(
      (await apiCall(t.app, 'POST', `/application/order/${orderA.displayId}/coupon`, a.token, { code })).statusCode,
    ).toBe(200);
    const stale = await startPayment(a.token, orderA.displayId);

    // A day later, A's hold has lapsed, unpaid: B may take the coupon's one use.
    const dayAgo = new Date(Date.now() - COUPON_HOLD_MS - 60_000);
    await db().update(couponRedemptions).set({ heldAt: dayAgo }).where(eq(couponRedemptions.orderId, orderA.id));
    await db().update(paymentAttempts).set({ expiresAt: dayAgo }).where(eq(paymentAttempts.orderId, orderA.id));
    const b = await createSignedInUser(t.app);
    const orderB = await startApplication(t.app, b.token);
    expect(
      (await apiCall(t.app, 'POST', `/application/order/${orderB.displayId}/coupon`, b.token, { code })).statusCode,
    ).toBe(200);
    await pay(await startPayment(b.token, orderB.displayId));
    await t.runJobs();
    expect((await orderRow(orderB.id))?.status).toBe('Forms incomplete');

    // A's old link is paid after all: the coupon has no use left for it.
    await pay(stale, { force: true });
    await t.runJobs();
    expect((await orderRow(orderA.id))?.status).toBe('Payment pending');
    expect((await attemptsOf(orderA.id)).map((a) => a.status)).toEqual(['stray']);
    expect(await refundsOf(orderA.id)).toMatchObject([{ reason: 'stray', status: 'succeeded' }]);
    const uses = await db()
      .select()
      .from(couponRedemptions)
      .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
      .where(eq(coupons.code, code));
    expect(uses.map((u) => u.coupon_redemptions.orderId)).toEqual([orderB.id]);
    // A is repriced without the coupon it no longer holds: the full price is what it now costs.
    expect((await orderRow(orderA.id))?.totalCents).toBe(orderA.price.totalCents);
    const mail = (await deliveredMail(t.app)).find(
      (m) => m.subject.endsWith(orderA.displayId) && m.subject.startsWith('We refunded'),
    );
    expect(mail?.text).toContain(STRAY_CHARGE_REASONS.coupon);
  });
});

describe('an automatic refund its provider would not make', () => {
  /** A stray charge (a stale attempt paid after the order was) whose automatic refund the provider refuses. */
  async function refusedStrayRefund() {
    const staff = await createStaffUser(t.app, db(), 'staff');
    const user = await createSignedInUser(t.app);
    const order = await startApplication(t.app, user.token, { members: [ADULT] });
    const first = await startPayment(user.token, order.displayId);
    await chooseExpedite(user.token, order.displayId);
    await pay(await startPayment(user.token, order.displayId));
    await t.runJobs();
    const refuse = vi
      .spyOn(sandbox().provider, 'refund')
      .mockRejectedValue(new RefundRefusedError('the card account is closed'));
    await pay(first, { force: true });
    await t.runJobs();
    expect(await refundsOf(order.id)).toMatchObject([{ reason: 'stray', status: 'failed' }]);
    expect(await strayMailsOf(order.displayId)).toHaveLength(0);
    const listed = (await apiCall(t.app, 'GET', '/admin/refunds/automatic', staff.token)).json().data as {
      orderId: number;
      attemptId: number;
      status: string;
    }[];
    const refund = listed.find((r) => r.orderId === order.id);
    expect(refund).toMatchObject({ status: 'failed' });
    return { staff, order, first, refuse, base: `/admin/refunds/automatic/${refund?.attemptId}` };
  }

  it('is sent again by staff: refunded once, the customer e-mailed once, and not sent again after', async () => {
    const { staff, order, first, refuse, base } = await refusedStrayRefund();
    refuse.mockRestore();
    const retried = await apiCall(t.app, 'POST', `${base}/retry`, staff.token);
    expect(retried.statusCode, retried.body).toBe(202);
    expect(retried.json().message).toBe(ADMIN_REFUND_MESSAGES.automatic.retried);
    await t.runJobs();
    expect(await refundsOf(order.id)).toMatchObject([{ reason: 'stray', status: 'succeeded' }]);
    expect((await sandbox().find(first))?.status).toBe('refunded');
    expect(await strayMailsOf(order.displayId)).toHaveLength(1);
    const again = await apiCall(t.app, 'POST', `${base}/retry`, staff.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ADMIN_REFUND_MESSAGES.automatic.refundedAlready);
    await t.runJobs();
    expect(await strayMailsOf(order.displayId)).toHaveLength(1);
    // A customer may not, and an unknown charge has no refund.
    const customer = await createSignedInUser(t.app);
    expect((await apiCall(t.app, 'POST', `${base}/retry`, customer.token)).statusCode).toBe(403);
    expect((await apiCall(t.app, 'POST', '/admin/refunds/automatic/999999/retry', staff.token)).statusCode).toBe(404);
  });

  it('is recorded as refunded by hand once the provider shows that refund, and the customer is e-mailed once', async () => {
    const { staff, order, first, refuse, base } = await refusedStrayRefund();
    refuse.mockRestore();
    const wrong = await apiCall(t.app, 'POST', `${base}/recorded-by-hand`, staff.token, {
      providerRefundId: 'sbr_nope',
    });
    expect(wrong.statusCode).toBe(400);
    expect(await refundsOf(order.id)).toMatchObject([{ status: 'failed' }]);
    // Staff refund it in the provider's dashboard (here: the sandbox, under a key of the dashboard's).
    const { refundId } = await sandbox().provider.refund({
      providerPaymentId: first,
      amountCents: order.price.totalCents,
      idempotencyKey: `dashboard-${order.id}`,
    });
    const recorded = await apiCall(t.app, 'POST', `${base}/recorded-by-hand`, staff.token, {
      providerRefundId: refundId,
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json().message).toBe(
      ADMIN_REFUND_MESSAGES.automatic.recordedByHand({ amountCents: order.price.totalCents, currency: 'USD' }),
    );
    await t.runJobs();
    expect(await refundsOf(order.id)).toMatchObject([
      { reason: 'stray', status: 'succeeded', providerRefundId: refundId },
    ]);
    expect(await strayMailsOf(order.displayId)).toHaveLength(1);
    // Recorded: nothing is sent to the provider again.
    expect((await apiCall(t.app, 'POST', `${base}/retry`, staff.token)).statusCode).toBe(409);
  });
});
