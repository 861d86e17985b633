import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../../domain/config/routes.ts';
import { PHOTO_ORDER_MESSAGES as M, type PhotoOrder } from '../../../domain/photos/orders.ts';
import { PICKUP_READY_MESSAGES as P, PICKUP_READY_TEXT } from '../../../domain/photos/pickup-ready.ts';
import { PRINTS_OUT_MESSAGES, SHIPMENT_MESSAGES as S, SHIPMENT_TEXT } from '../../../domain/photos/shipment.ts';
import { outboundEmails } from '../../mail/tables.ts';
import { deliveredMail } from '../../mail/testing.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { filePart, MULTIPART_CONTENT_TYPE, multipart } from '../../test/multipart.ts';
import { apiCall, moveOrderTo } from '../applications/testing.ts';
import { auditLog } from '../audit/tables.ts';
import { bearer, createSignedInUser } from '../auth/testing.ts';
import { notifications } from '../notifications/tables.ts';
import { payWithSandbox } from '../payments/testing.ts';
import { requestRefund } from '../refunds/testing.ts';
import { createStaffUser } from '../users/testing.ts';
import { createPhotosPersonalData } from './personal-data.ts';
import { chooseCvsPickup, fakeAnalyse, HOME_ADDRESS, testFace } from './testing.ts';

/**
 * Decision 0164: staff record the carrier and tracking number of prints posted to home; decision
 * 0165: the studio's order number of prints ready for pickup.
 */

let t: TestApp;
let face: Buffer;
let staff: { token: string; email: string; id: number };
beforeAll(async () => {
  t = await buildTestApp({ SITE_URL: 'https://sevaphotos.test' }, { photoAnalyser: fakeAnalyse });
  face = await testFace();
  staff = await createStaffUser(t.app, t.database.db, 'staff');
});
afterAll(() => t.close());

/** The customer's notifications about prints, oldest first. */
const bell = async (userId: number) =>
  (
    await t.database.db
      .select({ orderId: notifications.orderId, remark: notifications.remark })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(asc(notifications.id))
  ).filter((n) =>
    /^(Posted with|Ready for pickup|The (tracking|studio order) number was corrected)/.test(n.remark ?? ''),
  );

/** A customer's order of US 2 × 2 prints delivered to home (or picked up), paid unless said. */
async function printsOrder({ home = true, pay = true } = {}) {
  const user = await createSignedInUser(t.app);
  const created = await apiCall(t.app, 'POST', '/photo-orders', user.token, { idempotencyKey: randomUUID() });
  const { displayId } = created.json().data as { displayId: string };
  const base = `/photo-orders/${displayId}`;
  const item = (await apiCall(t.app, 'POST', `${base}/items`, user.token, { photoSize: 'us-2x2' })).json().data
    .items[0] as { id: number };
  const uploaded = await t.app.inject({
    method: 'POST',
    url: `/api/v1${base}/items/${item.id}/photos`,
    headers: { ...bearer(user.token), 'content-type': MULTIPART_CONTENT_TYPE },
    payload: multipart([filePart('asha.jpg', face, 'image/jpeg')]),
  });
  expect(uploaded.statusCode).toBe(201);
  await t.runJobs();
  if (home) {
    await apiCall(t.app, 'PUT', `${base}/plan`, user.token, { pricingPlanId: 2, options: [] });
    const address = await apiCall(t.app, 'POST', '/photo-orders/addresses', user.token, HOME_ADDRESS);
    await apiCall(t.app, 'PUT', `${base}/delivery`, user.token, { method: 'home', addressId: address.json().data.id });
  } else {
    await chooseCvsPickup(t.app, user.token, base);
  }
  if (pay) await payWithSandbox(t, user.token, displayId);
  return {
    user,
    displayId,
    record: (body: object, token = staff.token) =>
      apiCall(t.app, 'PUT', `/admin/orders/${displayId}/shipment`, token, body),
    view: async () => (await apiCall(t.app, 'GET', base, user.token)).json().data as PhotoOrder,
  };
}

describe('the shipment of prints delivered to home', () => {
  it('is recorded by staff, e-mailed to the customer with the carrier’s tracking link, and shown on the order', async () => {
    const order = await printsOrder();
    const res = await order.record({ carrier: 'USPS', trackingNumber: '9400 1000 0000 0000 0000 00' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: S.recorded,
      data: { carrier: 'USPS', trackingNumber: '9400100000000000000000', shippedAt: expect.any(String) },
    });
    expect((await order.view()).shipment).toMatchObject({ carrier: 'USPS', trackingNumber: '9400100000000000000000' });
    const mail = (await deliveredMail(t.app, 200)).filter(
      (m) => m.to === order.user.email && /on their way/.test(m.subject),
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe(`Your prints are on their way (order ${order.displayId})`);
    expect(mail[0]?.fromName).toBe('SevaPhotos');
    expect(mail[0]?.text).toContain('Posted with USPS, tracking number 9400100000000000000000.');
    expect(mail[0]?.links).toContain('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000');
    expect(mail[0]?.links).toContain(
      `https://sevaphotos.test${ROUTES.PHOTO_ENHANCEMENT_ORDER}?orderId=${order.displayId}`,
    );

    // A mistyped number is replaced, and the corrected one e-mailed as a correction: the parcel is
    // the same, so when it was posted stays.
    const { shippedAt } = res.json().data;
    const fixed = await order.record({ carrier: 'UPS', trackingNumber: '1z999aa10123456784' });
    expect(fixed.json().data).toMatchObject({ carrier: 'UPS', trackingNumber: '1Z999AA10123456784', shippedAt });
    expect((await order.view()).shipment?.carrier).toBe('UPS');
    // The same number twice (a double submit) is recorded and e-mailed once; going back to the first
    // number is a change like any other.
    expect((await order.record({ carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })).statusCode).toBe(200);
    await order.record({ carrier: 'USPS', trackingNumber: '9400100000000000000000' });
    const sent = (await deliveredMail(t.app, 200))
      .filter((m) => m.to === order.user.email && /on their way|tracking number/i.test(m.subject))
      .map((m) => [m.subject, m.text.match(/Posted with (\w+)/)?.[1]]);
    // Newest first.
    expect(sent).toEqual([
      [SHIPMENT_TEXT.correctedSubject(order.displayId), 'USPS'],
      [SHIPMENT_TEXT.correctedSubject(order.displayId), 'UPS'],
      [`Your prints are on their way (order ${order.displayId})`, 'USPS'],
    ]);
    const correction = (await deliveredMail(t.app, 200)).find((m) =>
      m.text.includes('tracking number 1Z999AA10123456784'),
    );
    expect(correction?.subject).toBe(`Corrected tracking number for your prints (order ${order.displayId})`);
    expect(correction?.text).toContain(
      'The tracking number we sent you before was wrong, and this is the right one. It is the same parcel.',
    );
    expect(correction?.links).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    // The bell says it too, once per change, linking the order.
    expect(await bell(order.user.id)).toEqual([
      { orderId: order.displayId, remark: 'Posted with USPS, tracking number 9400100000000000000000.' },
      { orderId: order.displayId, remark: 'The tracking number was corrected: UPS, 1Z999AA10123456784.' },
      { orderId: order.displayId, remark: 'The tracking number was corrected: USPS, 9400100000000000000000.' },
    ]);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'photo.shipment.record'), eq(auditLog.subjectId, order.displayId)))
      .orderBy(asc(auditLog.id));
    expect(audited.map((entry) => [entry.actorId, (entry.after as { carrier: string }).carrier])).toEqual([
      [staff.id, 'USPS'],
      [staff.id, 'UPS'],
      [staff.id, 'USPS'],
    ]);
  });

  it('refuses a bad number, an order without home delivery, an unpaid one, and a customer', async () => {
    const order = await printsOrder();
    const bad = await order.record({ carrier: 'USPS', trackingNumber: '12-34' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ trackingNumber: S.trackingNumber });
    const noCarrier = await order.record({ carrier: 'Pigeon', trackingNumber: '9400100000000000000000' });
    expect(noCarrier.json().errors).toEqual({ carrier: S.carrier });
    // The customer may not record it, even on their own order, and learns nothing of its rules.
    expect((await order.record({ carrier: 'USPS', trackingNumber: 'X' }, order.user.token)).statusCode).toBe(403);

    const pickup = await printsOrder({ home: false });
    const notHome = await pickup.record({ carrier: 'USPS', trackingNumber: '9400100000000000000000' });
    expect([notHome.statusCode, notHome.json().message]).toEqual([409, S.notHome]);

    const unpaid = await printsOrder({ pay: false });
    const early = await unpaid.record({ carrier: 'USPS', trackingNumber: '9400100000000000000000' });
    expect([early.statusCode, early.json().message]).toEqual([409, S.notPaid]);
    expect((await unpaid.view()).shipment).toBeNull();

    // Completed, then its payment given back in two halves: the second moves it to Refunded (decision
    // 0164's review feared it stayed Completed), and nothing more is posted.
    const refunded = await printsOrder();
    const { id, totalCents: paid } = await refunded.view();
    expect((await refunded.record({ carrier: 'USPS', trackingNumber: '9400100000000000000001' })).statusCode).toBe(200);
    for (const status of ['In review', 'Submitted', 'Approved', 'Completed'] as const) {
      await moveOrderTo(t.app, id, status, 'staff');
    }
    const half = Math.floor(paid / 2);
    for (const cents of [half, paid - half]) {
      const request = await requestRefund(t, refunded.user.email, refunded.displayId, (cents / 100).toFixed(2));
      const approved = await apiCall(t.app, 'POST', `/admin/refunds/${request.id}/approve`, staff.token, {
        amountCents: cents,
      });
      expect(approved.statusCode, approved.body).toBe(200);
    }
    expect((await refunded.view()).status).toBe('Refunded');
    const late = await refunded.record({ carrier: 'USPS', trackingNumber: '9400100000000000000000' });
    expect([late.statusCode, late.json().message]).toEqual([409, S.notPaid]);

    const unknown = await apiCall(t.app, 'PUT', '/admin/orders/PHO-99999999/shipment', staff.token, {
      carrier: 'USPS',
      trackingNumber: '9400100000000000000000',
    });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, M.notFound]);
  });
});

describe('an order with prints on the desk', () => {
  it('moves to Approved, whose e-mail says the prints are on their way, only once they are recorded out', async () => {
    for (const home of [true, false]) {
      const order = await printsOrder({ home });
      const { id } = await order.view();
      await moveOrderTo(t.app, id, 'In review', 'staff');
      await moveOrderTo(t.app, id, 'Submitted', 'staff');
      const desk = async () =>
        (await apiCall(t.app, 'GET', `/admin/orders/${order.displayId}`, staff.token)).json().data.nextStatuses;
      expect(await desk()).not.toContain('Approved');
      const early = await apiCall(t.app, 'POST', `/admin/orders/${order.displayId}/status`, staff.token, {
        status: 'Approved',
      });
      expect([early.statusCode, early.json().message]).toEqual([
        409,
        home ? PRINTS_OUT_MESSAGES.home : PRINTS_OUT_MESSAGES.pickup,
      ]);
      expect((await order.view()).status).toBe('Submitted');

      const recorded = home
        ? await order.record({ carrier: 'USPS', trackingNumber: '9400100000000000000002' })
        : await apiCall(t.app, 'PUT', `/admin/orders/${order.displayId}/pickup-ready`, staff.token, {
            storeOrderNumber: 'CVS48210397',
          });
      expect(recorded.statusCode, recorded.body).toBe(200);
      expect(await desk()).toContain('Approved');
      const moved = await apiCall(t.app, 'POST', `/admin/orders/${order.displayId}/status`, staff.token, {
        status: 'Approved',
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
  });
});

describe('prints ready for pickup at a photo studio', () => {
  const ready = (order: Awaited<ReturnType<typeof printsOrder>>, storeOrderNumber: string, token = staff.token) =>
    apiCall(t.app, 'PUT', `/admin/orders/${order.displayId}/pickup-ready`, token, { storeOrderNumber });
  const pickupMail = async (email: string) =>
    (await deliveredMail(t.app, 200)).filter(
      (m) => m.to === email && /ready for pickup|studio order number/i.test(m.subject),
    );

  it('are recorded by staff with the studio’s order number, e-mailed with where to collect them, and shown', async () => {
    const order = await printsOrder({ home: false });
    const res = await ready(order, 'cvs-4821 0397');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: P.recorded,
      data: { storeOrderNumber: 'CVS48210397', readyAt: expect.any(String) },
    });
    expect((await order.view()).pickupReady).toMatchObject({ storeOrderNumber: 'CVS48210397' });
    const [mail, ...more] = await pickupMail(order.user.email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe(`Your prints are ready for pickup (order ${order.displayId})`);
    expect(mail?.text).toContain('Ready for pickup at CVS Photo, 350 5th Ave, New York.');
    expect(mail?.text).toContain(PICKUP_READY_TEXT.bring);
    expect(mail?.text).toContain('CVS48210397');
    expect(mail?.links).toContain(
      `https://sevaphotos.test${ROUTES.PHOTO_ENHANCEMENT_ORDER}?orderId=${order.displayId}`,
    );
    expect(await bell(order.user.id)).toEqual([
      {
        orderId: order.displayId,
        remark: 'Ready for pickup at CVS Photo, 350 5th Ave, New York: studio order number CVS48210397.',
      },
    ]);

    // The same number again (a double submit) changes nothing; a corrected one is e-mailed as a
    // correction, and when the prints were ready stays.
    const { readyAt } = res.json().data;
    expect((await ready(order, 'CVS48210397')).statusCode).toBe(200);
    expect(await pickupMail(order.user.email)).toHaveLength(1);
    expect((await ready(order, '48210398')).json().data).toMatchObject({ storeOrderNumber: '48210398', readyAt });
    // Newest first: the corrected number, then the first.
    const both = await pickupMail(order.user.email);
    expect(both.map((m) => [m.subject, /CVS48210397/.test(m.text)])).toEqual([
      [`Corrected studio order number for your prints (order ${order.displayId})`, false],
      [`Your prints are ready for pickup (order ${order.displayId})`, true],
    ]);
    expect(both[0]?.text).toContain('The studio order number we sent you before was wrong, and this is the right one.');
    expect(both[0]?.text).toContain('Ready for pickup at CVS Photo, 350 5th Ave, New York.');
    expect((await bell(order.user.id))[1]).toEqual({
      orderId: order.displayId,
      remark: 'The studio order number was corrected: 48210398.',
    });
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'photo.pickup.ready'), eq(auditLog.subjectId, order.displayId)));
    expect(
      audited.map((entry) => [entry.actorId, (entry.after as { storeOrderNumber: string }).storeOrderNumber]),
    ).toEqual([
      [staff.id, 'CVS48210397'],
      [staff.id, '48210398'],
    ]);
  });

  it('is not replaced unseen: a desk page loaded before another number was recorded is refused', async () => {
    const order = await printsOrder({ home: false });
    const send = (storeOrderNumber: string, replaces: string | null) =>
      apiCall(t.app, 'PUT', `/admin/orders/${order.displayId}/pickup-ready`, staff.token, {
        storeOrderNumber,
        replaces,
      });
    expect((await send('48210397', null)).statusCode).toBe(200);
    // A second member of staff, whose page still said "Not ready at the studio yet".
    const stale = await send('55550000', null);
    expect([stale.statusCode, stale.json().message]).toEqual([409, S.changedMeanwhile]);
    expect((await order.view()).pickupReady?.storeOrderNumber).toBe('48210397');
    // Having seen it, they replace it.
    expect((await send('55550000', '48210397')).statusCode).toBe(200);
    expect(await pickupMail(order.user.email)).toHaveLength(2);

    const home = await printsOrder();
    const post = (trackingNumber: string, replaces: string | null) =>
      home.record({ carrier: 'USPS', trackingNumber, replaces });
    expect((await post('9400100000000000000000', null)).statusCode).toBe(200);
    expect((await post('9400100000000000000011', null)).json().message).toBe(S.changedMeanwhile);
    expect((await post('9400100000000000000011', '9400100000000000000000')).statusCode).toBe(200);
  });

  it('is in the customer’s data export, and erased with the delivery it leads to (issue 34 §3)', async () => {
    const order = await printsOrder({ home: false });
    expect((await ready(order, '48210397')).statusCode).toBe(200);
    const { id } = await order.view();
    const personalData = createPhotosPersonalData(t.database.db);
    const exported = await personalData.exportOrder(id, order.displayId);
    expect(exported.data).toMatchObject({ pickupReady: { storeOrderNumber: '48210397' }, shipment: null });
    await t.database.db.transaction((tx) => personalData.erase(tx, [id]));
    expect((await order.view()).pickupReady).toBeNull();
    expect((await personalData.exportOrder(id, order.displayId)).data).toMatchObject({
      delivery: null,
      pickupReady: null,
    });
    // The e-mail's key, kept with the outbox's row after an erasure, names no studio number.
    const keys = await t.database.db
      .select({ key: outboundEmails.key })
      .from(outboundEmails)
      .where(eq(outboundEmails.purpose, 'photo-pickup-ready'));
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((k) => k.key.includes('48210397'))).toEqual([]);
  });

  it('refuses a bad number, an order posted to home, an unpaid one, and a customer', async () => {
    const order = await printsOrder({ home: false });
    const bad = await ready(order, '12');
    expect([bad.statusCode, bad.json().errors]).toEqual([400, { storeOrderNumber: P.storeOrderNumber }]);
    expect((await ready(order, '48210397', order.user.token)).statusCode).toBe(403);

    const home = await printsOrder();
    const notPickup = await ready(home, '48210397');
    expect([notPickup.statusCode, notPickup.json().message]).toEqual([409, P.notPickup]);
    // …and a pickup order has no shipment.
    const notHome = await order.record({ carrier: 'USPS', trackingNumber: '9400100000000000000000' });
    expect([notHome.statusCode, notHome.json().message]).toEqual([409, S.notHome]);

    const unpaid = await printsOrder({ home: false, pay: false });
    const early = await ready(unpaid, '48210397');
    expect([early.statusCode, early.json().message]).toEqual([409, P.notPaid]);
    expect((await unpaid.view()).pickupReady).toBeNull();
    expect(await pickupMail(unpaid.user.email)).toHaveLength(0);
    expect(await bell(unpaid.user.id)).toEqual([]);
  });
});
