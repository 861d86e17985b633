import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tooManyAttemptsMessage } from '../../../domain/auth/messages.ts';
import { CHECKOUT_MESSAGES as C } from '../../../domain/checkout/api.ts';
import { COUPON_MESSAGES } from '../../../domain/checkout/coupons.ts';
import { ORDER_REF_MESSAGES } from '../../../domain/orders/order-kind.ts';
import { COUPON_TRIES_PER_USER } from '../../http/rate-limits.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { apiCall, startApplication } from '../applications/testing.ts';
import { bearer, createSignedInUser } from '../auth/testing.ts';
import { payWithSandbox } from '../payments/testing.ts';
import { requestRefund } from '../refunds/testing.ts';
import { createStaffUser } from '../users/testing.ts';
import { orders } from './tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let seq = 0;
async function placeOrder(userId: number, email: string, status: string, createdAt: Date) {
  seq += 1;
  const [row] = await t.database.db
    .insert(orders)
    .values({
      displayId: `DOC-${String(process.pid).slice(-3)}${String(seq).padStart(4, '0')}`,
      kind: 'service',
      userId,
      email,
      title: `OCI Card order ${seq}`,
      status,
      totalCents: 12_000 + seq,
      createdAt,
    })
    .returning();
  return row;
}

describe('GET /users/orders and /users/dashboard', () => {
  it('are empty until the user has orders', async () => {
    const user = await createSignedInUser(t.app);
    const history = await t.app.inject({ url: '/api/v1/users/orders', headers: bearer(user.token) });
    expect(history.json()).toMatchObject({
      isSuccess: true,
      data: { results: [], totalCount: 0, page: 1, limit: 100 },
    });
    const dashboard = await t.app.inject({ url: '/api/v1/users/dashboard', headers: bearer(user.token) });
    expect(dashboard.json().data).toEqual({
      ordersCount: 0,
      activeOrders: 0,
      unreadNotifications: 1,
      recentOrders: [],
      openApplications: [],
    });
  });

  it("list only the user's own orders, newest first, and count the active ones", async () => {
    const user = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    const base = Date.now() - 10 * 86_400_000;
    const statuses = [
      'Payment pending',
      'Completed',
      'In review',
      'Cancelled',
      'Submitted',
      'Order pending',
      'Approved',
    ];
    for (const [i, status] of statuses.entries()) {
      await placeOrder(user.id, user.email, status, new Date(base + i * 86_400_000));
    }
    await placeOrder(other.id, other.email, 'In review', new Date());

    const history = (
      await t.app.inject({ url: '/api/v1/users/orders?page=1&limit=3', headers: bearer(user.token) })
    ).json().data;
    expect(history.totalCount).toBe(7);
    expect(history.results.map((o: { status: string }) => o.status)).toEqual([
      'Approved',
      'Order pending',
      'Submitted',
    ]);
    expect(history.results[0]).toEqual({
      id: expect.any(Number),
      displayId: expect.stringMatching(/^DOC-/),
      kind: 'service',
      title: expect.stringMatching(/^OCI Card order/),
      status: 'Approved',
      totalCents: expect.any(Number),
      refundedCents: 0,
      currency: 'USD',
      createdAt: expect.any(String),
    });

    const dashboard = (await t.app.inject({ url: '/api/v1/users/dashboard', headers: bearer(user.token) })).json().data;
    expect(dashboard).toMatchObject({ ordersCount: 7, activeOrders: 5, unreadNotifications: 1 });
    expect(dashboard.recentOrders).toHaveLength(5);
    expect(dashboard.recentOrders[0].status).toBe('Approved');

    const theirs = (await t.app.inject({ url: '/api/v1/users/orders', headers: bearer(other.token) })).json().data;
    expect(theirs.totalCount).toBe(1);
  });
});

describe('what was refunded of each order, in /users/orders and the dashboard', () => {
  it('counts refunds staff approved, in part or in full, not a rejected request nor another customer’s refund', async () => {
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    /** The customer's order, paid, with a refund request of `cents` (all of it by default) that staff decide. */
    const decided = async (
      customer: { token: string; email: string },
      decision: 'approve' | 'reject',
      cents?: number,
    ) => {
      const order = await startApplication(t.app, customer.token);
      await payWithSandbox(t, customer.token, order.displayId);
      const amountCents = cents ?? order.price.totalCents;
      const request = await requestRefund(t, customer.email, order.displayId, (amountCents / 100).toFixed(2));
      const payload = decision === 'approve' ? { amountCents } : { reason: 'Outside the refund window, sorry.' };
      const res = await apiCall(t.app, 'POST', `/admin/refunds/${request.id}/${decision}`, staff.token, payload);
      expect(res.statusCode, res.body).toBe(200);
      return order;
    };
    const user = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    const rejected = await decided(user, 'reject', 1250);
    const partly = await decided(user, 'approve', 1250);
    const whole = await decided(user, 'approve');
    await decided(other, 'approve');
    const unpaid = await startApplication(t.app, user.token);

    const refunded = (rows: { displayId: string; refundedCents: number; totalCents: number }[]) =>
      Object.fromEntries(rows.map((r) => [r.displayId, [r.refundedCents, r.totalCents]]));
    const expected = {
      [unpaid.displayId]: [0, unpaid.price.totalCents],
      [whole.displayId]: [whole.price.totalCents, whole.price.totalCents],
      [partly.displayId]: [1250, partly.price.totalCents],
      [rejected.displayId]: [0, rejected.price.totalCents],
    };
    const history = (await apiCall(t.app, 'GET', '/users/orders', user.token)).json().data;
    expect(history.totalCount).toBe(4);
    expect(refunded(history.results)).toEqual(expected);
    const dashboard = (await apiCall(t.app, 'GET', '/users/dashboard', user.token)).json().data;
    expect(refunded(dashboard.recentOrders)).toEqual(expected);
  });
});

describe("the order core's checkout calls: /orders/{orderRef}/cost-summary and /coupon", () => {
  it('price and take coupons for a service order and a photo order alike, their customer only', async () => {
    const user = await createSignedInUser(t.app);
    const service = await startApplication(t.app, user.token);
    const photoRes = await apiCall(t.app, 'POST', '/photo-orders', user.token, { idempotencyKey: randomUUID() });
    const photo = photoRes.json().data as { displayId: string };
    await apiCall(t.app, 'POST', `/photo-orders/${photo.displayId}/items`, user.token, { photoSize: 'oci-photo' });

    for (const [ref, code] of [
      [service.displayId, 'FIRST10'],
      [photo.displayId, 'PHOTO10'],
    ] as const) {
      const before = await apiCall(t.app, 'GET', `/orders/${ref}/cost-summary`, user.token);
      expect(before.statusCode).toBe(200);
      expect(before.json()).toMatchObject({ message: C.summaryLoaded, data: { appliedCoupon: null } });
      const full = before.json().data.totalCents as number;

      const applied = await apiCall(t.app, 'POST', `/orders/${ref}/coupon`, user.token, { code });
      expect(applied.statusCode).toBe(200);
      expect(applied.json()).toMatchObject({ message: COUPON_MESSAGES.applied, data: { appliedCoupon: code } });
      expect(applied.json().data.totalCents).toBeLessThan(full);
      // The order's own total is what the summary says: what a payment will charge.
      const [row] = await t.database.db.select().from(orders).where(eq(orders.displayId, ref));
      expect(row?.totalCents).toBe(applied.json().data.totalCents);

      const removed = await apiCall(t.app, 'DELETE', `/orders/${ref}/coupon`, user.token);
      expect(removed.json()).toMatchObject({
        message: COUPON_MESSAGES.removed,
        data: { appliedCoupon: null, totalCents: full },
      });
    }

    // A SevaDocs coupon on a photo order is refused in the kind's words.
    const wrong = await apiCall(t.app, 'POST', `/orders/${photo.displayId}/coupon`, user.token, { code: 'FIRST10' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('This coupon is for SevaDocs applications, not for photo orders.');
    expect(wrong.json().message).toBe(COUPON_MESSAGES.wrongPlatform('sevadocs'));

    const stranger = await createSignedInUser(t.app);
    for (const ref of [service.displayId, photo.displayId]) {
      const theirs = await apiCall(t.app, 'GET', `/orders/${ref}/cost-summary`, stranger.token);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().message).toBe(ORDER_REF_MESSAGES.notFound);
      expect(
        (await apiCall(t.app, 'POST', `/orders/${ref}/coupon`, stranger.token, { code: 'FIRST10' })).statusCode,
      ).toBe(404);
    }
    expect((await apiCall(t.app, 'GET', `/orders/${service.displayId}/cost-summary`, null)).statusCode).toBe(401);
  });
});

describe('guessing coupon codes', () => {
  it('stops a customer after 20 tries in 15 minutes on every coupon route together, and no one else', async () => {
    const user = await createSignedInUser(t.app);
    const service = await startApplication(t.app, user.token);
    const photo = (await apiCall(t.app, 'POST', '/photo-orders', user.token, { idempotencyKey: randomUUID() })).json()
      .data as { displayId: string };
    const routes = [
      `/orders/${service.displayId}/coupon`,
      `/application/order/${service.displayId}/coupon`,
      `/photo-orders/${photo.displayId}/coupon`,
    ];
    for (let i = 0; i < COUPON_TRIES_PER_USER; i++) {
      const res = await apiCall(t.app, 'POST', routes[i % routes.length] ?? '', user.token, { code: `GUESS${i}` });
      expect(res.statusCode).toBe(400);
    }
    for (const route of routes) {
      // The right code too: the limit counts tries, not wrong answers.
      const stopped = await apiCall(t.app, 'POST', route, user.token, { code: 'FIRST10' });
      expect(stopped.statusCode).toBe(429);
      expect(stopped.json().message).toBe(tooManyAttemptsMessage(15 * 60));
    }
    const other = await createSignedInUser(t.app);
    const theirs = await startApplication(t.app, other.token);
    expect(
      (await apiCall(t.app, 'POST', `/orders/${theirs.displayId}/coupon`, other.token, { code: 'FIRST10' })).statusCode,
    ).toBe(200);
  });
});

describe("the order core's add-ons: /orders/{orderRef}/add-ons", () => {
  it('lists and chooses a service order’s add-ons, offers a photo order none, and hides both from others', async () => {
    const user = await createSignedInUser(t.app);
    const service = await startApplication(t.app, user.token);
    const photo = (await apiCall(t.app, 'POST', '/photo-orders', user.token, { idempotencyKey: randomUUID() })).json()
      .data as { displayId: string };
    await apiCall(t.app, 'POST', `/photo-orders/${photo.displayId}/items`, user.token, { photoSize: 'oci-photo' });

    const offered = await apiCall(t.app, 'GET', `/orders/${service.displayId}/add-ons`, user.token);
    expect(offered.json()).toMatchObject({ message: C.addOnsLoaded, data: { currency: 'USD' } });
    const expedite = offered.json().data.addOns.find((a: { addon: string }) => a.addon === 'Expedite');
    expect(expedite).toMatchObject({ chosen: false });

    const before = (await apiCall(t.app, 'GET', `/orders/${service.displayId}/cost-summary`, user.token)).json().data;
    const chosen = await apiCall(t.app, 'PUT', `/orders/${service.displayId}/add-ons`, user.token, {
      addOns: [{ addon: 'Expedite' }],
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().message).toBe(C.addOnsSaved);
    expect(chosen.json().data.totalCents).toBe(before.totalCents + expedite.unitCents);
    // The kind's own path (the spec's alias) reads the same choice.
    const alias = (await apiCall(t.app, 'GET', `/application/order/${service.displayId}/add-ons`, user.token)).json();
    expect(alias.data.addOns.find((a: { addon: string }) => a.addon === 'Expedite').chosen).toBe(true);

    const none = await apiCall(t.app, 'GET', `/orders/${photo.displayId}/add-ons`, user.token);
    expect(none.json()).toMatchObject({ message: C.addOnsLoaded, data: { addOns: [] } });
    const refused = await apiCall(t.app, 'PUT', `/orders/${photo.displayId}/add-ons`, user.token, {
      addOns: [{ addon: 'Expedite' }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(C.notOffered('Expedite'));
    const empty = await apiCall(t.app, 'PUT', `/orders/${photo.displayId}/add-ons`, user.token, { addOns: [] });
    expect(empty.statusCode).toBe(200);

    const stranger = await createSignedInUser(t.app);
    for (const ref of [service.displayId, photo.displayId]) {
      expect((await apiCall(t.app, 'GET', `/orders/${ref}/add-ons`, stranger.token)).statusCode).toBe(404);
      const put = await apiCall(t.app, 'PUT', `/orders/${ref}/add-ons`, stranger.token, { addOns: [] });
      expect(put.statusCode).toBe(404);
    }
  });
});
