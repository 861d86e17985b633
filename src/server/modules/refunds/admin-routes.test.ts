import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { outboundEmails } from '../../mail/tables.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { apiCall, moveOrderTo, startApplication, TEST_FEES_PAID_REFERENCE } from '../applications/testing.ts';
import { bearer, createSignedInUser } from '../auth/testing.ts';
import { paymentAttempts, paymentRefunds } from '../orders/ledger-tables.ts';
import { orders } from '../orders/tables.ts';
import { sandboxPayments, sandboxRefunds } from '../payments/tables.ts';
import { payWithSandbox, recordedStrayCharge } from '../payments/testing.ts';
import { users } from '../users/tables.ts';
import { createStaffUser, expectRoleGuard } from '../users/testing.ts';
import { refundRequests } from './tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST';
/** Why staff refund less than was asked: every partial approval says (decision 0187). */
const PARTLY = 'Part of the fee was already spent on your appointment.';

import { ADMIN_REFUND_MESSAGES } from '../../../domain/admin/refunds.ts';
import { formatMoney } from '../../../domain/catalog/money.ts';
import {
  REFERRAL_REWARD_MESSAGES as REFERRAL_MESSAGES,
  REFERRAL_REWARD_CENTS,
} from '../../../domain/checkout/referral.ts';
import { DEFAULT_CONTACT } from '../../../domain/config/site.ts';
import { CANCELLATION_REFUND } from '../../../domain/refunds/cancellation.ts';
import { REFUND_MESSAGES, REFUND_NOTICES } from '../../../domain/refunds/options.ts';
import { notifications } from '../notifications/tables.ts';
import { referralRewards } from '../referrals/tables.ts';
import { REFUND_MAIL_TEXT } from './decisions.ts';
import { requestRefund } from './testing.ts';

const call = (method: Method, url: string, headers: Record<string, string> = {}, payload?: Record<string, unknown>) =>
  t.app.inject(
    payload === undefined
      ? { method, url: `/api/v1${url}`, headers }
      : { method, url: `/api/v1${url}`, headers, payload },
  );

/** A customer's order paid through the sandbox, and their refund request for `amount` dollars. */
async function paidOrderWithRequest(amount = '10.00') {
  const customer = await createSignedInUser(t.app);
  const order = await startApplication(t.app, customer.token);
  const paymentId = await payWithSandbox(t, customer.token, order.displayId);
  const request = await requestRefund(t, customer.email, order.displayId, amount);
  return { customer, order, paymentId, request };
}

const noticesOf = (userId: number) =>
  t.database.db
    .select({ orderId: notifications.orderId, remark: notifications.remark })
    .from(notifications)
    .where(eq(notifications.userId, userId));

const orderStatus = async (id: number) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]?.status;
/** The decision e-mail of the refund request `reference` once it was refunded. */
const decisionMailOf = async (reference: string) =>
  (
    await t.database.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.key, `refund-decision:${reference}:refunded`))
  )[0];
const decisionMails = (to: string) =>
  t.database.db
    .select()
    .from(outboundEmails)
    .where(eq(outboundEmails.purpose, 'refund-decision'))
    .then((rows) => rows.filter((m) => m.to === to));
/** The request's audit entries, newest first (the audit log is read by admins; the service here). */
const auditOf = async (_token: string, id: number) =>
  (
    await t.app.services.audit.list({
      page: 1,
      limit: 100,
      sort: 'createdAt',
      dir: 'desc',
      subjectType: 'refund-request',
      subjectId: String(id),
      q: undefined,
    })
  ).results;

describe('the refunds section is for staff', () => {
  const endpoints: [Method, string, Record<string, unknown> | undefined][] = [
    ['GET', '/admin/refunds', undefined],
    ['GET', '/admin/refunds/automatic', undefined],
    ['GET', '/admin/refunds/1', undefined],
    ['POST', '/admin/refunds/1/approve', { amountCents: 100 }],
    ['POST', '/admin/refunds/1/reject', { reason: 'Outside the refund window.' }],
    ['POST', '/admin/refunds/1/retry', undefined],
    ['POST', '/admin/refunds/1/recorded-by-hand', { providerRefundId: 're_1' }],
  ];
  it.each(endpoints)('%s %s answers a visitor 401 and a customer 403', async (method, url, payload) => {
    await expectRoleGuard(t.app, t.database.db, 'staff', (headers) => call(method, url, headers, payload));
  });
});

describe('reading refund requests', () => {
  it('lists them with the order, searches by reference, and shows what is left to refund', async () => {
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const { order, request } = await paidOrderWithRequest('12.50');
    const list = await call('GET', `/admin/refunds?q=${request.reference}&status=open`, bearer(staff.token));
    expect(list.statusCode).toBe(200);
    expect(list.json().data.results).toEqual([
      expect.objectContaining({
        id: request.id,
        reference: request.reference,
        orderDisplayId: order.displayId,
        amountCents: 1250,
        status: 'Received',
        approvedCents: null,
      }),
    ]);
    const detail = await call('GET', `/admin/refunds/${request.id}`, bearer(staff.token));
    expect(detail.json().data.refundable).toEqual({
      provider: 'sandbox',
      paidCents: order.price.totalCents,
      refundedCents: 0,
      remainingCents: order.price.totalCents,
      currency: 'USD',
    });
    expect((await call('GET', '/admin/refunds/999999', bearer(staff.token))).statusCode).toBe(404);
  });

  it('splits what was paid into the fees the policy keeps and the refundable part, the amount staff start from', async () => {
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const { customer, order, request } = await paidOrderWithRequest('12.50');
    const charged = (
      await apiCall(t.app, 'GET', `/application/order/${order.displayId}/cost-summary`, customer.token)
    ).json().data as { governmentFeeCents: number; thirdPartyFeeCents: number; totalCents: number };
    const kept = charged.governmentFeeCents + charged.thirdPartyFeeCents;
    expect(kept).toBeGreaterThan(0);
    const detail = async () => (await call('GET', `/admin/refunds/${request.id}`, bearer(staff.token))).json().data;
    const split = async () => (await detail()).split;
    // Not gone to the authorities yet: none of its fees were paid out, all of it is refundable.
    expect((await detail()).feesPaid).toBeNull();
    expect(await split()).toEqual({
      feesPaidOut: false,
      feesCollected: true,
      nonRefundableLines: [],
      nonRefundableCents: 0,
      refundableCents: order.price.totalCents,
      defaultCents: order.price.totalCents,
    });
    // Submitted: the fees went with the application.
    for (const status of ['Order pending', 'In review', 'Submitted'] as const) {
      await moveOrderTo(t.app, order.id, status, status === 'Order pending' ? 'system' : 'staff');
    }
    expect(await split()).toEqual({
      feesPaidOut: true,
      feesCollected: true,
      nonRefundableLines: expect.arrayContaining([
        { label: 'Government fee', amountCents: charged.governmentFeeCents },
      ]),
      nonRefundableCents: kept,
      refundableCents: order.price.totalCents - kept,
      defaultCents: order.price.totalCents - kept,
    });
    // What the kept fees went to, as the desk recorded it before Submitted.
    expect((await detail()).feesPaid).toMatchObject({
      reference: TEST_FEES_PAID_REFERENCE,
      recordedBy: expect.stringContaining('@'),
    });
    // After a partial refund, the policy's amount is what of the refundable part is left.
    const approved = await call('POST', `/admin/refunds/${request.id}/approve`, bearer(staff.token), {
      amountCents: 500,
      partialReason: PARTLY,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await split()).defaultCents).toBe(order.price.totalCents - kept - 500);
  });
});

describe('the order desk', () => {
  it('links the order’s refund request while it waits for a decision, and the customer sees the refund once made', async () => {
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const { customer, order, request } = await paidOrderWithRequest('12.50');
    const desk = async () =>
      (await call('GET', `/admin/orders/${order.displayId}`, bearer(staff.token))).json().data.openRefund;
    expect(await desk()).toEqual({
      id: request.id,
      reference: request.reference,
      status: 'Received',
      amountCents: 1250,
    });
    const summary = async () =>
      (await apiCall(t.app, 'GET', `/orders/${order.displayId}/cost-summary`, customer.token)).json().data;
    expect((await summary()).refundedCents).toBe(0);
    const approved = await call('POST', `/admin/refunds/${request.id}/approve`, bearer(staff.token), {
      amountCents: 1250,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await desk()).toBeNull();
    // The customer's order page shows it beside what they paid.
    expect(await summary()).toMatchObject({ refundedCents: 1250, totalCents: order.price.totalCents });
  });
});

describe('automatic refunds of stray charges', () => {
  it('are listed beside the requests, newest first, each with its order', async () => {
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const { order, request } = await paidOrderWithRequest();
    // A second charge the order could not take, and the refund the payments module made of it.
    await recordedStrayCharge(t, order.id, order.price.totalCents);
    const res = await call('GET', '/admin/refunds/automatic', bearer(staff.token));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toEqual({
      orderId: order.id,
      orderDisplayId: order.displayId,
      attemptId: expect.any(Number),
      attempt: 2,
      provider: 'sandbox',
      amountCents: order.price.totalCents,
      currency: 'USD',
      status: 'succeeded',
      createdAt: expect.any(String),
    });
    // A staff decision's refund is not automatic.
    const approved = await call('POST', `/admin/refunds/${request.id}/approve`, bearer(staff.token), {
      amountCents: 100,
      partialReason: PARTLY,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const ofOrder = (await t.app.services.refunds.automaticRefunds()).filter((r) => r.orderId === order.id);
    expect(ofOrder.map((r) => r.attempt)).toEqual([2]);
  });

  it('keeps a refund not made yet on the list however many newer ones were made', async () => {
    const failedOne = await paidOrderWithRequest();
    await recordedStrayCharge(t, failedOne.order.id, 500, 'failed');
    await recordedStrayCharge(t, (await paidOrderWithRequest()).order.id, 600);
    const later = await paidOrderWithRequest();
    await recordedStrayCharge(t, later.order.id, 700);
    // With room for one made refund: the newest made one, and the failed one below it all the same.
    const listed = await t.app.services.refunds.automaticRefunds(1);
    expect(listed.map((r) => [r.orderId, r.amountCents, r.status])).toEqual([
      [failedOne.order.id, 500, 'failed'],
      [later.order.id, 700, 'succeeded'],
    ]);
  });
});

describe('approving a refund', () => {
  it('names paid-out fees as why a refund is less than asked only when they are why', async () => {
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const submitted = async (amount: string) => {
      const { customer, order, request } = await paidOrderWithRequest(amount);
      for (const status of ['Order pending', 'In review', 'Submitted'] as const) {
        await moveOrderTo(t.app, order.id, status, status === 'Order pending' ? 'system' : 'staff');
      }
      const split = (await call('GET', `/admin/refunds/${request.id}`, bearer(staff.token))).json().data.split;
      return { customer, order, request, policyCents: split.defaultCents as number };
    };
    // Each is less than the $372.90 asked: staff say why (decision 0187).
    const approve = (id: number, amountCents: number) =>
      call('POST', `/admin/refunds/${id}/approve`, bearer(staff.token), { amountCents, partialReason: PARTLY });

    // All of it asked after it went to the authorities; all the policy allows given: the fees are why.
    const whole = await submitted('372.90');
    expect(whole.order.price.totalCents).toBe(37290);
    expect((await approve(whole.request.id, whole.policyCents)).statusCode).toBe(200);
    expect((await decisionMailOf(whole.request.reference))?.text).toContain(REFUND_MAIL_TEXT.lessThanAsked('$372.90'));

    // Less than the policy allows: no reason is made up.
    const less = await submitted('372.90');
    expect((await approve(less.request.id, less.policyCents - 100)).statusCode).toBe(200);
    const told = (await decisionMailOf(less.request.reference))?.text;
    expect(told).toContain(REFUND_MAIL_TEXT.lessThanAskedOnly('$372.90'));
    expect(told).not.toContain('fees already paid out');

    // Asked for more than is left after that refund: refused, saying what is left.
    const left = formatMoney({ amountCents: 37290 - (less.policyCents - 100), currency: 'USD' });
    const refunded = formatMoney({ amountCents: less.policyCents - 100, currency: 'USD' });
    await expect(requestRefund(t, less.customer.email, less.order.displayId, '372.90')).rejects.toThrow(
      'no refund request',
    );
    const refusal = (await t.database.db.select().from(outboundEmails)).filter(
      (m) => m.to === less.customer.email && m.text?.includes(REFUND_MESSAGES.amountOverLeft(left, refunded)),
    );
    expect(refusal).toHaveLength(1);
  });

  it('refunds a part through the provider, e-mails the customer, audits, and leaves the order as it was', async () => {
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const { customer, order, paymentId, request } = await paidOrderWithRequest();
    const before = await orderStatus(order.id);
    const res = await call('POST', `/admin/refunds/${request.id}/approve`, bearer(staff.token), { amountCents: 1000 });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Refunded $10.');
    expect(res.json().data).toEqual(expect.objectContaining({ status: 'Refunded', approvedCents: 1000 }));
    const given = await t.database.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentId, paymentId));
    expect(given.map((r) => r.amountCents)).toEqual([1000]);
    expect(await orderStatus(order.id)).toBe(before);
    const [mail] = await decisionMails(customer.email);
    expect(mail?.subject).toBe(`Your refund of $10 for order ${order.displayId} is on its way`);
    // Its questions (and a disputed amount) are answered by replying: that reaches support.
    expect(mail?.replyTo).toBe(t.app.env.SUPPORT_EMAIL);
    expect(mail?.text).toContain(`The ${DEFAULT_CONTACT.companyName} billing team`);
    // All that was asked: nothing about a smaller amount.
    expect(mail?.text).not.toContain('Amount asked');
    // The customer's notifications say so too, about the order (the bell, not only the inbox).
    expect(await noticesOf(customer.id)).toContainEqual({
      orderId: order.displayId,
      remark: REFUND_NOTICES.refunded(request.reference, '$10'),
    });
    expect((await auditOf(staff.token, request.id)).map((e: { action: string }) => e.action)).toEqual([
      'refund.approve',
    ]);
    // Decided once: a second approval refunds nothing.
    const again = await call('POST', `/admin/refunds/${request.id}/approve`, bearer(staff.token), {
      amountCents: 1000,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This refund request was already decided (Refunded).');
  });

  it('says what reaches the customer in the currency they were charged when it is not the order’s (Razorpay’s INR)', async () => {
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const { customer, order, paymentId, request } = await paidOrderWithRequest();
    // The USD order as Razorpay charges it: converted to INR at 88 (the sandbox stands in for it).
    const [attempt] = await t.database.db
      .update(paymentAttempts)
      .set({ currency: 'INR', amountCents: sql`${paymentAttempts.orderTotalCents} * 88`, exchangeRate: '88' })
      .where(eq(paymentAttempts.providerPaymentId, paymentId))
      .returning();
    await t.database.db
      .update(sandboxPayments)
      .set({ amountCents: attempt?.amountCents, currency: 'INR' })
      .where(eq(sandboxPayments.id, paymentId));
    const res = await call('POST', `/admin/refunds/${request.id}/approve`, bearer(staff.token), { amountCents: 1000 });
    expect(res.statusCode, res.body).toBe(200);
    const both = '$10 (₹880 to your INR payment)';
    const mail = await decisionMailOf(request.reference);
    expect(mail?.text).toContain(`We have refunded ${both} for order ${order.displayId}`);
    expect(await noticesOf(customer.id)).toContainEqual({
      orderId: order.displayId,
      remark: REFUND_NOTICES.refunded(request.reference, both),
    });
  });

  it("withdraws the referrer's reward when the friend's order is refunded in full, and tells the referrer", async () => {
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const referrer = await createSignedInUser(t.app, { name: 'Kavya Rao' });
    const [code] = await t.database.db
      .select({ code: users.referralCode })
      .from(users)
      .where(eq(users.id, referrer.id));
    // The friend signed up with the referrer's code, as every reward's friend did.
    const friend = await createSignedInUser(t.app, { referredBy: code?.code, phone: '+1-6045550142' });
    const order = await startApplication(t.app, friend.token);
    await payWithSandbox(t, friend.token, order.displayId);
    const request = await requestRefund(t, friend.email, order.displayId, '10.00');
    await t.database.db.insert(referralRewards).values({
      referrerUserId: referrer.id,
      friendOrderId: order.id,
      friendName: 'Aarav S.',
      amountCents: REFERRAL_REWARD_CENTS,
      currency: 'USD',
      earnedAt: new Date(),
    });
    const res = await call('POST', `/admin/refunds/${request.id}/approve`, bearer(staff.token), {
      amountCents: order.price.totalCents,
    });
    expect(res.statusCode).toBe(200);
    const [reward] = await t.database.db
      .select()
      .from(referralRewards)
      .where(eq(referralRewards.friendOrderId, order.id));
    expect(reward).toMatchObject({ state: 'reversed' });
    expect(reward?.reversedAt).toBeInstanceOf(Date);
    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, referrer.id));
    const remark = REFERRAL_MESSAGES.reversed(
      formatMoney({ amountCents: REFERRAL_REWARD_CENTS, currency: 'USD' }),
      'Aarav S.',
    );
    expect(told.map((n) => n.remark)).toContain(remark);
    // By e-mail too, as the reward was; nothing in it says the friend's order was refunded.
    const mailed = (await t.database.db.select().from(outboundEmails)).filter(
      (m) => m.to === referrer.email && m.purpose === 'referral-reward',
    );
    expect(mailed.map((m) => m.subject)).toEqual(['Your $5 gift card was withdrawn']);
    expect(mailed[0]?.text).toContain(remark);
    expect(mailed[0]?.text).not.toMatch(/refund/i);
  });

  it('refunds the whole payment once under a double submit, and moves the order to Refunded', async () => {
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const { customer, order, paymentId, request } = await paidOrderWithRequest();
    const all = order.price.totalCents;
    const [a, b] = await Promise.all([
      call('POST', `/admin/refunds/${request.id}/approve`, bearer(staff.token), { amountCents: all }),
      call('POST', `/admin/refunds/${request.id}/approve`, bearer(staff.token), { amountCents: all }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const given = await t.database.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentId, paymentId));
    expect(given.map((r) => r.amountCents)).toEqual([all]);
    const reserved = await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id));
    expect(reserved.map((r) => [r.amountCents, r.status])).toEqual([[all, 'succeeded']]);
    const [payment] = await t.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, paymentId));
    expect(payment?.status).toBe('refunded');
    expect(await orderStatus(order.id)).toBe('Refunded');
    expect(await decisionMails(customer.email)).toHaveLength(1);
    // One e-mail for one refund: the decision's says the order is now Refunded; no status e-mail.
    expect((await decisionMails(customer.email))[0]?.text).toContain(REFUND_MAIL_TEXT.wholePayment);
    const statusMails = (await t.database.db.select().from(outboundEmails)).filter(
      (m) => m.to === customer.email && m.purpose === 'order-status',
    );
    expect(statusMails).toEqual([]);
    // The order's move to Refunded is the customer's notice; no second one about the same refund.
    const notices = (await noticesOf(customer.id)).filter((n) => n.orderId === order.displayId);
    expect(notices.filter((n) => n.remark?.startsWith(`Refund ${request.reference}`))).toHaveLength(1);
  });

  it('refuses more than is left, server-side, and an amount that is not whole cents', async () => {
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const { order, request } = await paidOrderWithRequest();
    const over = await call('POST', `/admin/refunds/${request.id}/approve`, bearer(staff.token), {
      amountCents: order.price.totalCents + 1,
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toMatch(/^The refund cannot be more than what is left to refund: \$/);
    expect(over.json().errors.amountCents).toBe(over.json().message);
    const fraction = await call('POST', `/admin/refunds/${request.id}/approve`, bearer(staff.token), {
      amountCents: 10.5,
    });
    expect(fraction.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(refundRequests).where(eq(refundRequests.id, request.id));
    expect(row?.status).toBe('Received');
    expect(await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id))).toEqual([]);
  });

  it('puts the request back when the provider refuses, and nothing counts as refunded', async () => {
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const { order, paymentId, request } = await paidOrderWithRequest();
    // The provider's side no longer has a completed payment (refunded outside the app, say).
    await t.database.db.update(sandboxPayments).set({ status: 'failed' }).where(eq(sandboxPayments.id, paymentId));
    const res = await call('POST', `/admin/refunds/${request.id}/approve`, bearer(staff.token), {
      amountCents: 500,
      partialReason: PARTLY,
    });
    expect(res.statusCode).toBe(502);
    const detail = (await call('GET', `/admin/refunds/${request.id}`, bearer(staff.token))).json().data;
    expect(detail.request.status).toBe('Received');
    expect(detail.refundable.refundedCents).toBe(0);
    expect((await auditOf(staff.token, request.id)).map((e: { action: string }) => e.action)).toEqual([
      'refund.provider-failed',
      'refund.approve',
    ]);
    // The same refund tried again once the provider can make it: the same key, one refund.
    await t.database.db.update(sandboxPayments).set({ status: 'succeeded' }).where(eq(sandboxPayments.id, paymentId));
    const retry = await call('POST', `/admin/refunds/${request.id}/approve`, bearer(staff.token), {
      amountCents: 500,
      partialReason: PARTLY,
    });
    expect(retry.statusCode).toBe(200);
    const reserved = await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id));
    expect(reserved.map((r) => r.status)).toEqual(['succeeded']);
  });
});

type SandboxProvider = NonNullable<TestApp['app']['services']['sandbox']>['provider'];

/** The provider's refund calls (the next one, or each) held until `release`; `held` once one is. */
function holdRefundCalls(provider: SandboxProvider, { once }: { once: boolean }) {
  const refund = provider.refund.bind(provider);
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let reached!: () => void;
  const held = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const late = async (input: Parameters<SandboxProvider['refund']>[0]) => {
    reached();
    await released;
    return refund(input);
  };
  const spy = vi.spyOn(provider, 'refund');
  const calls = once ? spy.mockImplementationOnce(late) : spy.mockImplementation(late);
  return { held, release, calls };
}

describe('two refunds of one order at once', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('moves the order to Refunded only when the provider has made both, not when the first to finish leaves the other pending', async () => {
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const { customer, order, request: first } = await paidOrderWithRequest();
    const half = Math.floor(order.price.totalCents / 2);
    const sandbox = t.app.services.sandbox;
    if (!sandbox) throw new Error('the sandbox is not configured');
    // The first approval's provider call answers late.
    const { held, release } = holdRefundCalls(sandbox.provider, { once: true });
    const firstApproval = call('POST', `/admin/refunds/${first.id}/approve`, bearer(staff.token), {
      amountCents: half,
    });
    await held;
    // Approved requests are not open: the customer asks again for the rest, and staff approve it.
    const second = await requestRefund(t, customer.email, order.displayId, '10.00');
    const rest = order.price.totalCents - half;
    const secondApproval = await call('POST', `/admin/refunds/${second.id}/approve`, bearer(staff.token), {
      amountCents: rest,
    });
    expect(secondApproval.statusCode).toBe(200);
    expect(await orderStatus(order.id)).not.toBe('Refunded');
    release();
    const done = await firstApproval;
    expect(done.statusCode).toBe(200);
    expect(await orderStatus(order.id)).toBe('Refunded');
  });
});

describe('retrying a stuck approval', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** The sandbox provider of the app (the one the approval calls). */
  const sandboxProvider = () => {
    const sandbox = t.app.services.sandbox;
    if (!sandbox) throw new Error('the sandbox is not configured');
    return sandbox.provider;
  };
  const requestStatus = async (id: number) =>
    (await t.database.db.select().from(refundRequests).where(eq(refundRequests.id, id)))[0]?.status;

  /**
   * Approves the whole payment while the provider refunds but its answer never comes back (a
   * timeout that outlives the request, a restart): the request is left Approved, the ledger pending.
   */
  async function stuckApproval() {
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const paid = await paidOrderWithRequest();
    const provider = sandboxProvider();
    const refund = provider.refund.bind(provider);
    let called!: () => void;
    const reached = new Promise<void>((resolve) => {
      called = resolve;
    });
    vi.spyOn(provider, 'refund').mockImplementationOnce(async (input) => {
      await refund(input);
      called();
      return new Promise<never>(() => {});
    });
    void call('POST', `/admin/refunds/${paid.request.id}/approve`, bearer(staff.token), {
      amountCents: paid.order.price.totalCents,
    });
    await reached;
    expect(await requestStatus(paid.request.id)).toBe('Approved');
    // The process that made the call is gone (a restart): its claim on the call runs out.
    await t.database.db
      .update(paymentRefunds)
      .set({ callingUntil: new Date(Date.now() - 1000) })
      .where(eq(paymentRefunds.orderId, paid.order.id));
    return { staff, ...paid };
  }

  /** An error as the providers' SDKs throw it, with the HTTP status they answered. */
  const providerError = (statusCode: number) =>
    Object.assign(new Error(`provider answered ${statusCode}`), { statusCode });

  it('finishes it with the same key: one provider refund, one ledger row, one e-mail, the order Refunded', async () => {
    const { staff, customer, order, paymentId, request } = await stuckApproval();
    // A stuck request cannot be approved again (that could choose another amount, so another key)…
    const approve = await call('POST', `/admin/refunds/${request.id}/approve`, bearer(staff.token), {
      amountCents: 100,
    });
    expect(approve.statusCode).toBe(409);
    // …it is retried, and a double-submitted retry reaches the provider under the same key.
    const [a, b] = await Promise.all([
      call('POST', `/admin/refunds/${request.id}/retry`, bearer(staff.token)),
      call('POST', `/admin/refunds/${request.id}/retry`, bearer(staff.token)),
    ]);
    // The second finishes beside the first (200, answered as it is), finds its call running, or
    // comes after it (409 each).
    const done = [a, b].filter((r) => r.statusCode === 200);
    expect(done.length + [a, b].filter((r) => r.statusCode === 409).length).toBe(2);
    expect(done[0]?.json().data).toEqual(
      expect.objectContaining({ status: 'Refunded', approvedCents: order.price.totalCents }),
    );
    const given = await t.database.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentId, paymentId));
    expect(given.map((r) => r.amountCents)).toEqual([order.price.totalCents]);
    const ledger = await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id));
    expect(ledger.map((r) => [r.amountCents, r.status, r.providerRefundId])).toEqual([
      [order.price.totalCents, 'succeeded', given[0]?.id],
    ]);
    expect(await orderStatus(order.id)).toBe('Refunded');
    expect(await decisionMails(customer.email)).toHaveLength(1);
    // Each retry let through is audited: the one that called the provider, and one that found it calling.
    const inFlight = [a, b].filter((r) => r.statusCode === 409 && r.json().message.startsWith('This refund is being'));
    expect((await auditOf(staff.token, request.id)).map((e: { action: string }) => e.action)).toEqual([
      ...[...done, ...inFlight].map(() => 'refund.retry'),
      'refund.approve',
    ]);
    // Finished: nothing left to retry.
    const again = await call('POST', `/admin/refunds/${request.id}/retry`, bearer(staff.token));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'Only an approved refund whose payment provider call did not finish can be retried; this request is Refunded.',
    );
  });

  it('while the approval’s call is still running, a retry waits for it: the provider is called once', async () => {
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const { order, paymentId, request } = await paidOrderWithRequest();
    // A provider without idempotency keys (Razorpay's refunds) would refund twice for two calls at once.
    const { held, release, calls } = holdRefundCalls(sandboxProvider(), { once: false });
    const approval = call('POST', `/admin/refunds/${request.id}/approve`, bearer(staff.token), {
      amountCents: order.price.totalCents,
    });
    await held;
    const [a, b] = await Promise.all([
      call('POST', `/admin/refunds/${request.id}/retry`, bearer(staff.token)),
      call('POST', `/admin/refunds/${request.id}/retry`, bearer(staff.token)),
    ]);
    for (const retry of [a, b]) {
      expect(retry.statusCode).toBe(409);
      expect(retry.json().message).toBe(
        'This refund is being sent to the payment provider right now. Reload the page in a few minutes to see how it ended.',
      );
    }
    expect(calls).toHaveBeenCalledTimes(1);
    release();
    expect((await approval).statusCode).toBe(200);
    expect(calls).toHaveBeenCalledTimes(1);
    const given = await t.database.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentId, paymentId));
    expect(given).toHaveLength(1);
    expect(await requestStatus(request.id)).toBe('Refunded');
  });

  it('a call whose claim ran out never ends the claim of the call that took over', async () => {
    const { staff, request } = await stuckApproval();
    const provider = sandboxProvider();
    const holds: { reached: Promise<void>; answer: (error: Error) => void }[] = [];
    vi.spyOn(provider, 'refund').mockImplementation(() => {
      let reached!: () => void;
      let answer!: (error: Error) => void;
      const hold = { reached: new Promise<void>((resolve) => (reached = resolve)), answer };
      const answered = new Promise<never>((_, reject) => (hold.answer = reject));
      holds.push(hold);
      reached();
      return answered;
    });
    // Retry A calls and hangs; its claim runs out; retry B takes over and hangs too.
    const a = call('POST', `/admin/refunds/${request.id}/retry`, bearer(staff.token));
    await vi.waitFor(() => expect(holds).toHaveLength(1));
    await t.database.db
      .update(paymentRefunds)
      .set({ callingUntil: new Date(Date.now() - 1000) })
      .where(eq(paymentRefunds.orderId, request.orderId));
    const b = call('POST', `/admin/refunds/${request.id}/retry`, bearer(staff.token));
    await vi.waitFor(() => expect(holds).toHaveLength(2));
    // A's late answer (unclear, then a refusal) leaves B's claim alone: a third retry waits for B.
    holds[0]?.answer(providerError(503));
    expect((await a).statusCode).toBe(502);
    const c = await call('POST', `/admin/refunds/${request.id}/retry`, bearer(staff.token));
    expect(c.statusCode).toBe(409);
    expect(c.json().message).toMatch(/^This refund is being sent/);
    expect(holds).toHaveLength(2);
    holds[1]?.answer(providerError(503));
    expect((await b).statusCode).toBe(502);
  });

  it('after an unclear provider answer, keeps the request approved for a retry of that refund only', async () => {
    const { staff, order, paymentId, request } = await stuckApproval();
    // A 503 after the provider may have refunded: another amount now would be a second refund.
    vi.spyOn(sandboxProvider(), 'refund').mockRejectedValueOnce(providerError(503));
    const unclear = await call('POST', `/admin/refunds/${request.id}/retry`, bearer(staff.token));
    expect(unclear.statusCode).toBe(502);
    expect(unclear.json().message).toBe(
      'The payment provider did not answer clearly, so the refund may have been made. It stays approved: retry it, and the provider makes it at most once.',
    );
    expect(await requestStatus(request.id)).toBe('Approved');
    const detail = (await call('GET', `/admin/refunds/${request.id}`, bearer(staff.token))).json().data;
    expect(detail.refundable.refundedCents).toBe(order.price.totalCents);
    const other = await call('POST', `/admin/refunds/${request.id}/approve`, bearer(staff.token), { amountCents: 100 });
    expect(other.statusCode).toBe(409);
    // A dropped connection says no more than a 503; nor does a refusal now (an idempotency key the
    // provider forgot after a day, a rotated API key) say the earlier call made nothing.
    vi.spyOn(sandboxProvider(), 'refund')
      .mockRejectedValueOnce(new Error('socket hang up'))
      .mockRejectedValueOnce(providerError(400));
    for (let i = 0; i < 2; i++) {
      const again = await call('POST', `/admin/refunds/${request.id}/retry`, bearer(staff.token));
      expect(again.statusCode).toBe(502);
      expect(again.json().message).toMatch(/^The payment provider did not answer clearly/);
      expect(await requestStatus(request.id)).toBe('Approved');
    }
    const counted = await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id));
    expect(counted.map((r) => [r.status, r.mayHaveRefunded])).toEqual([['pending', true]]);
    const done = await call('POST', `/admin/refunds/${request.id}/retry`, bearer(staff.token));
    expect(done.statusCode).toBe(200);
    const given = await t.database.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentId, paymentId));
    expect(given.map((r) => r.amountCents)).toEqual([order.price.totalCents]);
    expect(await orderStatus(order.id)).toBe('Refunded');
    expect((await auditOf(staff.token, request.id)).map((e: { action: string }) => e.action)).toEqual([
      'refund.retry',
      'refund.provider-unclear',
      'refund.retry',
      'refund.provider-unclear',
      'refund.retry',
      'refund.provider-unclear',
      'refund.retry',
      'refund.approve',
    ]);
  });

  it('after the provider refuses, reopens the request: another amount is a new refund, made once', async () => {
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const { order, paymentId, request } = await paidOrderWithRequest();
    vi.spyOn(sandboxProvider(), 'refund').mockRejectedValueOnce(providerError(400));
    const refused = await call('POST', `/admin/refunds/${request.id}/approve`, bearer(staff.token), {
      amountCents: order.price.totalCents,
    });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe(
      'The payment provider did not make the refund. Nothing was refunded; try again or refund by hand.',
    );
    expect(await requestStatus(request.id)).toBe('Received');
    const reserved = await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id));
    expect(reserved.map((r) => r.status)).toEqual(['failed']);
    const half = Math.floor(order.price.totalCents / 2);
    const approved = await call('POST', `/admin/refunds/${request.id}/approve`, bearer(staff.token), {
      amountCents: half,
    });
    expect(approved.statusCode).toBe(200);
    const given = await t.database.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentId, paymentId));
    expect(given.map((r) => r.amountCents)).toEqual([half]);
    const ledger = await t.database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.orderId, order.id))
      .orderBy(paymentRefunds.id);
    expect(ledger.map((r) => [r.amountCents, r.status])).toEqual([
      [order.price.totalCents, 'failed'],
      [half, 'succeeded'],
    ]);
    expect(await orderStatus(order.id)).not.toBe('Refunded');
  });

  /** An approval of the whole payment whose provider call answered 503: Approved, the ledger pending. */
  async function unclearApproval() {
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const paid = await paidOrderWithRequest();
    vi.spyOn(sandboxProvider(), 'refund').mockRejectedValueOnce(providerError(503));
    const approve = await call('POST', `/admin/refunds/${paid.request.id}/approve`, bearer(staff.token), {
      amountCents: paid.order.price.totalCents,
    });
    expect(approve.statusCode).toBe(502);
    return { staff, ...paid };
  }
  const byHand = (staff: { token: string }, id: number, providerRefundId: unknown) =>
    call('POST', `/admin/refunds/${id}/recorded-by-hand`, bearer(staff.token), { providerRefundId });

  /** A refund staff made in the sandbox's "dashboard": no idempotency key of ours. */
  async function refundInDashboard(paymentId: string, amountCents: number, id = `sbx_re_hand_${Date.now()}`) {
    await t.database.db
      .insert(sandboxRefunds)
      .values({ id, idempotencyKey: `dashboard-${id}`, paymentId, amountCents });
    return id;
  }

  it('records a refund staff made by hand at the provider: Refunded, the customer told once, and no retry sends it again', async () => {
    const { staff, customer, order, paymentId, request } = await unclearApproval();
    const made = await refundInDashboard(paymentId, order.price.totalCents);
    const recorded = await byHand(staff, request.id, `  ${made}  `);
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json().message).toBe(
      `Recorded: ${formatMoney({ amountCents: order.price.totalCents, currency: recorded.json().data.currency })} was refunded by hand at the payment provider. The customer has been e-mailed.`,
    );
    expect(recorded.json().data).toEqual(expect.objectContaining({ status: 'Refunded' }));
    const ledger = await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id));
    expect(ledger.map((r) => [r.amountCents, r.status, r.providerRefundId])).toEqual([
      [order.price.totalCents, 'succeeded', made],
    ]);
    expect(await orderStatus(order.id)).toBe('Refunded');
    expect(await decisionMails(customer.email)).toHaveLength(1);
    // Nothing more reaches the provider: a retry and a second record are refused.
    const retry = await call('POST', `/admin/refunds/${request.id}/retry`, bearer(staff.token));
    expect(retry.statusCode).toBe(409);
    const again = await byHand(staff, request.id, made);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'Only an approved refund whose payment provider call did not finish can be recorded as made by hand; this request is Refunded.',
    );
    const given = await t.database.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentId, paymentId));
    expect(given.map((r) => r.id)).toEqual([made]);
    expect(await decisionMails(customer.email)).toHaveLength(1);
    expect((await auditOf(staff.token, request.id)).map((e: { action: string }) => e.action)).toEqual([
      'refund.recorded-by-hand',
      'refund.provider-unclear',
      'refund.approve',
    ]);
  });

  it('records nothing the provider does not show as this refund: unknown, of another payment, another amount, or recorded already', async () => {
    const { staff, order, paymentId, request } = await unclearApproval();
    const other = await paidOrderWithRequest();
    const elsewhere = await refundInDashboard(other.paymentId, other.order.price.totalCents, 'sbx_re_other_payment');
    const smaller = await refundInDashboard(paymentId, order.price.totalCents - 100, 'sbx_re_smaller');
    for (const [id, message] of [
      [
        'sbx_re_typo',
        "The payment provider has no refund sbx_re_typo of this order's payment. Check the id in its dashboard.",
      ],
      [
        elsewhere,
        `The payment provider has no refund ${elsewhere} of this order's payment. Check the id in its dashboard.`,
      ],
      [smaller, `Refund ${smaller} at the payment provider is for another amount than the one approved.`],
    ] as const) {
      const res = await byHand(staff, request.id, id);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ providerRefundId: message });
    }
    // The other order's own stuck approval takes its refund; this one may not take it again.
    vi.spyOn(sandboxProvider(), 'refund').mockRejectedValueOnce(providerError(503));
    await call('POST', `/admin/refunds/${other.request.id}/approve`, bearer(staff.token), {
      amountCents: other.order.price.totalCents,
    });
    expect((await byHand(staff, other.request.id, elsewhere)).statusCode).toBe(200);
    const twice = await refundInDashboard(paymentId, order.price.totalCents, 'sbx_re_twice');
    await t.database.db
      .update(paymentRefunds)
      .set({ providerRefundId: twice })
      .where(eq(paymentRefunds.orderId, other.order.id));
    const res = await byHand(staff, request.id, twice);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ providerRefundId: `Refund ${twice} is already recorded for another refund.` });
    // Nothing changed: still approved, the reservation pending, no audit of a record.
    expect(await requestStatus(request.id)).toBe('Approved');
    const ledger = await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id));
    expect(ledger.map((r) => [r.status, r.providerRefundId, r.callingUntil])).toEqual([['pending', null, null]]);
    expect((await auditOf(staff.token, request.id)).map((e: { action: string }) => e.action)).toEqual([
      'refund.provider-unclear',
      'refund.approve',
    ]);
  });

  it('says so when the provider made the refund after all, or does not answer the look-up', async () => {
    const { staff, order, paymentId, request } = await unclearApproval();
    const made = await refundInDashboard(paymentId, order.price.totalCents);
    vi.spyOn(sandboxProvider(), 'findRefund').mockRejectedValueOnce(providerError(503));
    const silent = await byHand(staff, request.id, made);
    expect(silent.statusCode).toBe(502);
    expect(silent.json().message).toBe(
      'The payment provider did not answer when we looked the refund up, so nothing was recorded. Try again in a minute.',
    );
    // The unclear call had refunded: its id is recorded (as a retry would find), and staff are told.
    await t.database.db
      .update(paymentRefunds)
      .set({ status: 'succeeded', providerRefundId: 'sbx_re_by_the_call' })
      .where(eq(paymentRefunds.orderId, order.id));
    const already = await byHand(staff, request.id, made);
    expect(already.statusCode).toBe(409);
    expect(already.json().message).toBe(
      "The payment provider had already made this refund (sbx_re_by_the_call there), so nothing was recorded. Retry to close the request; if you also refunded by hand, reverse that refund in the provider's dashboard.",
    );
    expect(await requestStatus(request.id)).toBe('Approved');
  });

  it('waits for a provider call running now: its answer, not the record, closes the request', async () => {
    const { staff, request } = await unclearApproval();
    // Refused before any look-up: the id matters not.
    const made = 'sbx_re_dashboard';
    const { held, release } = holdRefundCalls(sandboxProvider(), { once: true });
    const retry = call('POST', `/admin/refunds/${request.id}/retry`, bearer(staff.token));
    await held;
    const recorded = await byHand(staff, request.id, made);
    expect(recorded.statusCode).toBe(409);
    expect(recorded.json().message).toMatch(/^This refund is being sent to the payment provider right now/);
    release();
    expect((await retry).statusCode).toBe(200);
    const ledger = await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, request.orderId));
    expect(ledger.map((r) => r.providerRefundId)).not.toContain(made);
  });

  it('refuses a record without a usable refund id, or for a request not stuck as approved', async () => {
    const { staff, request } = await unclearApproval();
    for (const [id, message] of [
      ['', "Enter the refund's id from the payment provider's dashboard"],
      [undefined, "Enter the refund's id from the payment provider's dashboard"],
      ['re 1; drop', "A refund's id is up to 100 letters, digits and the signs _ - . :"],
      ['r'.repeat(101), "A refund's id is up to 100 letters, digits and the signs _ - . :"],
    ] as const) {
      const res = await byHand(staff, request.id, id);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ providerRefundId: message });
    }
    const { request: undecided } = await paidOrderWithRequest();
    const res = await byHand(staff, undecided.id, 're_1');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Only an approved refund whose payment provider call did not finish can be recorded as made by hand; this request is Received.',
    );
  });

  it('refuses a request that is not waiting on its provider call', async () => {
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const { request } = await paidOrderWithRequest();
    const res = await call('POST', `/admin/refunds/${request.id}/retry`, bearer(staff.token));
    expect(res.statusCode).toBe(409);
    expect(
      await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, request.orderId)),
    ).toEqual([]);
  });
});

describe('rejecting a refund', () => {
  it('records the reason, e-mails it to the customer and audits it; a decided request stays decided', async () => {
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const { customer, request } = await paidOrderWithRequest();
    const short = await call('POST', `/admin/refunds/${request.id}/reject`, bearer(staff.token), { reason: 'no' });
    expect(short.statusCode).toBe(400);
    const reason = 'The visa was already issued, so the government fee cannot be returned.';
    const res = await call('POST', `/admin/refunds/${request.id}/reject`, bearer(staff.token), { reason });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(expect.objectContaining({ status: 'Rejected', rejectionReason: reason }));
    const [mail] = await decisionMails(customer.email);
    expect(mail?.subject).toBe(`Your refund request ${request.reference} for order ${res.json().data.orderDisplayId}`);
    expect(mail?.text).toContain(reason);
    expect(await noticesOf(customer.id)).toContainEqual({
      orderId: res.json().data.orderDisplayId,
      remark: REFUND_NOTICES.rejected(request.reference, reason),
    });
    expect(await auditOf(staff.token, request.id)).toEqual([
      expect.objectContaining({ action: 'refund.reject', after: { status: 'Rejected', rejectionReason: reason } }),
    ]);
    const approve = await call('POST', `/admin/refunds/${request.id}/approve`, bearer(staff.token), {
      amountCents: 100,
    });
    expect(approve.statusCode).toBe(409);
  });
});

describe("the sandbox provider's refund call", () => {
  it('answers the same refund for the same key, allows partial refunds and never more than was paid', async () => {
    const { paymentId } = await paidOrderWithRequest();
    const sandbox = t.app.services.sandbox;
    if (!sandbox) throw new Error('the sandbox is not configured');
    const [payment] = await t.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, paymentId));
    const paid = payment?.amountCents ?? 0;
    const first = await sandbox.provider.refund({
      providerPaymentId: paymentId,
      amountCents: 100,
      idempotencyKey: 'k1',
    });
    const again = await sandbox.provider.refund({
      providerPaymentId: paymentId,
      amountCents: 100,
      idempotencyKey: 'k1',
    });
    expect(again.refundId).toBe(first.refundId);
    await expect(
      sandbox.provider.refund({ providerPaymentId: paymentId, amountCents: paid, idempotencyKey: 'k2' }),
    ).rejects.toThrow(/left to refund/);
    await sandbox.provider.refund({ providerPaymentId: paymentId, amountCents: paid - 100, idempotencyKey: 'k3' });
    expect(await sandbox.provider.fetchPayment(paymentId)).toMatchObject({ status: 'refunded' });
  });
});

describe('cancelling a paid order', () => {
  const requestsOf = (orderId: number) =>
    t.database.db.select().from(refundRequests).where(eq(refundRequests.orderId, orderId)).orderBy(refundRequests.id);
  const mailsAbout = (reference: string) =>
    t.database.db
      .select()
      .from(outboundEmails)
      .then((rows) => rows.filter((m) => m.subject.includes(reference)));

  it('opens a refund request for all of its payment, tells the customer and support, and the refunds desk gives it back', async () => {
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const customer = await createSignedInUser(t.app);
    const order = await startApplication(t.app, customer.token);
    await payWithSandbox(t, customer.token, order.displayId);
    const cancelled = await call('POST', `/admin/orders/${order.displayId}/status`, bearer(staff.token), {
      status: 'Cancelled',
      remark: 'The consulate has paused OCI appointments.',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const [request, ...others] = await requestsOf(order.id);
    expect(others).toEqual([]);
    expect(request).toMatchObject({
      email: customer.email,
      reason: CANCELLATION_REFUND.reason('The consulate has paused OCI appointments.'),
      amountCents: order.price.totalCents,
      currency: 'USD',
      status: 'Received',
      origin: 'cancellation',
    });
    if (!request) throw new Error('no request');
    const mails = await mailsAbout(request.reference);
    expect(mails.map((m) => [m.purpose, m.to]).sort()).toEqual([
      ['refund-request-customer', customer.email],
      ['refund-request-staff', DEFAULT_CONTACT.supportEmail],
    ]);
    const told = mails.find((m) => m.purpose === 'refund-request-customer');
    expect(told?.subject).toBe(
      `Refund request ${request.reference} opened for your cancelled order ${order.displayId}`,
    );
    expect(told?.text).toContain(formatMoney({ amountCents: order.price.totalCents, currency: 'USD' }));

    // The refunds desk lists it open and decides it like any other; all of it back ends at Refunded.
    const open = await call('GET', `/admin/refunds?q=${request.reference}&status=open`, bearer(staff.token));
    expect(open.json().data.results.map((r: { id: number }) => r.id)).toEqual([request.id]);
    const approved = await call('POST', `/admin/refunds/${request.id}/approve`, bearer(staff.token), {
      amountCents: order.price.totalCents,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await orderStatus(order.id)).toBe('Refunded');
  });

  it('opens nothing for an order cancelled before it was paid, nor beside a request the customer already opened', async () => {
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const customer = await createSignedInUser(t.app);
    const unpaid = await startApplication(t.app, customer.token);
    const byStaff = await call('POST', `/admin/orders/${unpaid.displayId}/status`, bearer(staff.token), {
      status: 'Cancelled',
    });
    expect(byStaff.statusCode, byStaff.body).toBe(200);
    expect(await requestsOf(unpaid.id)).toEqual([]);

    const { order, request } = await paidOrderWithRequest('10.00');
    const cancelled = await call('POST', `/admin/orders/${order.displayId}/status`, bearer(staff.token), {
      status: 'Cancelled',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await requestsOf(order.id)).map((r) => r.reference)).toEqual([request.reference]);
  });

  it('opens its request once the customer’s own is decided, for what is still held, and only once', async () => {
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const cancel = (displayId: string) =>
      call('POST', `/admin/orders/${displayId}/status`, bearer(staff.token), { status: 'Cancelled' });

    // The customer asked for $10 of a paid order we then cancelled: $10 back left the rest held.
    const asked = await paidOrderWithRequest('10.00');
    expect((await cancel(asked.order.displayId)).statusCode).toBe(200);
    const approved = await call('POST', `/admin/refunds/${asked.request.id}/approve`, bearer(staff.token), {
      amountCents: 1000,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    // The order desk's net line: what went back of the payment.
    const desk = await call('GET', `/admin/orders/${asked.order.displayId}`, bearer(staff.token));
    expect(desk.json().data.refundedCents).toBe(1000);
    const [, opened, ...more] = await requestsOf(asked.order.id);
    expect(more).toEqual([]);
    expect(opened).toMatchObject({
      origin: 'cancellation',
      reason: CANCELLATION_REFUND.reason(null),
      amountCents: asked.order.price.totalCents - 1000,
      status: 'Received',
    });
    if (!opened) throw new Error('no request for what is held');
    expect((await mailsAbout(opened.reference)).map((m) => m.purpose).sort()).toEqual([
      'refund-request-customer',
      'refund-request-staff',
    ]);
    // Decided in part: what is left stays, and nothing reopens.
    const part = await call('POST', `/admin/refunds/${opened.id}/approve`, bearer(staff.token), {
      amountCents: 500,
      partialReason: PARTLY,
    });
    expect(part.statusCode, part.body).toBe(200);
    // The customer is told it is less than the request was for, and by how much; not that fees were
    // paid out, for an order cancelled before it went to the authorities.
    const held = formatMoney({ amountCents: opened.amountCents, currency: 'USD' });
    const told = await decisionMailOf(opened.reference);
    expect(told?.text).toContain(REFUND_MAIL_TEXT.lessThanAskedOnly(held));
    expect(told?.text).not.toContain('fees already paid out');
    // The order desk names both requests, newest first, and who opened each.
    const decided = (await call('GET', `/admin/orders/${asked.order.displayId}`, bearer(staff.token))).json().data
      .decidedRefunds;
    expect(decided).toMatchObject([
      { reference: opened.reference, status: 'Refunded', approvedCents: 500, origin: 'cancellation' },
      { reference: asked.request.reference, status: 'Refunded', approvedCents: 1000, origin: 'customer' },
    ]);
    expect(await requestsOf(asked.order.id)).toHaveLength(2);

    // A rejected ask leaves all of it held: the cancellation's request is for all of it.
    const refused = await paidOrderWithRequest('10.00');
    expect((await cancel(refused.order.displayId)).statusCode).toBe(200);
    const rejected = await call('POST', `/admin/refunds/${refused.request.id}/reject`, bearer(staff.token), {
      reason: 'Asked before we cancelled.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await requestsOf(refused.order.id)).map((r) => [r.origin, r.amountCents])).toEqual([
      ['customer', 1000],
      ['cancellation', refused.order.price.totalCents],
    ]);

    // An order still open: a decided ask opens nothing.
    const open = await paidOrderWithRequest('10.00');
    await call('POST', `/admin/refunds/${open.request.id}/reject`, bearer(staff.token), { reason: 'Not yet.' });
    expect(await requestsOf(open.order.id)).toHaveLength(1);
  });
});

describe('a partial approval carries a reason (decision 0187)', () => {
  it('refuses less than was asked without a reason, refunding nothing', async () => {
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const { paymentId, request } = await paidOrderWithRequest('20.00');
    const approve = (payload: Record<string, unknown>) =>
      call('POST', `/admin/refunds/${request.id}/approve`, bearer(staff.token), payload);

    const missing = await approve({ amountCents: 1500 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(ADMIN_REFUND_MESSAGES.partialReasonRequired);
    expect(missing.json().message).toBe('Say why less than the amount asked for is refunded');
    expect(missing.json().errors).toEqual({ partialReason: ADMIN_REFUND_MESSAGES.partialReasonRequired });
    const blank = await approve({ amountCents: 1500, partialReason: '    ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(ADMIN_REFUND_MESSAGES.partialReasonRequired);
    const short = await approve({ amountCents: 1500, partialReason: ' abc ' });
    expect(short.json().message).toBe(ADMIN_REFUND_MESSAGES.partialReasonTooShort);
    const long = await approve({ amountCents: 1500, partialReason: 'x'.repeat(501) });
    expect(long.json().message).toBe(ADMIN_REFUND_MESSAGES.partialReasonTooLong);
    // The whole amount takes no reason: one sent with it is refused, not kept.
    const whole = await approve({ amountCents: 2000, partialReason: 'Because we can.' });
    expect(whole.statusCode).toBe(400);
    expect(whole.json().message).toBe(ADMIN_REFUND_MESSAGES.partialReasonNotPartial);

    expect(await t.database.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentId, paymentId))).toEqual(
      [],
    );
    const [row] = await t.database.db.select().from(refundRequests).where(eq(refundRequests.id, request.id));
    expect(row).toMatchObject({ status: 'Received', approvedCents: null, partialReason: null });
  });

  it('stores the reason, shows it on the request, and tells the customer by e-mail and on their order', async () => {
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const { customer, order, paymentId, request } = await paidOrderWithRequest('20.00');
    const why = 'The courier fee was already paid out for your order.';
    const res = await call('POST', `/admin/refunds/${request.id}/approve`, bearer(staff.token), {
      amountCents: 1500,
      partialReason: `  ${why}  `,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'Refunded', approvedCents: 1500, partialReason: why });
    const given = await t.database.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentId, paymentId));
    expect(given.map((r) => r.amountCents)).toEqual([1500]);
    const detail = await call('GET', `/admin/refunds/${request.id}`, bearer(staff.token));
    expect(detail.json().data.request.partialReason).toBe(why);

    const mail = await decisionMailOf(request.reference);
    expect(mail?.text).toContain(REFUND_MAIL_TEXT.partialReasonLabel);
    expect(mail?.text).toContain(why);
    expect(mail?.html).toContain(why);
    expect(await noticesOf(customer.id)).toContainEqual({
      orderId: order.displayId,
      remark: REFUND_NOTICES.refunded(request.reference, '$15', why),
    });
    const [approved] = (await auditOf(staff.token, request.id)).filter(
      (e: { action: string }) => e.action === 'refund.approve',
    );
    expect(approved).toMatchObject({ after: { approvedCents: 1500, partialReason: why } });
  });
});
