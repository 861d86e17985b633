import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createSignedInUser } from '../auth/testing.ts';
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
