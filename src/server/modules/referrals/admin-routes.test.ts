import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_REFERRAL_REWARD_MESSAGES as M } from '../../../domain/admin/referral-rewards.ts';
import { REFERRAL_REWARD_MESSAGES as R, REFERRAL_REWARD_CENTS } from '../../../domain/checkout/referral.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { apiCall, startApplication } from '../applications/testing.ts';
import { bearer, createSignedInUser } from '../auth/testing.ts';
import { notifications } from '../notifications/tables.ts';
import { createStaffUser, expectRoleGuard, type Method } from '../users/testing.ts';
import { referralRewards } from './tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const call = (method: Method, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers });

/**
 * A referrer and the rewards their friends' orders earned on each of `earnedOn` (written as the
 * earning listener writes them: how a reward is earned is routes.test.ts's subject).
 */
async function referrerWithRewards(...earnedOn: string[]) {
  const referrer = await createSignedInUser(t.app);
  const friend = await createSignedInUser(t.app, { name: 'Aarav Sharma' });
  const rewards = [];
  for (const day of earnedOn) {
    const order = await startApplication(t.app, friend.token);
    const [row] = await t.database.db
      .insert(referralRewards)
      .values({
        referrerUserId: referrer.id,
        friendOrderId: order.id,
        friendName: 'Aarav S.',
        amountCents: REFERRAL_REWARD_CENTS,
        currency: 'USD',
        earnedAt: new Date(`${day}T10:00:00Z`),
      })
      .returning();
    if (!row) throw new Error('no reward written');
    rewards.push({ id: row.id, order });
  }
  return { referrer, rewards };
}

/** The friend's order refunded in full: the referrals listener withdraws its reward. */
async function refundFriendOrderInFull(orderId: number) {
  const [order] = await t.app.services.orders.findByIds([orderId]);
  if (!order) throw new Error('order gone');
  await t.database.db.transaction((tx) => t.app.services.referrals.onFullyRefunded(tx, order));
}

const auditOf = async (id: number) =>
  (
    await t.app.services.audit.list({
      page: 1,
      limit: 100,
      sort: 'createdAt',
      dir: 'desc',
      subjectType: 'referral-reward',
      subjectId: String(id),
      q: undefined,
    })
  ).results;

describe('the referral rewards desk is for staff', () => {
  it.each([
    ['GET', '/admin/referral-rewards'],
    ['POST', '/admin/referral-rewards/1/sent'],
  ] as const)('%s %s answers a visitor 401 and a customer 403', async (method, url) => {
    await expectRoleGuard(t.app, t.database.db, 'staff', (headers) => call(method, url, headers));
  });
});

describe('the list of referral rewards', () => {
  it("shows each reward newest first with the referrer's e-mail, the friend's order and amount, paged and by state", async () => {
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const { referrer, rewards } = await referrerWithRewards('2026-03-01', '2026-04-01', '2026-05-01');
    const [first, second, third] = rewards;
    if (!first || !second || !third) throw new Error('three rewards expected');
    // The newest went out, then its friend's order was refunded in full; the oldest was withdrawn before.
    expect((await call('POST', `/admin/referral-rewards/${third.id}/sent`, bearer(staff.token))).statusCode).toBe(200);
    await refundFriendOrderInFull(third.order.id);
    await refundFriendOrderInFull(first.order.id);

    const mine = `/admin/referral-rewards?q=${encodeURIComponent(referrer.email)}`;
    const all = await call('GET', mine, bearer(staff.token));
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toMatchObject({ totalCount: 3, page: 1 });
    expect(all.json().data.results).toEqual([
      {
        id: third.id,
        state: 'reversed',
        referrerEmail: referrer.email,
        friendOrderDisplayId: third.order.displayId,
        friend: 'Aarav S.',
        amountCents: REFERRAL_REWARD_CENTS,
        currency: 'USD',
        earnedAt: '2026-05-01T10:00:00.000Z',
        sentAt: expect.any(String),
        withdrawnAt: expect.any(String),
        withdrawnAfterSent: true,
      },
      expect.objectContaining({ id: second.id, state: 'earned', sentAt: null, withdrawnAfterSent: false }),
      expect.objectContaining({ id: first.id, state: 'reversed', sentAt: null, withdrawnAfterSent: false }),
    ]);

    const toSend = await call('GET', `${mine}&status=earned`, bearer(staff.token));
    expect(toSend.json().data.results.map((r: { id: number }) => r.id)).toEqual([second.id]);
    const page2 = await call('GET', `${mine}&limit=2&page=2`, bearer(staff.token));
    expect(page2.json().data).toMatchObject({ totalCount: 3, page: 2, limit: 2, results: [{ id: first.id }] });
    const oldestFirst = await call('GET', `${mine}&dir=asc`, bearer(staff.token));
    expect(oldestFirst.json().data.results.map((r: { id: number }) => r.id)).toEqual([first.id, second.id, third.id]);
  });
});

describe('marking a gift card sent', () => {
  it("moves the reward to sent once, audited, shown on the referrer's page; a second press is refused", async () => {
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const { referrer, rewards } = await referrerWithRewards('2026-06-01');
    const id = rewards[0]?.id ?? 0;

    const sent = await call('POST', `/admin/referral-rewards/${id}/sent`, bearer(staff.token));
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      message: M.markedSent,
      data: { id, state: 'sent', sentAt: expect.any(String), referrerEmail: referrer.email },
    });
    const audit = await auditOf(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorEmail: staff.email,
      action: 'referral-reward.sent',
      before: { state: 'earned', sentAt: null },
      after: { state: 'sent', sentAt: sent.json().data.sentAt },
    });
    const own = await apiCall(t.app, 'GET', '/referrals/rewards', referrer.token);
    expect(own.json().data.results).toMatchObject([{ id, state: 'sent', sentAt: sent.json().data.sentAt }]);
    // The referrer is told where to look for the card, once.
    const sentRemark = R.sent('$5', 'Aarav S.', referrer.email);
    const told = async () =>
      (await t.database.db.select().from(notifications).where(eq(notifications.userId, referrer.id)))
        .map((n) => n.remark)
        .filter((remark) => remark === sentRemark);
    expect(await told()).toHaveLength(1);

    const again = await call('POST', `/admin/referral-rewards/${id}/sent`, bearer(staff.token));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.alreadySent);
    expect(await auditOf(id)).toHaveLength(1);
    expect(await told()).toHaveLength(1);
    const [row] = await t.database.db.select().from(referralRewards).where(eq(referralRewards.id, id));
    expect(row?.sentAt?.toISOString()).toBe(sent.json().data.sentAt);
  });

  it('refuses a reward withdrawn by a full refund of the friend’s order, and an unknown one', async () => {
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const { rewards } = await referrerWithRewards('2026-06-02');
    const [reward] = rewards;
    if (!reward) throw new Error('no reward');
    await refundFriendOrderInFull(reward.order.id);

    const refused = await call('POST', `/admin/referral-rewards/${reward.id}/sent`, bearer(staff.token));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.withdrawn);
    const [row] = await t.database.db.select().from(referralRewards).where(eq(referralRewards.id, reward.id));
    expect(row).toMatchObject({ state: 'reversed', sentAt: null });
    expect(await auditOf(reward.id)).toEqual([]);

    const unknown = await call('POST', '/admin/referral-rewards/999999/sent', bearer(staff.token));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(M.notFound);
  });
});
