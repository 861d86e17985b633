import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERRAL_REWARD_MESSAGES as R, REFERRAL_REWARD_CENTS } from '../../../domain/checkout/referral.ts';
import type { OrderStatus } from '../../../domain/orders/status.ts';
import { deliveredMail } from '../../mail/testing.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { apiCall, moveOrderTo, seededPackage, startApplication } from '../applications/testing.ts';
import { createSignedInUser } from '../auth/testing.ts';
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
  it("is earned once when the friend's discounted first application is completed: recorded, notified, e-mailed, listed", async () => {
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

  it("is not earned by the friend's second application, nor by a customer who signed up without a code", async () => {
    const { referrer, friend } = await referrerAndFriend();
    await startApplication(t.app, friend.token); // the first, discounted one
    const second = await startApplication(t.app, friend.token);
    await moveOrderTo(t.app, second.id, 'Forms incomplete');
    await complete(second.id);
    expect(await rewardRows(second.id)).toHaveLength(0);

    const loner = await createSignedInUser(t.app);
    const own = await startApplication(t.app, loner.token);
    await moveOrderTo(t.app, own.id, 'Forms incomplete');
    await complete(own.id);
    expect(await rewardRows(own.id)).toHaveLength(0);
    expect((await rewardsOf(referrer.token)).json().data).toMatchObject({ totalCount: 0, results: [] });
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

  it("is in the friend's order currency, and marked sent once by the service the back office will call", async () => {
    const { referrer, friend } = await referrerAndFriend();
    const canada = { applyingFrom: 'CA' };
    const { pkg } = await seededPackage(t.app, 'oci-card', 'new-oci-card', canada);
    const order = await startApplication(t.app, friend.token, { packageId: pkg.id, choices: canada });
    await moveOrderTo(t.app, order.id, 'Forms incomplete');
    await complete(order.id);
    const [row] = await rewardRows(order.id);
    if (!row) throw new Error('no reward');
    expect(row).toMatchObject({ amountCents: REFERRAL_REWARD_CENTS, currency: 'CAD', state: 'earned' });

    const sent = await t.app.services.referrals.markSent(row.id);
    expect(sent).toMatchObject({ ok: true, reward: { id: row.id, state: 'sent', sentAt: expect.any(String) } });
    expect(await t.app.services.referrals.markSent(row.id)).toEqual({ ok: false, reason: 'already-sent' });
    expect(await t.app.services.referrals.markSent(999_999)).toEqual({ ok: false, reason: 'not-found' });
    expect((await rewardsOf(referrer.token)).json().data.results).toMatchObject([{ id: row.id, state: 'sent' }]);
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
