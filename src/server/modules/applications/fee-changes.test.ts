import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FEE_CHANGE_MESSAGES } from '../../../domain/catalog/fee-schedule.ts';
import { formatMoney } from '../../../domain/catalog/money.ts';
import { priceTotalCents } from '../../../domain/catalog/service-detail.ts';
import { COUPON_MESSAGES } from '../../../domain/checkout/coupons.ts';
import { applicationFeeNotices, coupons, notifications, packagePrices } from '../../db/schema.ts';
import { deliveredMail } from '../../mail/testing.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createSignedInUser } from '../auth/testing.ts';
import { payWithSandbox } from '../payments/testing.ts';
import { FEE_CHANGES_QUEUE } from './fee-changes.ts';
import { apiCall, seededPackage, startApplication } from './testing.ts';

/**
 * Issue 32 §2: the fee on the day. The seeded New OCI Card from the USA gets a dated change of its
 * government fee ($275 → $300 from 1 July 2027); the test holds the fees' clock on each side of
 * it and looks at the quote (the packages call and the service page), the cart (an unpaid order's
 * total), the order (what a payment charges) and the one e-mail an unpaid order gets.
 */
let clock = new Date('2027-06-30T12:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SITE_URL: 'https://sevadocs.test' }, { feeClock: () => clock });
});
afterAll(() => t.close());

const BEFORE = new Date('2027-06-30T23:30:00Z');
const AFTER = new Date('2027-07-01T00:10:00Z');
const NEW_FEE = 30_000;
const usd = (amountCents: number) => formatMoney({ amountCents, currency: 'USD' });

/** Adds a dated row beside a seeded OCI package's price from the USA (New OCI Card's by default); answers both. */
async function scheduleChange(packageSlug = 'new-oci-card', governmentFeeCents = NEW_FEE) {
  const { service, pkg, price } = await seededPackage(t.app, 'oci-card', packageSlug);
  const {
    id: _id,
    createdAt: _c,
    updatedAt: _u,
    ...current
  } = (
    await t.database.db
      .select()
      .from(packagePrices)
      .where(and(eq(packagePrices.id, price.id), isNull(packagePrices.effectiveFrom)))
  )[0] as typeof packagePrices.$inferSelect;
  const [added] = await t.database.db
    .insert(packagePrices)
    .values({ ...current, governmentFeeCents, effectiveFrom: '2027-07-01' })
    .returning();
  t.app.services.contentChanges.changed();
  if (!added) throw new Error('no dated row');
  return { service, pkg, before: price, after: added };
}

async function quote(serviceId: number) {
  const res = await t.app.inject({ method: 'POST', url: `/api/v1/packages/${serviceId}?applyingFrom=US` });
  return res.json().data.find((p: { slug: string }) => p.slug === 'new-oci-card').price;
}

async function feeMailsTo(email: string) {
  return (await deliveredMail(t.app, 500)).filter((m) => m.to === email && m.subject.includes('fees of your'));
}

function payFor(token: string, displayId: string) {
  return apiCall(t.app, 'POST', `/application/order/${displayId}/payment`, token, {});
}

async function orderTotal(token: string, displayId: string): Promise<number> {
  const res = await apiCall(t.app, 'GET', `/application/order/${displayId}`, token);
  return res.json().data.price.totalCents;
}

describe('the fee on the day', () => {
  it('quotes, prices and charges the fee in force on each side of a change, and tells an unpaid order once', async () => {
    clock = BEFORE;
    const { service, before, after } = await scheduleChange();
    const oldPerMember = priceTotalCents(before);
    const newPerMember = oldPerMember - before.governmentFeeCents + NEW_FEE;

    // The day before: the old fee, with the change the pages announce (PriceBreakdown's test reads it).
    expect(await quote(service.id)).toMatchObject({
      governmentFeeCents: before.governmentFeeCents,
      scheduledChange: {
        id: after.id,
        effectiveFrom: '2027-07-01',
        governmentFeeCents: NEW_FEE,
        totalCents: newPerMember,
      },
    });

    const unpaid = await createSignedInUser(t.app);
    const cart = await startApplication(t.app, unpaid.token);
    expect(cart.price.totalCents).toBe(oldPerMember);
    const paid = await createSignedInUser(t.app);
    const paidOrder = await startApplication(t.app, paid.token);
    await payWithSandbox(t, paid.token, paidOrder.displayId);

    // The daily job: the unpaid order is told of the change ahead, once however often it runs.
    expect(await t.app.services.feeChanges.reviewAll()).toMatchObject({ told: 1, repriced: 0 });
    expect(await t.app.services.feeChanges.reviewAll()).toMatchObject({ told: 0, repriced: 0 });
    const [ahead, ...more] = await feeMailsTo(unpaid.email);
    expect(more).toEqual([]);
    expect(ahead?.text).toContain(
      `From 1 July 2027 the government fee is $300. Paid before then, your order ${cart.displayId} costs ${usd(oldPerMember)}; from that day its total becomes ${usd(newPerMember)}.`,
    );
    expect(ahead?.links).toContain(`https://sevadocs.test/service-order?orderId=${cart.displayId}`);
    expect(await orderTotal(unpaid.token, cart.displayId)).toBe(oldPerMember);

    // The day of the change: the new fee everywhere, nothing announced any more.
    clock = AFTER;
    const quoted = await quote(service.id);
    expect(quoted).toMatchObject({ id: after.id, governmentFeeCents: NEW_FEE, totalCents: newPerMember });
    expect(quoted.scheduledChange).toBeNull();

    // The job reprices the unpaid order (its e-mail was the one before: no second), twice or not.
    expect(await t.app.services.feeChanges.reviewAll()).toMatchObject({ repriced: 1, told: 0 });
    expect(await t.app.services.feeChanges.reviewAll()).toMatchObject({ repriced: 0, told: 0 });
    expect(await orderTotal(unpaid.token, cart.displayId)).toBe(newPerMember);
    expect(await feeMailsTo(unpaid.email)).toHaveLength(1);
    const rows = await t.database.db
      .select()
      .from(applicationFeeNotices)
      .where(eq(applicationFeeNotices.orderId, cart.id));
    expect(rows.map((r) => r.packagePriceId)).toEqual([after.id]);

    // The order paid the day before keeps what it was charged; no e-mail for it.
    expect(await orderTotal(paid.token, paidOrder.displayId)).toBe(oldPerMember);
    expect(await feeMailsTo(paid.email)).toEqual([]);

    // A new order after the change starts at the new fee.
    const later = await startApplication(t.app, unpaid.token);
    expect(later.price.totalCents).toBe(newPerMember);
  });

  it('reprices an unpaid order before a payment the job has not reached yet, and refuses that payment', async () => {
    clock = BEFORE;
    const { pkg } = await seededPackage(t.app);
    const customer = await createSignedInUser(t.app);
    const order = await startApplication(t.app, customer.token);
    const oldTotal = order.price.totalCents;

    clock = AFTER;
    const refused = await payFor(customer.token, order.displayId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(FEE_CHANGE_MESSAGES.repriced);
    const newTotal = await orderTotal(customer.token, order.displayId);
    expect(newTotal).toBe(oldTotal - pkg.price.governmentFeeCents + NEW_FEE);

    // Told once (on the panel too), and then the payment goes ahead at the new total.
    const [mail, ...more] = await feeMailsTo(customer.email);
    expect(more).toEqual([]);
    expect(mail?.text).toContain(
      `Since 1 July 2027 the government fee is $300, so the total of your order ${order.displayId} is now`,
    );
    const panel = await t.database.db.select().from(notifications).where(eq(notifications.orderIdDb, order.id));
    expect(panel.map((n) => n.remark)).toEqual([expect.stringContaining('Since 1 July 2027')]);
    await payWithSandbox(t, customer.token, order.displayId);
    const paid = await apiCall(t.app, 'GET', `/application/order/${order.displayId}`, customer.token);
    expect(paid.json().data).toMatchObject({ status: 'Forms incomplete', price: { totalCents: newTotal } });
    expect(await t.app.services.feeChanges.reviewAll()).toMatchObject({ repriced: 0, told: 0 });
  });

  it('follows the e-Visa’s season on an unpaid order without news: its fee is paid on the portal, our total stays', async () => {
    clock = new Date('2027-03-31T23:30:00Z');
    const customer = await createSignedInUser(t.app);
    const { pkg } = await seededPackage(t.app, 'indian-visa', 'e-tourist-30-days', {
      citizenship: 'US',
      destination: 'IN',
    });
    const order = await startApplication(t.app, customer.token, {
      packageId: pkg.id,
      choices: { citizenship: 'US', destination: 'IN' },
    });
    const portalLine = async () => {
      const res = await apiCall(t.app, 'GET', `/application/order/${order.displayId}/cost-summary`, customer.token);
      return res.json().data.lines.find((l: { id: string }) => l.id === 'paid-on-portal')?.value;
    };
    expect(order.price.totalCents).toBe(1200);
    expect(await portalLine()).toBe('$25.63');
    await t.app.services.feeChanges.reviewAll();

    clock = new Date('2027-04-01T00:10:00Z');
    await t.app.services.feeChanges.reviewAll();
    expect(await portalLine()).toBe('$10.25');
    expect(await orderTotal(customer.token, order.displayId)).toBe(1200);
    expect(await feeMailsTo(customer.email)).toEqual([]);
    // Nothing to refuse a payment for: the total it takes is the one the customer saw.
    await payWithSandbox(t, customer.token, order.displayId);
    const paid = await apiCall(t.app, 'GET', `/application/order/${order.displayId}`, customer.token);
    expect(paid.json().data).toMatchObject({ status: 'Forms incomplete', price: { totalCents: 1200 } });
  });

  it('reprices an unpaid order as soon as staff add a fee change dated today, not at the next daily run', async () => {
    clock = AFTER;
    const customer = await createSignedInUser(t.app);
    const { pkg, price } = await seededPackage(t.app, 'oci-card', 'oci-reissue');
    const order = await startApplication(t.app, customer.token, { packageId: pkg.id });
    const oldTotal = await orderTotal(customer.token, order.displayId);
    const [current] = await t.database.db.select().from(packagePrices).where(eq(packagePrices.id, price.id));
    if (!current) throw new Error('no re-issue price');
    const { id: _id, createdAt: _c, updatedAt: _u, ...row } = current;
    // What the admin catalog's price form does: the row, then the content-change signal after commit.
    await t.database.db
      .insert(packagePrices)
      .values({ ...row, governmentFeeCents: 5_000, effectiveFrom: '2027-07-01' });
    t.app.services.contentChanges.changed();
    // The signal queues the review without waiting (the admin's answer does not wait on it).
    await vi.waitFor(
      async () => {
        await t.app.jobs.drain([FEE_CHANGES_QUEUE]);
        expect(await orderTotal(customer.token, order.displayId)).toBe(oldTotal - price.governmentFeeCents + 5_000);
      },
      { timeout: 10_000, interval: 200 },
    );
    expect(await feeMailsTo(customer.email)).toHaveLength(1);
  });

  it('takes away a coupon whose minimum the lower fee no longer reaches, and says so ahead, at payment and on the day', async () => {
    clock = BEFORE;
    const LOWER_FEE = 1_000;
    const { pkg, before } = await scheduleChange('lost-or-damaged-oci', LOWER_FEE);
    expect(before.governmentFeeCents).toBeGreaterThan(LOWER_FEE);
    const full = priceTotalCents(before);
    const after = full - before.governmentFeeCents + LOWER_FEE;
    const code = `FEEDROP${Date.now() % 100_000}`;
    // $5 off an order of at least what the package costs today.
    await t.database.db.insert(coupons).values({
      code,
      description: 'A test coupon',
      discountType: 'flat',
      value: 500,
      minimumOrderCents: full,
      platform: 'sevadocs',
    });
    const withCoupon = async () => {
      const customer = await createSignedInUser(t.app);
      const order = await startApplication(t.app, customer.token, { packageId: pkg.id });
      const applied = await apiCall(t.app, 'POST', `/application/order/${order.displayId}/coupon`, customer.token, {
        code,
      });
      expect(applied.json().data.totalCents).toBe(full - 500);
      return { customer, order };
    };

    // Told ahead: the total the day brings is without the coupon, and why.
    const early = await withCoupon();
    await t.app.services.feeChanges.reviewAll();
    const [ahead] = await feeMailsTo(early.customer.email);
    expect(ahead?.text).toContain(
      `your order ${early.order.displayId} costs ${usd(full - 500)}; from that day its total becomes ${usd(after)}. From that day your coupon ${code} no longer applies. ${COUPON_MESSAGES.minimumNotMet(usd(full))}`,
    );

    // An order the notice ahead missed.
    const late = await withCoupon();
    clock = AFTER;

    // The payment that reprices the order names the coupon it lost.
    const refused = await payFor(early.customer.token, early.order.displayId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(FEE_CHANGE_MESSAGES.repricedWithoutCoupon(code));
    const summary = await apiCall(
      t.app,
      'GET',
      `/application/order/${early.order.displayId}/cost-summary`,
      early.customer.token,
    );
    expect(summary.json().data).toMatchObject({ appliedCoupon: null, totalCents: after });

    // The daily job's reprice: its e-mail names the coupon too.
    await t.app.services.feeChanges.reviewAll();
    const [onTheDay] = await feeMailsTo(late.customer.email);
    expect(onTheDay?.text).toContain(
      `the total of your order ${late.order.displayId} is now ${usd(after)} (it was ${usd(full - 500)}). ${COUPON_MESSAGES.released(code)}`,
    );
    expect(await orderTotal(late.customer.token, late.order.displayId)).toBe(after);
  });
});
