import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPEDITE_PROMISE } from '../../../domain/admin/expedite.ts';
import { STATUS_DESCRIPTIONS, statusDescription } from '../../../domain/orders/status-descriptions.ts';
import { outboundEmails } from '../../mail/tables.ts';
import { deliveredMail } from '../../mail/testing.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { apiCall, startApplication } from '../applications/testing.ts';
import { bearer, createSignedInUser } from '../auth/testing.ts';
import { notifications } from '../notifications/tables.ts';
import { orderChargedSummaries, orderStatusHistory, orders } from './tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function newOrder() {
  const customer = await createSignedInUser(t.app);
  const order = await startApplication(t.app, customer.token);
  return { customer, order };
}

const statusOf = async (id: number) =>
  (await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status;
const historyOf = (id: number) =>
  t.database.db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, id))
    .orderBy(orderStatusHistory.id);
const notificationsOf = (userId: number) =>
  t.database.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);
/** The order e-mails about an order (their subject names its display id). */
const mailsFor = (displayId: string) =>
  t.database.db
    .select()
    .from(outboundEmails)
    .where(like(outboundEmails.subject, `%${displayId}%`));

describe('changeOrderStatus', () => {
  it('a system change (payment verified) is recorded and notified, without an e-mail', async () => {
    const { customer, order } = await newOrder();
    const result = await t.app.services.orders.changeOrderStatus(order.id, 'Forms incomplete', {
      by: { actor: 'system' },
    });
    expect(result).toMatchObject({
      ok: true,
      order: { id: order.id, status: 'Forms incomplete' },
      change: { fromStatus: 'Payment pending', status: 'Forms incomplete', by: 'system', remark: null },
    });
    expect(await statusOf(order.id)).toBe('Forms incomplete');
    const history = await historyOf(order.id);
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.changedBy, h.changedByUserId])).toEqual([
      [null, 'Payment pending', 'customer', customer.id],
      ['Payment pending', 'Forms incomplete', 'system', null],
    ]);
    const [latest] = (await notificationsOf(customer.id)).slice(-1);
    expect(latest).toMatchObject({
      orderId: order.displayId,
      orderIdDb: order.id,
      orderStatus: 'Forms incomplete',
      remark: STATUS_DESCRIPTIONS['Forms incomplete'],
    });
    expect(await mailsFor(order.displayId)).toEqual([]);

    // The customer sees it in the panel, linking to the order page (SPEC.md §2 DOC rule).
    const panel = (await t.app.inject({ url: '/api/v1/users/notification', headers: bearer(customer.token) })).json();
    expect(panel.data.notifications[0]).toMatchObject({
      orderId: order.displayId,
      orderId_DB: order.id,
      orderStatus: 'Forms incomplete',
    });
  });

  it('a staff change records who and the remark, notifies, and e-mails the customer through the queue', async () => {
    const { customer, order } = await newOrder();
    const staff = await createSignedInUser(t.app, { name: 'Staff Member' });
    const { orders: service } = t.app.services;
    expect((await service.changeOrderStatus(order.id, 'Order pending', { by: { actor: 'system' } })).ok).toBe(true);
    const remark = 'We are checking your passport copy against the VFS checklist.';
    const result = await service.changeOrderStatus(order.id, 'In review', {
      by: { actor: 'staff', userId: staff.id },
      remark,
    });
    expect(result).toMatchObject({ ok: true, change: { status: 'In review', by: 'staff', remark } });
    const [last] = (await historyOf(order.id)).slice(-1);
    expect(last).toMatchObject({ fromStatus: 'Order pending', toStatus: 'In review', changedBy: 'staff' });
    expect(last?.changedByUserId).toBe(staff.id);
    expect(last?.changedAt).toBeInstanceOf(Date);
    const [note] = (await notificationsOf(customer.id)).slice(-1);
    expect(note).toMatchObject({ orderStatus: 'In review', remark });

    const mails = await mailsFor(order.displayId);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: customer.email, purpose: 'order-status', key: `order-status:${last?.id}` });
    const delivered = (await deliveredMail(t.app)).find((m) => m.to === customer.email);
    expect(delivered?.subject).toBe(`Your order ${order.displayId} is now In review`);
    expect(delivered?.text).toContain(remark);
    expect(delivered?.text).toContain(`/service-order?orderId=${order.displayId}`);
    // Sent under MAIL_FROM's own name, as the company.
    expect(delivered?.fromName).toBeNull();
  });

  it('tells a photo order’s customer about their photos, as SevaPhotos, not about an application', async () => {
    const customer = await createSignedInUser(t.app);
    const res = await apiCall(t.app, 'POST', '/photo-orders', customer.token, { idempotencyKey: randomUUID() });
    expect(res.statusCode, res.body).toBe(201);
    const photo = res.json().data as { id: number; displayId: string };
    const staff = await createSignedInUser(t.app);
    const { orders: service } = t.app.services;
    expect((await service.changeOrderStatus(photo.id, 'Order pending', { by: { actor: 'system' } })).ok).toBe(true);
    for (const to of ['In review', 'Submitted', 'Approved', 'Completed'] as const) {
      const moved = await service.changeOrderStatus(photo.id, to, { by: { actor: 'staff', userId: staff.id } });
      expect(moved.ok, to).toBe(true);
    }
    const notes = (await notificationsOf(customer.id)).slice(-4);
    expect(notes.map((n) => n.remark)).toEqual([
      statusDescription('photo', 'In review'),
      statusDescription('photo', 'Submitted'),
      statusDescription('photo', 'Approved'),
      'Your photo order is complete. Thank you for choosing SevaPhotos.',
    ]);
    const delivered = (await deliveredMail(t.app)).filter((m) => m.subject.includes(photo.displayId));
    expect(delivered).toHaveLength(4);
    const completed = delivered.find((m) => m.subject === `Your order ${photo.displayId} is now Completed`);
    expect(completed?.text).toContain('Thank you for choosing SevaPhotos.');
    expect(completed?.text).toContain('The SevaPhotos team');
    for (const mail of delivered) expect(mail.text).not.toMatch(/application|authorities|SevaDocs/i);
    // From SevaPhotos too, not only signed by it.
    for (const mail of delivered) expect(mail.fromName).toBe('SevaPhotos');
  });

  it('refuses a change the table does not allow, for that actor, and writes nothing', async () => {
    const { customer, order } = await newOrder();
    const staff = await createSignedInUser(t.app);
    const before = { history: (await historyOf(order.id)).length, notes: (await notificationsOf(customer.id)).length };
    const { orders: service } = t.app.services;
    expect(
      await service.changeOrderStatus(order.id, 'Order pending', { by: { actor: 'customer', userId: customer.id } }),
    ).toEqual({
      ok: false,
      reason: 'not-allowed',
      from: 'Payment pending',
    });
    expect(
      await service.changeOrderStatus(order.id, 'In review', { by: { actor: 'staff', userId: staff.id } }),
    ).toMatchObject({
      ok: false,
      reason: 'not-allowed',
    });
    expect(await service.changeOrderStatus(order.id, 'Payment pending', { by: { actor: 'system' } })).toMatchObject({
      ok: false,
      reason: 'not-allowed',
    });
    expect(await statusOf(order.id)).toBe('Payment pending');
    expect((await historyOf(order.id)).length).toBe(before.history);
    expect((await notificationsOf(customer.id)).length).toBe(before.notes);
  });

  it("a customer cannot change another customer's order: not found, like an unknown one", async () => {
    const { order } = await newOrder();
    const other = await createSignedInUser(t.app);
    const by = { actor: 'customer', userId: other.id } as const;
    expect(await t.app.services.orders.changeOrderStatus(order.id, 'Cancelled', { by })).toEqual({
      ok: false,
      reason: 'not-found',
    });
    expect(await t.app.services.orders.changeOrderStatus(2_000_000_000, 'Cancelled', { by })).toEqual({
      ok: false,
      reason: 'not-found',
    });
    expect(await statusOf(order.id)).toBe('Payment pending');
  });

  it('status, timeline entry, notification and e-mail are one transaction: all or nothing', async () => {
    const { customer, order } = await newOrder();
    const staff = await createSignedInUser(t.app);
    await t.app.services.orders.changeOrderStatus(order.id, 'Order pending', { by: { actor: 'system' } });
    const before = { history: (await historyOf(order.id)).length, notes: (await notificationsOf(customer.id)).length };
    await expect(
      t.database.db.transaction(async (tx) => {
        const result = await t.app.services.orders.changeOrderStatus(
          order.id,
          'In review',
          { by: { actor: 'staff', userId: staff.id }, remark: 'Checking' },
          tx,
        );
        expect(result.ok).toBe(true);
        throw new Error('the caller failed after the change');
      }),
    ).rejects.toThrow('the caller failed after the change');
    expect(await statusOf(order.id)).toBe('Order pending');
    expect((await historyOf(order.id)).length).toBe(before.history);
    expect((await notificationsOf(customer.id)).length).toBe(before.notes);
    expect(await mailsFor(order.displayId)).toEqual([]);
  });

  it('the same change twice at once (a double click): one is made, the other is refused', async () => {
    const { customer, order } = await newOrder();
    const by = { actor: 'customer', userId: customer.id } as const;
    const results = await Promise.all([
      t.app.services.orders.changeOrderStatus(order.id, 'Cancelled', { by }),
      t.app.services.orders.changeOrderStatus(order.id, 'Cancelled', { by }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: 'not-allowed', from: 'Cancelled' }]);
    expect((await historyOf(order.id)).map((h) => h.toStatus)).toEqual(['Payment pending', 'Cancelled']);
  });
});

describe('what an order is charged', () => {
  it('keeps the lines its kind priced at checkout and sets the total from them', async () => {
    const { order } = await newOrder();
    const { orders: service } = t.app.services;
    const [placed] = await service.findByIds([order.id]);
    if (!placed) throw new Error('the order was not created');
    const priced = await service.chargedSummary(t.database.db, placed);
    const charged = { ...priced, totalCents: priced.totalCents + 500 };
    const after = await t.database.db.transaction((tx) => service.setCharged(tx, order.id, charged));
    expect(after.totalCents).toBe(charged.totalCents);
    const [stored] = await t.database.db
      .select()
      .from(orderChargedSummaries)
      .where(eq(orderChargedSummaries.orderId, order.id));
    expect(stored?.summary).toEqual(charged);
    // What the order was charged is the stored lines, not the kind pricing it again.
    expect(await service.chargedSummary(t.database.db, after)).toEqual(charged);
  });
});

describe('what staff see of an order', () => {
  it('answers each kind’s label and SLA promise through the core, Expedite’s own for an expedited order', async () => {
    const { customer, order } = await newOrder();
    const res = await apiCall(t.app, 'POST', '/photo-orders', customer.token, { idempotencyKey: randomUUID() });
    expect(res.statusCode, res.body).toBe(201);
    const { orders: service } = t.app.services;
    const placed = await service.findByIds([order.id, res.json().data.id]);
    const serviceOrder = placed.find((o) => o.kind === 'service');
    const photo = placed.find((o) => o.kind === 'photo');
    if (!serviceOrder || !photo) throw new Error('the orders were not created');

    const plain = await service.staffViews(placed, new Set());
    // New OCI Card from the USA: the package's published 'Usually 6–10 weeks …' → 70 days.
    expect(plain.get(serviceOrder.id)).toEqual({
      service: 'OCI Card',
      promise: { days: 70, basis: expect.stringMatching(/^Published processing time: .*10 weeks/) },
    });
    expect(plain.get(photo.id)).toEqual({ service: 'SevaPhotos', promise: { days: 2, basis: 'Photo orders: 2 days' } });

    // The service order bought Expedite: its promise is the add-on's; its label is still its kind's.
    const expedited = await service.staffViews([serviceOrder], new Set([serviceOrder.id]));
    expect(expedited.get(serviceOrder.id)).toEqual({ service: 'OCI Card', promise: EXPEDITE_PROMISE });
    expect(EXPEDITE_PROMISE).toMatchObject({ days: 2, basis: expect.stringContaining('Expedite add-on') });
  });
});
