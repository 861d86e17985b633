import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERRAL_REWARD_MESSAGES as R, REFERRAL_REWARD_CENTS } from '../../../domain/checkout/referral.ts';
import type { OrderStatus } from '../../../domain/orders/status.ts';
import { deliveredMail } from '../../mail/testing.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { apiCall, moveOrderTo, seededPackage, startApplication } from '../applications/testing.ts';
import { createSignedInUser } from '../auth/testing.ts';
import { coupons } from '../checkout/tables.ts';
import { notifications } from '../notifications/tables.ts';
import { paymentAttempts } from '../orders/ledger-tables.ts';
import { payWithSandbox, sandboxCardFingerprint } from '../payments/testing.ts';
import { users } from '../users/tables.ts';
import { referralRewards } from './tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Paid, then through staff's steps to Completed (the only way there, status table). */
const TO_COMPLETED: [OrderStatus, 'system' | 'staff'][] = [
  ['Order pending', 'system'],
  ['In review', 'staff'],
  ['Submitted', 'staff'],
  ['Approved', 'staff'],
  ['Completed', 'staff'],
];
async function complete(orderId: number) {
  for (const [to, actor] of TO_COMPLETED) await moveOrderTo(t.app, orderId, to, actor);
}

const REFERRER_PHONE = '+1-4155550123';

/** A referrer and a friend who signed up with their code; each has a phone of their own unless told. */
async function referrerAndFriend(friendName = 'Aarav Sharma', friendPhone = '+1-6045550142') {
  const referrer = await createSignedInUser(t.app, { name: 'Kavya Rao', phone: REFERRER_PHONE });
  const [row] = await t.database.db.select({ code: users.referralCode }).from(users).where(eq(users.id, referrer.id));
  const friend = await createSignedInUser(t.app, { name: friendName, referredBy: row?.code, phone: friendPhone });
  return { referrer, friend };
}

const rewardsOf = async (token: string | null) => apiCall(t.app, 'GET', '/referrals/rewards', token);
const rewardRows = (orderId: number) =>
  t.database.db.select().from(referralRewards).where(eq(referralRewards.friendOrderId, orderId));

describe("the referrer's gift card", () => {
  it("is earned once when the friend's application is completed: recorded, notified, e-mailed, listed", async () => {
    const { referrer, friend } = await referrerAndFriend();
    const order = await startApplication(t.app, friend.token);
    await complete(order.id);

    const [row] = await rewardRows(order.id);
    expect(row).toMatchObject({
      referrerUserId: referrer.id,
      amountCents: REFERRAL_REWARD_CENTS,
      currency: 'USD',
      state: 'earned',
      friendName: 'Aarav S.',
      sentAt: null,
    });

    const res = await rewardsOf(referrer.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: R.loaded,
      data: {
        totalCount: 1,
        results: [
          { id: row?.id, state: 'earned', amountCents: 500, currency: 'USD', friend: 'Aarav S.', sentAt: null },
        ],
      },
    });
    // The friend's e-mail never reaches the referrer.
    expect(res.body).not.toContain(friend.email);

    const remark = R.earned('$5', 'Aarav S.');
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, referrer.id));
    expect(notes.map((n) => ({ remark: n.remark, orderId: n.orderId }))).toContainEqual({ remark, orderId: null });

    const mail = (await deliveredMail(t.app)).filter((m) => m.to === referrer.email && /gift card/.test(m.subject));
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('You earned a $5 gift card');
    expect(mail[0]?.text).toContain(remark);
    expect(mail[0]?.text).not.toContain(friend.email);

    // Completed again (a repeated listener call, as a retried job or a second path would make):
    // nothing more is earned, notified or e-mailed.
    const completed = await t.app.services.orders.findOwned(friend.id, { id: order.id }, 'service');
    if (!completed) throw new Error('order gone');
    await t.database.db.transaction((tx) =>
      t.app.services.referrals.onStatusChange(tx, {
        order: completed,
        to: 'Completed',
        change: {
          fromStatus: 'Completed',
          status: 'Completed',
          by: 'staff',
          remark: null,
          at: new Date().toISOString(),
        },
      }),
    );
    expect(await rewardRows(order.id)).toHaveLength(1);
    const again = await t.database.db.select().from(notifications).where(eq(notifications.userId, referrer.id));
    expect(again).toHaveLength(notes.length);
    expect(
      (await deliveredMail(t.app)).filter((m) => m.to === referrer.email && /gift card/.test(m.subject)),
    ).toHaveLength(1);
  });

  // SPEC.md §1: "a $5 gift card … for each application that friend completes through that link",
  // the discounted first one and every later one alike.
  it('is earned by each application the friend completes, not by a customer who signed up without a code', async () => {
    const { referrer, friend } = await referrerAndFriend();
    const first = await startApplication(t.app, friend.token); // the discounted one
    const second = await startApplication(t.app, friend.token);
    expect(second.price.totalCents).toBe(first.price.totalCents + 500);
    // The later one first: its reward does not wait for the discounted one.
    for (const order of [second, first]) {
      await moveOrderTo(t.app, order.id, 'Forms incomplete');
      await complete(order.id);
    }
    for (const order of [first, second]) {
      expect(await rewardRows(order.id)).toMatchObject([
        { referrerUserId: referrer.id, amountCents: REFERRAL_REWARD_CENTS, state: 'earned' },
      ]);
    }
    expect((await rewardsOf(referrer.token)).json().data.totalCount).toBe(2);

    const loner = await createSignedInUser(t.app);
    const own = await startApplication(t.app, loner.token);
    await moveOrderTo(t.app, own.id, 'Forms incomplete');
    await complete(own.id);
    expect(await rewardRows(own.id)).toHaveLength(0);
  });

  it('is withdrawn, not left owed, when the referrer erases their account, and none is earned after', async () => {
    const { referrer, friend } = await referrerAndFriend();
    const [earnedBefore, sentBefore, after] = [
      await startApplication(t.app, friend.token),
      await startApplication(t.app, friend.token),
      await startApplication(t.app, friend.token),
    ];
    for (const order of [earnedBefore, sentBefore]) {
      await moveOrderTo(t.app, order.id, 'Forms incomplete');
      await complete(order.id);
    }
    const [sent] = await rewardRows(sentBefore.id);
    await t.database.db
      .update(referralRewards)
      .set({ state: 'sent', sentAt: new Date() })
      .where(eq(referralRewards.id, sent?.id ?? 0));

    const erased = await apiCall(t.app, 'POST', '/users/data-deletion', referrer.token, {
      password: referrer.password,
      confirm: true,
    });
    expect(erased.statusCode, erased.body).toBe(200);
    // The card not sent yet is withdrawn (no one to send it to); the one sent stays on record.
    expect(await rewardRows(earnedBefore.id)).toMatchObject([{ state: 'reversed', reversedAt: expect.any(Date) }]);
    expect(await rewardRows(sentBefore.id)).toMatchObject([{ state: 'sent' }]);

    await moveOrderTo(t.app, after.id, 'Forms incomplete');
    await complete(after.id);
    expect(await rewardRows(after.id)).toEqual([]);
    const queued = await t.database.db.select().from(notifications).where(eq(notifications.userId, referrer.id));
    expect(queued).toEqual([]);
  });

  it('is not earned by an application nothing was paid for: an e-Visa the referral discount and a coupon made free', async () => {
    const { referrer, friend } = await referrerAndFriend();
    const evisa = { citizenship: 'US', destination: 'IN' };
    const { pkg } = await seededPackage(t.app, 'indian-visa', 'e-tourist-30-days', evisa);
    const order = await startApplication(t.app, friend.token, { packageId: pkg.id, choices: evisa });
    const code = `FREE${Date.now() % 100_000}`;
    await t.database.db
      .insert(coupons)
      .values({ code, description: 'A test coupon', discountType: 'flat', value: 700, platform: 'sevadocs' });
    const base = `/application/order/${order.displayId}`;
    expect((await apiCall(t.app, 'POST', `${base}/coupon`, friend.token, { code })).json().data).toMatchObject({
      referralDiscountCents: 500,
      totalCents: 0,
    });
    // Confirmed with nothing to pay (no card), then completed.
    expect((await apiCall(t.app, 'POST', `${base}/payment`, friend.token, {})).statusCode).toBe(200);
    await complete(order.id);
    expect(await rewardRows(order.id)).toHaveLength(0);
    expect((await rewardsOf(referrer.token)).json().data.totalCount).toBe(0);
  });

  it('is only ever listed to its referrer: another customer sees none, a visitor gets 401', async () => {
    const { referrer, friend } = await referrerAndFriend('Meena');
    const order = await startApplication(t.app, friend.token);
    await moveOrderTo(t.app, order.id, 'Forms incomplete');
    await complete(order.id);
    expect((await rewardsOf(referrer.token)).json().data.results).toMatchObject([{ friend: 'Meena' }]);
    expect((await rewardsOf(friend.token)).json().data).toMatchObject({ totalCount: 0, results: [] });
    const stranger = await createSignedInUser(t.app);
    expect((await rewardsOf(stranger.token)).json().data).toMatchObject({ totalCount: 0, results: [] });
    const visitor = await rewardsOf(null);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().isSuccess).toBe(false);
  });

  it("is in the friend's order currency (staff mark it sent: admin-routes.test.ts)", async () => {
    const { referrer, friend } = await referrerAndFriend();
    const canada = { applyingFrom: 'CA' };
    const { pkg } = await seededPackage(t.app, 'oci-card', 'new-oci-card', canada);
    const order = await startApplication(t.app, friend.token, { packageId: pkg.id, choices: canada });
    await moveOrderTo(t.app, order.id, 'Forms incomplete');
    await complete(order.id);
    const [row] = await rewardRows(order.id);
    if (!row) throw new Error('no reward');
    expect(row).toMatchObject({ amountCents: REFERRAL_REWARD_CENTS, currency: 'CAD', state: 'earned' });
    expect((await rewardsOf(referrer.token)).json().data.results).toMatchObject([{ id: row.id, state: 'earned' }]);
  });

  describe('a friend who is the referrer under another account earns nothing (issue 29)', () => {
    const CARD = '4242 4242 4242 4242';

    it('when the friend signed up with the referrer’s phone number', async () => {
      const { referrer, friend } = await referrerAndFriend('Kavya R', REFERRER_PHONE);
      const order = await startApplication(t.app, friend.token);
      await complete(order.id);
      expect(await rewardRows(order.id)).toHaveLength(0);
      expect((await rewardsOf(referrer.token)).json().data).toMatchObject({ totalCount: 0, results: [] });
      const mail = (await deliveredMail(t.app)).filter((m) => m.to === referrer.email && /gift card/.test(m.subject));
      expect(mail).toHaveLength(0);
    });

    it('when the friend paid with a card the referrer has paid with; another card still earns', async () => {
      const { referrer, friend } = await referrerAndFriend();
      const own = await startApplication(t.app, referrer.token);
      await payWithSandbox(t, referrer.token, own.displayId, CARD);
      const order = await startApplication(t.app, friend.token);
      await payWithSandbox(t, friend.token, order.displayId, CARD.replaceAll(' ', ''));
      const [attempt] = await t.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, order.id));
      expect(attempt?.cardFingerprint).toBe(sandboxCardFingerprint(CARD));
      await complete(order.id);
      expect(await rewardRows(order.id)).toHaveLength(0);

      const other = await referrerAndFriend('Ishaan Mehta', '+1-6045550177');
      const mine = await startApplication(t.app, other.referrer.token);
      await payWithSandbox(t, other.referrer.token, mine.displayId, CARD);
      const theirs = await startApplication(t.app, other.friend.token);
      await payWithSandbox(t, other.friend.token, theirs.displayId, '5555 5555 5555 4444');
      await complete(theirs.id);
      expect(await rewardRows(theirs.id)).toMatchObject([{ referrerUserId: other.referrer.id, state: 'earned' }]);
    });
  });
});
