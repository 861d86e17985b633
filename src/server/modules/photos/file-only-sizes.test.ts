import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_ORDER_MESSAGES as M, type PhotoOrder } from '../../../domain/photos/orders.ts';
import { PHOTO_COST_LABELS, PHOTO_PLAN_LABELS, PHOTO_PRICES } from '../../../domain/photos/pricing.ts';
import { SHIPMENT_MESSAGES as S } from '../../../domain/photos/shipment.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { filePart, MULTIPART_CONTENT_TYPE, multipart } from '../../test/multipart.ts';
import { apiCall } from '../applications/testing.ts';
import { bearer, createSignedInUser } from '../auth/testing.ts';
import { payWithSandbox } from '../payments/testing.ts';
import { createStaffUser } from '../users/testing.ts';
import { photoOrders } from './tables.ts';
import { fakeAnalyse, HOME_ADDRESS, testFace } from './testing.ts';

/**
 * A signature and an e-Visa photo are used as files only (sizes.ts: no print size): an order pays
 * for prints, and is sent or handed prints, only for the sizes that are printed.
 */

let t: TestApp;
let face: Buffer;
let staff: { token: string };
beforeAll(async () => {
  t = await buildTestApp({}, { photoAnalyser: fakeAnalyse });
  face = await testFace();
  staff = await createStaffUser(t.app, t.database.db, 'staff');
});
afterAll(() => t.close());

const USD = PHOTO_PRICES.USD;

/** A customer's unpaid order with one checked photo for each of `sizes`. */
async function orderOf(...sizes: string[]) {
  const user = await createSignedInUser(t.app);
  const created = await apiCall(t.app, 'POST', '/photo-orders', user.token, { idempotencyKey: randomUUID() });
  const { id, displayId } = created.json().data as { id: number; displayId: string };
  const base = `/photo-orders/${displayId}`;
  const itemIds: number[] = [];
  for (const photoSize of sizes) {
    const added = await apiCall(t.app, 'POST', `${base}/items`, user.token, { photoSize });
    const item = (added.json().data as PhotoOrder).items.at(-1) as { id: number };
    itemIds.push(item.id);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/v1${base}/items/${item.id}/photos`,
      headers: { 'content-type': MULTIPART_CONTENT_TYPE, ...bearer(user.token) },
      payload: multipart([filePart(`${photoSize}.jpg`, face, 'image/jpeg')]),
    });
    expect(uploaded.statusCode).toBe(201);
  }
  await t.runJobs();
  const call = (method: 'GET' | 'PUT' | 'DELETE', path = '', body?: object) =>
    apiCall(t.app, method, `${base}${path}`, user.token, body);
  const homeDelivery = async () => {
    const address = await apiCall(t.app, 'POST', '/photo-orders/addresses', user.token, HOME_ADDRESS);
    return call('PUT', '/delivery', { method: 'home', addressId: address.json().data.id });
  };
  return {
    user,
    id,
    displayId,
    itemIds,
    call,
    homeDelivery,
    view: async () => (await call('GET')).json().data as PhotoOrder,
  };
}

const labels = (order: PhotoOrder) => order.costSummary.map((line) => [line.label, line.amountCents]);

describe('sizes used as a file only', () => {
  it('cost the Digital Copy price in a print copies order, on a line of their own', async () => {
    const order = await orderOf('oci-photo', 'oci-signature');
    const chosen = await order.call('PUT', '/plan', { pricingPlanId: 2, options: [] });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const priced = chosen.json().data as PhotoOrder;
    expect(priced.totalCents).toBe(USD.plans[2] + USD.plans[1]);
    expect(labels(priced)).toEqual([
      ['Items', 0],
      [PHOTO_PLAN_LABELS[2], USD.plans[2]],
      [PHOTO_COST_LABELS.filesOnly, USD.plans[1]],
      ['Actual Cost', USD.plans[2] + USD.plans[1]],
    ]);
    expect(priced.deliveryMethod).toBe('home');
    // Checkout charges what the order page shows.
    const summary = await apiCall(t.app, 'GET', `/orders/${order.displayId}/cost-summary`, order.user.token);
    expect(summary.json().data).toMatchObject({ totalCents: priced.totalCents });

    // The OCI photo gone, nothing is printed: back to Digital Copy, its delivery dropped.
    expect((await order.homeDelivery()).statusCode).toBe(200);
    const [photoItem] = order.itemIds;
    const removed = (await order.call('DELETE', `/items/${photoItem}`)).json().data as PhotoOrder;
    expect(removed).toMatchObject({
      pricingPlanId: 1,
      deliveryMethod: null,
      delivery: null,
      totalCents: USD.plans[1],
    });
  });

  it('alone, cannot have print copies or pickup: nothing would be printed', async () => {
    const order = await orderOf('in-evisa');
    const prints = await order.call('PUT', '/plan', { pricingPlanId: 2, options: [] });
    expect(prints.statusCode).toBe(400);
    expect(prints.json()).toMatchObject({ message: M.nothingPrinted, errors: { pricingPlanId: M.nothingPrinted } });
    const pickup = await order.call('PUT', '/plan', { pricingPlanId: 1, options: ['pickup'] });
    expect(pickup.statusCode).toBe(400);
    expect(pickup.json()).toMatchObject({ message: M.nothingPrinted, errors: { options: M.nothingPrinted } });
    expect(await order.view()).toMatchObject({ pricingPlanId: 1, options: [], deliveryMethod: null });
    // Nothing to deliver: the order goes to payment without an address.
    expect((await order.call('PUT', '/step', { step: 4 })).statusCode).toBe(200);
  });

  it('in an order from before this rule, are charged no prints, and staff post nothing for them', async () => {
    const order = await orderOf('in-evisa');
    expect((await order.homeDelivery()).statusCode).toBe(409);
    await t.database.db
      .update(photoOrders)
      .set({ pricingPlanId: 2, options: ['pickup'] })
      .where(eq(photoOrders.orderId, order.id));
    // Any change prices the order again.
    const repriced = (await order.call('PUT', '/step', { step: 2 })).json().data as PhotoOrder;
    expect(repriced).toMatchObject({ deliveryMethod: null, totalCents: USD.plans[1] });
    expect(labels(repriced)).toEqual([
      ['Items', 0],
      [PHOTO_COST_LABELS.filesOnly, USD.plans[1]],
      ['Actual Cost', USD.plans[1]],
    ]);

    await t.database.db
      .update(photoOrders)
      .set({
        options: [],
        delivery: {
          method: 'home',
          addressId: 1,
          address: {
            ...HOME_ADDRESS,
            additionalInfo: null,
            phone: null,
          },
        },
      })
      .where(eq(photoOrders.orderId, order.id));
    await payWithSandbox(t, order.user.token, order.displayId);
    const shipped = await apiCall(t.app, 'PUT', `/admin/orders/${order.displayId}/shipment`, staff.token, {
      carrier: 'USPS',
      trackingNumber: '9400100000000000000000',
    });
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json().message).toBe(S.notHome);
  });
});
