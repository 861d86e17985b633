import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_MESSAGES as A } from '../../../domain/applications/application.ts';
import { formatMoney } from '../../../domain/catalog/money.ts';
import { outsideFeeCents } from '../../../domain/catalog/service-detail.ts';
import { CHECKOUT_MESSAGES as C } from '../../../domain/checkout/api.ts';
import { COUPON_HOLD_MS, COUPON_MESSAGES } from '../../../domain/checkout/coupons.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import {
  ADULT,
  type ApiMethod,
  apiCall,
  MINOR,
  moveOrderTo,
  seededPackage,
  startApplication,
} from '../applications/testing.ts';
import { createSignedInUser } from '../auth/testing.ts';
import { packages } from '../catalog/tables.ts';
import { couponRedemptions } from '../orders/coupon-use-tables.ts';
import { orders } from '../orders/tables.ts';
import { payWithSandbox } from '../payments/testing.ts';
import { users } from '../users/tables.ts';
import { createStaffUser } from '../users/testing.ts';
import { coupons } from './tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const call = (method: ApiMethod, url: string, token: string | null, payload?: object) =>
  apiCall(t.app, method, url, token, payload);
const storedTotal = async (orderId: number) =>
  (await t.database.db.select({ total: orders.totalCents }).from(orders).where(eq(orders.id, orderId)))[0]?.total;

/** A signed-in customer with a New OCI Card application (USD) for an adult and a minor. */
async function family() {
  const user = await createSignedInUser(t.app);
  const order = await startApplication(t.app, user.token, { members: [ADULT, MINOR] });
  return { user, order, base: `/application/order/${order.displayId}` };
}

/** A customer, and a friend who signed up with the customer's referral code. */
async function referredFriend() {
  const referrer = await createSignedInUser(t.app);
  const [row] = await t.database.db.select({ code: users.referralCode }).from(users).where(eq(users.id, referrer.id));
  const friend = await createSignedInUser(t.app, { referredBy: row?.code });
  return { referrer, friend };
}

/** Expedite's USD price in the catalog, as staff set it on the admin catalog page. */
async function setExpeditePrice(amountCents: number) {
  const admin = await createStaffUser(t.app, t.database.db, 'admin');
  const rows = (await call('GET', '/admin/catalog/addon-prices', admin.token)).json().data.results as {
    id: number;
    addon: string;
    currency: string;
  }[];
  const row = rows.find((r) => r.addon === 'Expedite' && r.currency === 'USD');
  const res = await call('PATCH', `/admin/catalog/addon-prices/${row?.id}`, admin.token, { amountCents });
  expect(res.statusCode).toBe(200);
}

let couponSeq = 0;
async function addCoupon(values: Partial<typeof coupons.$inferInsert> = {}) {
  couponSeq += 1;
  const code = values.code ?? `TEST${couponSeq}${Date.now() % 100000}`;
  await t.database.db.insert(coupons).values({
    code,
    description: 'A test coupon',
    discountType: 'flat',
    value: 500,
    platform: 'sevadocs',
    ...values,
  });
  return code;
}

describe('add-ons', () => {
  it('lists the package’s add-ons with their titles, texts and USD prices', async () => {
    const { user, base } = await family();
    const res = await call('GET', `${base}/add-ons`, user.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: C.addOnsLoaded });
    const { data } = res.json();
    expect(data.currency).toBe('USD');
    expect(data.addOns.map((a: { addon: string }) => a.addon)).toEqual(['Photo Enhancement', 'Expedite']);
    expect(data.addOns[0]).toMatchObject({
      unitCents: 1000,
      scope: 'member',
      subTitle: '$10 per member',
      chosen: false,
    });
    expect(data.addOns[1]).toMatchObject({ unitCents: 6200, scope: 'order', subTitle: '$62' });
    for (const a of data.addOns) expect(a.subText).not.toMatch(/2liner/);
  });

  it('offers the apostille on a power of attorney, in CAD from Canada', async () => {
    const user = await createSignedInUser(t.app);
    const { pkg } = await seededPackage(t.app, 'power-of-attorney', 'property-power-of-attorney', {
      applyingFrom: 'CA',
    });
    const order = await startApplication(t.app, user.token, { packageId: pkg.id, choices: { applyingFrom: 'CA' } });
    const { data } = (await call('GET', `/application/order/${order.id}/add-ons`, user.token)).json();
    expect(data.currency).toBe('CAD');
    // No Photo Enhancement: the executant's photo is attested on paper, never fitted to a size.
    expect(data.addOns.map((a: { addon: string; subTitle: string }) => [a.addon, a.subTitle])).toEqual([
      ['Apostilled', 'CA$82'],
      ['Expedite', 'CA$85'],
    ]);
  });

  it('offers Photo Enhancement only for members with a passport-style photo, whatever the package lists', async () => {
    // A renunciation takes no photo; an operator's package still listing the add-on offers nothing.
    const { pkg } = await seededPackage(
      t.app,
      'renunciation-of-indian-passport',
      'surrender-certificate-from-june-2010',
    );
    await t.database.db
      .update(packages)
      .set({ addons: ['Photo Enhancement', 'Expedite'] })
      .where(eq(packages.id, pkg.id));
    const user = await createSignedInUser(t.app);
    const order = await startApplication(t.app, user.token, { packageId: pkg.id });
    const base = `/application/order/${order.id}`;
    const { data } = (await call('GET', `${base}/add-ons`, user.token)).json();
    expect(data.addOns.map((a: { addon: string }) => a.addon)).toEqual(['Expedite']);
    const memberId = order.members[0]?.id;
    const res = await call('PUT', `${base}/add-ons`, user.token, {
      addOns: [{ addon: 'Photo Enhancement', memberIds: [memberId] }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(C.notOffered('Photo Enhancement'));
    expect(await storedTotal(order.id)).toBe(order.price.totalCents);

    // An OCI family: every member has a photo the editor works on.
    const oci = await family();
    const offered = (await call('GET', `${oci.base}/add-ons`, oci.user.token)).json().data.addOns;
    expect(offered[0]).toMatchObject({
      addon: 'Photo Enhancement',
      forMemberIds: oci.order.members.map((m) => m.id),
    });
    expect(offered[1]).toMatchObject({ addon: 'Expedite', forMemberIds: [] });
  });

  it('prices photo enhancement per member and expedite once; the stored total follows every change', async () => {
    const { user, order, base } = await family();
    const [adult, minor] = order.members;
    const before = order.price.totalCents;
    const res = await call('PUT', `${base}/add-ons`, user.token, {
      addOns: [{ addon: 'Photo Enhancement', memberIds: [adult?.id, minor?.id] }, { addon: 'Expedite' }],
    });
    expect(res.statusCode).toBe(200);
    const summary = res.json().data;
    expect(summary.totalCents).toBe(before + 2 * 1000 + 6200);
    expect(summary.lines.find((l: { id: string }) => l.id === 'photo-enhancer')).toMatchObject({
      label: 'Photo Enhancer',
      value: '$20',
      subValue: '$10 × 2',
    });
    expect(await storedTotal(order.id)).toBe(summary.totalCents);

    // Removing a member takes their photo enhancement with them.
    expect((await call('DELETE', `${base}/members/${minor?.id}`, user.token)).statusCode).toBe(200);
    const after = (await call('GET', `${base}/cost-summary`, user.token)).json().data;
    expect(after.totalCents).toBe(before / 2 + 1000 + 6200);
    expect(await storedTotal(order.id)).toBe(after.totalCents);

    // Choosing none removes them all.
    const none = (await call('PUT', `${base}/add-ons`, user.token, { addOns: [] })).json().data;
    expect(none.totalCents).toBe(before / 2);
    expect(await storedTotal(order.id)).toBe(before / 2);
  });

  it.each([
    ['an add-on the package does not offer', [{ addon: 'Apostilled' }], 400, C.notOffered('Apostilled')],
    [
      'photo enhancement for nobody',
      [{ addon: 'Photo Enhancement', memberIds: [] }],
      400,
      C.chooseMembers('Photo Enhancement'),
    ],
    ['expedite for members', [{ addon: 'Expedite', memberIds: [1] }], 400, C.orderWide('Expedite')],
    ['an add-on twice', [{ addon: 'Expedite' }, { addon: 'Expedite' }], 400, C.twice('Expedite')],
    ['a member of another order', [{ addon: 'Photo Enhancement', memberIds: [999999] }], 404, C.memberNotFound],
  ])('refuses %s and changes nothing', async (_, addOns, status, message) => {
    const { user, order, base } = await family();
    const res = await call('PUT', `${base}/add-ons`, user.token, { addOns });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await storedTotal(order.id)).toBe(order.price.totalCents);
  });

  it('is closed after payment', async () => {
    const { user, order, base } = await family();
    await moveOrderTo(t.app, order.id, 'Forms incomplete');
    const res = await call('PUT', `${base}/add-ons`, user.token, { addOns: [{ addon: 'Expedite' }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(C.locked);
  });
});

describe('cost summary', () => {
  it('lists the line items with the fees apart, refundable or not, and flags premium support', async () => {
    const { user, order, base } = await family();
    const res = await call('GET', `${base}/cost-summary`, user.token);
    expect(res.json()).toMatchObject({ statusCode: 200, message: C.summaryLoaded });
    const s = res.json().data;
    expect(s.totalCents).toBe(order.price.totalCents);
    expect(s.currency).toBe('USD');
    expect(s.appliedCoupon).toBeNull();
    const labels = s.lines.map((l: { label: string }) => l.label);
    expect(labels.slice(0, 3)).toEqual(['Package Cost Per Member', 'Members', 'Government fee']);
    expect(labels).toContain('Our service fee');
    expect(labels).toContain('Convenience Fees');
    expect(labels).toContain('Actual Cost');
    expect(s.lines.find((l: { id: string }) => l.id === 'members').value).toBe('x2');
    expect(s.lines.find((l: { id: string }) => l.id === 'government-fee').refundable).toBe(false);
    expect(s.lines.find((l: { id: string }) => l.id === 'service-fee').refundable).toBe(true);
    expect(s.premiumSupport).toBe(s.totalCents >= 10_000);
    expect(s.premiumSupport).toBe(true);
    // What the centre may charge apart, said again where the customer pays (the package's fee note for the US).
    expect(s.feeNote).toBe(
      'If you hold a passport other than a US one, or have lived in the USA for less than two years, VFS Global adds a $20 reference fee.',
    );
    // Kept through a change that answers the summary.
    const changed = await call('PUT', `${base}/add-ons`, user.token, { addOns: [{ addon: 'Expedite' }] });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.feeNote).toBe(s.feeNote);
  });

  it('charges a family’s e-Visa our service fee alone and names what the portal takes from each (SPEC.md §9’s $12, was $24)', async () => {
    const user = await createSignedInUser(t.app);
    const { pkg, price } = await seededPackage(t.app, 'indian-visa', 'e-tourist-30-days', {
      citizenship: 'US',
      destination: 'IN',
    });
    expect(price).toMatchObject({ feesPaidOnPortal: true, serviceFeeCents: 1200, totalCents: 1200 });
    expect(price.governmentFeeCents).toBeGreaterThan(0);
    const order = await startApplication(t.app, user.token, {
      packageId: pkg.id,
      choices: { citizenship: 'US', destination: 'IN' },
      members: [ADULT, MINOR],
    });
    expect(order.price).toMatchObject({ feesPaidOnPortal: true, perMemberCents: 1200, totalCents: 2400 });
    const s = (await call('GET', `/application/order/${order.displayId}/cost-summary`, user.token)).json().data;
    expect(s.totalCents).toBe(2400);
    expect(await storedTotal(order.id)).toBe(2400);
    const ids = s.lines.map((l: { id: string }) => l.id);
    expect(ids).not.toContain('government-fee');
    expect(s.lines.find((l: { id: string }) => l.id === 'package-cost-per-member')).toMatchObject({
      value: '$12',
      subValue: '$24',
    });
    const portal = outsideFeeCents(price);
    expect(s.lines.find((l: { id: string }) => l.id === 'paid-on-portal')).toMatchObject({
      label: 'Paid by you on the official portal, not in this total',
      kind: 'summary',
      amountCents: portal * 2,
    });
  });
});

describe('coupons', () => {
  it('applies FIRST10 to our fees only (never the government fee), once per customer, and removes it', async () => {
    const { user, order, base } = await family();
    const plain = (await call('GET', `${base}/cost-summary`, user.token)).json().data;
    const res = await call('POST', `${base}/coupon`, user.token, { code: 'first10' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(COUPON_MESSAGES.applied);
    const s = res.json().data;
    expect(s.appliedCoupon).toBe('FIRST10');
    expect(s.couponDiscountCents).toBe(Math.round(plain.ourFeeCents / 10));
    expect(s.governmentFeeCents).toBe(plain.governmentFeeCents);
    expect(s.lines.find((l: { id: string }) => l.id === 'coupon-discount')).toMatchObject({
      label: 'Coupon Discount',
      subValue: 'FIRST10',
    });
    expect(await storedTotal(order.id)).toBe(plain.totalCents - s.couponDiscountCents);

    // The same customer's next application: already used.
    const second = await startApplication(t.app, user.token);
    const again = await call('POST', `/application/order/${second.displayId}/coupon`, user.token, { code: 'FIRST10' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: COUPON_MESSAGES.alreadyUsed,
      errors: { code: COUPON_MESSAGES.alreadyUsed },
    });

    const removed = await call('DELETE', `${base}/coupon`, user.token);
    expect(removed.json()).toMatchObject({ statusCode: 200, message: COUPON_MESSAGES.removed });
    expect(removed.json().data.appliedCoupon).toBeNull();
    expect(await storedTotal(order.id)).toBe(plain.totalCents);
    const none = await call('DELETE', `${base}/coupon`, user.token);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(COUPON_MESSAGES.noCoupon);
  });

  it('refuses each broken rule with its message and changes nothing', async () => {
    const expired = await addCoupon({ endsAt: new Date('2020-01-01T00:00:00Z') });
    const future = await addCoupon({ startsAt: new Date('2099-01-01T00:00:00Z') });
    const photos = await addCoupon({ platform: 'sevaphotos' });
    const big = await addCoupon({ minimumOrderCents: 10_000_000 });
    const usedUp = await addCoupon({ usageLimit: 1 });
    const other = await family();
    expect((await call('POST', `${other.base}/coupon`, other.user.token, { code: usedUp })).statusCode).toBe(200);

    const { user, order, base } = await family();
    for (const [code, message] of [
      ['NOSUCHCODE', COUPON_MESSAGES.unknown],
      [expired, COUPON_MESSAGES.expired],
      [future, COUPON_MESSAGES.notYet],
      [photos, COUPON_MESSAGES.wrongPlatform('sevaphotos')],
      [big, 'This coupon needs an order of at least $100,000.'],
      [usedUp, COUPON_MESSAGES.usedUp],
      ['   ', COUPON_MESSAGES.empty],
    ] as const) {
      const res = await call('POST', `${base}/coupon`, user.token, { code });
      expect(res.statusCode, code).toBe(400);
      expect(res.json().message, code).toBe(message);
    }
    expect(await storedTotal(order.id)).toBe(order.price.totalCents);
  });

  it('gives a use back when the order is cancelled before payment', async () => {
    const { user, base } = await family();
    expect((await call('POST', `${base}/coupon`, user.token, { code: 'FIRST10' })).statusCode).toBe(200);
    expect((await call('POST', `${base}/cancel`, user.token, {})).statusCode).toBe(200);
    const next = await startApplication(t.app, user.token);
    const res = await call('POST', `/application/order/${next.displayId}/coupon`, user.token, { code: 'FIRST10' });
    expect(res.statusCode).toBe(200);
  });

  it('drops a coupon whose minimum the order no longer reaches after a member is removed', async () => {
    const { user, order, base } = await family();
    const code = await addCoupon({ minimumOrderCents: order.price.totalCents });
    expect((await call('POST', `${base}/coupon`, user.token, { code })).statusCode).toBe(200);
    expect((await call('DELETE', `${base}/members/${order.members[1]?.id}`, user.token)).statusCode).toBe(200);
    const s = (await call('GET', `${base}/cost-summary`, user.token)).json().data;
    expect(s.appliedCoupon).toBeNull();
    expect(s.totalCents).toBe(order.price.totalCents / 2);
    expect(await storedTotal(order.id)).toBe(order.price.totalCents / 2);
  });

  it('never takes a total below the government and third-party fees', async () => {
    const code = await addCoupon({ value: 10_000_000 });
    const { user, base } = await family();
    const s = (await call('POST', `${base}/coupon`, user.token, { code })).json().data;
    expect(s.ourFeeCents).toBe(0);
    expect(s.totalCents).toBe(s.governmentFeeCents + s.thirdPartyFeeCents);
  });

  it('lists the active public coupons of a platform without a session', async () => {
    const res = await call('GET', '/coupons-management/platform?platform=sevadocs', null);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'FIRST10', discountType: 'percentage', value: 10 })]),
    );
    const photos = (await call('GET', '/coupons-management/platform?platform=sevaphotos', null)).json().data;
    expect(photos.map((c: { code: string }) => c.code)).toContain('PHOTO10');
    expect(photos.map((c: { code: string }) => c.code)).not.toContain('FIRST10');
    expect((await call('GET', '/coupons-management/platform?platform=other', null)).statusCode).toBe(400);
  });

  it('gives the last use to one of two checkouts redeeming it at the same moment', async () => {
    const code = await addCoupon({ usageLimit: 1 });
    const a = await family();
    const b = await family();
    const answers = await Promise.all([
      call('POST', `${a.base}/coupon`, a.user.token, { code }),
      call('POST', `${b.base}/coupon`, b.user.token, { code }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((r) => r.statusCode === 400)?.json().message).toBe(COUPON_MESSAGES.usedUp);
  });
});

describe('coupon holds of unpaid orders', () => {
  /** As if the order took its coupon's use longer ago than the hold lasts. */
  const lapse = (orderId: number) =>
    t.database.db
      .update(couponRedemptions)
      .set({ heldAt: new Date(Date.now() - COUPON_HOLD_MS - 60_000) })
      .where(eq(couponRedemptions.orderId, orderId));
  const pay = (base: string, token: string) => call('POST', `${base}/payment`, token, {});

  it('an order left unpaid past the hold frees the last use; its payment then drops the coupon and shows the new total', async () => {
    const code = await addCoupon({ usageLimit: 1 });
    const a = await family();
    const b = await family();
    expect((await call('POST', `${a.base}/coupon`, a.user.token, { code })).statusCode).toBe(200);
    expect((await call('POST', `${b.base}/coupon`, b.user.token, { code })).json().message).toBe(
      COUPON_MESSAGES.usedUp,
    );
    await lapse(a.order.id);
    expect((await call('POST', `${b.base}/coupon`, b.user.token, { code })).statusCode).toBe(200);

    const late = await pay(a.base, a.user.token);
    expect(late.statusCode).toBe(409);
    // It says why: the use this order held went to another order meanwhile.
    expect(late.json().message).toBe(COUPON_MESSAGES.releasedBecause(code, COUPON_MESSAGES.usedUp));
    const summary = (await call('GET', `${a.base}/cost-summary`, a.user.token)).json().data;
    expect(summary).toMatchObject({ appliedCoupon: null, totalCents: a.order.price.totalCents });
    expect(await storedTotal(a.order.id)).toBe(a.order.price.totalCents);
    // Now without the coupon, at the full total.
    expect((await pay(a.base, a.user.token)).json().data).toMatchObject({ amountCents: a.order.price.totalCents });
    expect((await pay(b.base, b.user.token)).statusCode).toBe(200);
  });

  it('a lapsed hold nobody took is taken again when the payment starts', async () => {
    const code = await addCoupon({ usageLimit: 1 });
    const a = await family();
    const applied = (await call('POST', `${a.base}/coupon`, a.user.token, { code })).json().data;
    await lapse(a.order.id);
    const started = await pay(a.base, a.user.token);
    expect(started.statusCode).toBe(200);
    expect(started.json().data.amountCents).toBe(applied.totalCents);
    const b = await family();
    expect((await call('POST', `${b.base}/coupon`, b.user.token, { code })).json().message).toBe(
      COUPON_MESSAGES.usedUp,
    );
  });

  it('a paid order keeps its use however long ago it took it', async () => {
    const code = await addCoupon({ usageLimit: 1 });
    const a = await family();
    expect((await call('POST', `${a.base}/coupon`, a.user.token, { code })).statusCode).toBe(200);
    await moveOrderTo(t.app, a.order.id, 'Forms incomplete');
    await lapse(a.order.id);
    const b = await family();
    expect((await call('POST', `${b.base}/coupon`, b.user.token, { code })).json().message).toBe(
      COUPON_MESSAGES.usedUp,
    );
  });
});

describe('referral', () => {
  it('gives a referred friend $5 off our fee on their first application only', async () => {
    const { referrer, friend } = await referredFriend();
    const first = await startApplication(t.app, friend.token);
    const plain = await startApplication(t.app, referrer.token);
    expect(first.price.totalCents).toBe(plain.price.totalCents - 500);
    expect(await storedTotal(first.id)).toBe(plain.price.totalCents - 500);
    const s = (await call('GET', `/application/order/${first.displayId}/cost-summary`, friend.token)).json().data;
    expect(s.lines.find((l: { id: string }) => l.id === 'referral-discount')).toMatchObject({
      label: 'Referral discount',
      value: '-$5',
    });
    expect(s.referralDiscountCents).toBe(500);

    const second = await startApplication(t.app, friend.token);
    expect(second.price.totalCents).toBe(plain.price.totalCents);
  });

  it('gives it to one of several first applications started at the same time (on PostgreSQL, each saw no earlier order)', async () => {
    const { referrer, friend } = await referredFriend();
    const plain = await startApplication(t.app, referrer.token);
    const started = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(() => startApplication(t.app, friend.token)));
    const totals = await Promise.all(started.map((o) => storedTotal(o.id)));
    const discounted = (total: number | undefined) => total === plain.price.totalCents - 500;
    expect(totals.filter(discounted)).toHaveLength(1);
    expect(started.filter((o) => discounted(o.price.totalCents))).toHaveLength(1);
  });
});

describe('a total that moved without a change to the order', () => {
  const sandbox = () => {
    const found = t.app.services.sandbox;
    if (!found) throw new Error('the sandbox is not configured');
    return found;
  };
  const pay = (base: string, token: string) => call('POST', `${base}/payment`, token, {});
  const summaryOf = async (base: string, token: string) =>
    (await call('GET', `${base}/cost-summary`, token)).json().data as {
      totalCents: number;
      actualCostCents: number;
      appliedCoupon: string | null;
    };

  /** The checkout shows `shown`; the payment is refused once while the total is stored, then takes it. */
  async function chargesWhatIsShown(orderId: number, base: string, token: string, shown: number) {
    const refused = await pay(base, token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(C.priceChanged);
    expect(await storedTotal(orderId)).toBe(shown);
    const started = await pay(base, token);
    expect(started.statusCode).toBe(200);
    expect(started.json().data.amountCents).toBe(shown);
  }

  it('charges an add-on at its price now when staff changed it after it was chosen, not the stored total', async () => {
    const { user, order, base } = await family();
    await call('PUT', `${base}/add-ons`, user.token, { addOns: [{ addon: 'Expedite' }] });
    const chosen = await storedTotal(order.id);
    // An earlier payment attempt, at the stored total, is not the one the customer pays.
    expect((await pay(base, user.token)).json().data.amountCents).toBe(chosen);
    await setExpeditePrice(7000);
    try {
      const shown = (await summaryOf(base, user.token)).totalCents;
      expect(shown).toBe((chosen ?? 0) - 6200 + 7000);
      await chargesWhatIsShown(order.id, base, user.token, shown);
    } finally {
      await setExpeditePrice(6200);
    }
  });

  it('drops a coupon whose minimum the order no longer reaches once an add-on’s price went down, and says so', async () => {
    const { user, order, base } = await family();
    await call('PUT', `${base}/add-ons`, user.token, { addOns: [{ addon: 'Expedite' }] });
    const chosen = await summaryOf(base, user.token);
    const code = await addCoupon({ minimumOrderCents: chosen.actualCostCents });
    expect((await call('POST', `${base}/coupon`, user.token, { code })).statusCode).toBe(200);
    await setExpeditePrice(5000);
    try {
      const refused = await pay(base, user.token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        COUPON_MESSAGES.releasedBelowMinimum(
          code,
          formatMoney({ amountCents: chosen.actualCostCents, currency: 'USD' }),
        ),
      );
      const now = await summaryOf(base, user.token);
      expect(now).toMatchObject({ appliedCoupon: null, totalCents: chosen.totalCents - 6200 + 5000 });
      expect(await storedTotal(order.id)).toBe(now.totalCents);
    } finally {
      await setExpeditePrice(6200);
    }
  });

  it('gives a referred friend’s next application the first-order discount once the first is cancelled, closing the link opened at the old total', async () => {
    const { friend } = await referredFriend();
    const first = await startApplication(t.app, friend.token);
    const second = await startApplication(t.app, friend.token);
    const base = `/application/order/${second.displayId}`;
    // The friend opened the second order's payment at its full price, then cancelled the first.
    const opened = await pay(base, friend.token);
    expect(opened.json().data.amountCents).toBe(second.price.totalCents);
    const link = new URL(opened.json().data.redirectUrl).searchParams.get('payment') ?? '';
    expect((await call('POST', `/application/order/${first.displayId}/cancel`, friend.token, {})).statusCode).toBe(200);
    await t.runJobs();

    const shown = (await summaryOf(base, friend.token)).totalCents;
    expect(shown).toBe(second.price.totalCents - 500);
    expect(await storedTotal(second.id)).toBe(shown);
    // The open link can no longer be paid at the old price; the order's page says it changed.
    expect(await sandbox().settle(link, 'succeeded')).toBe(false);
    const read = await call('GET', `${base}/payment`, friend.token);
    expect(read.json().data).toMatchObject({ state: 'FAILED', closedBecause: 'order-changed' });
    const again = await pay(base, friend.token);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.amountCents).toBe(shown);
  });

  it('reprices the next application when staff cancel the first, as the checkout shows it', async () => {
    const { friend } = await referredFriend();
    const first = await startApplication(t.app, friend.token);
    const second = await startApplication(t.app, friend.token);
    await moveOrderTo(t.app, first.id, 'Cancelled', 'staff');
    const shown = (await summaryOf(`/application/order/${second.displayId}`, friend.token)).totalCents;
    expect(shown).toBe(second.price.totalCents - 500);
    expect(await storedTotal(second.id)).toBe(shown);
  });
});

describe('a paid order’s cost summary', () => {
  /** The summary on the order page's path (the core's) and on the checkout's own. */
  const summariesOf = (displayId: string, token: string) =>
    Promise.all(
      [`/orders/${displayId}/cost-summary`, `/application/order/${displayId}/cost-summary`].map(
        async (url) => (await call('GET', url, token)).json().data,
      ),
    );

  it('keeps the Expedite line and total it was paid with after staff change the add-on’s price', async () => {
    const { user, order, base } = await family();
    const paid = (await call('PUT', `${base}/add-ons`, user.token, { addOns: [{ addon: 'Expedite' }] })).json().data;
    await payWithSandbox(t, user.token, order.displayId);
    await setExpeditePrice(7000);
    try {
      for (const summary of await summariesOf(order.displayId, user.token)) {
        expect(summary).toMatchObject({ totalCents: paid.totalCents, lines: paid.lines });
      }
    } finally {
      await setExpeditePrice(6200);
    }
  });

  it('keeps the coupon it was paid with, and gains no referral discount when the friend cancels an earlier unpaid order', async () => {
    const { friend } = await referredFriend();
    const first = await startApplication(t.app, friend.token);
    const second = await startApplication(t.app, friend.token);
    const paid = (
      await call('POST', `/application/order/${second.displayId}/coupon`, friend.token, { code: await addCoupon() })
    ).json().data;
    await payWithSandbox(t, friend.token, second.displayId);
    expect((await call('POST', `/application/order/${first.displayId}/cancel`, friend.token, {})).statusCode).toBe(200);
    for (const summary of await summariesOf(second.displayId, friend.token)) {
      expect(summary).toMatchObject({
        totalCents: paid.totalCents,
        referralDiscountCents: 0,
        appliedCoupon: paid.appliedCoupon,
        lines: paid.lines,
      });
    }
  });
});

describe('ownership', () => {
  it.each([
    ['GET', 'add-ons'],
    ['PUT', 'add-ons'],
    ['GET', 'cost-summary'],
    ['POST', 'coupon'],
    ['DELETE', 'coupon'],
  ] as const)('%s …/%s: another customer 404, a visitor 401', async (method, path) => {
    const { order } = await family();
    const stranger = await createSignedInUser(t.app);
    const body = method === 'PUT' ? { addOns: [] } : method === 'POST' ? { code: 'FIRST10' } : undefined;
    const theirs = await call(method, `/application/order/${order.displayId}/${path}`, stranger.token, body);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(A.orderNotFound);
    expect((await call(method, `/application/order/${order.id}/${path}`, null, body)).statusCode).toBe(401);
    expect(await storedTotal(order.id)).toBe(order.price.totalCents);
  });
});
