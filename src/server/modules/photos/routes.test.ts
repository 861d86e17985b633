import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../../domain/catalog/money.ts';
import { COUPON_MESSAGES } from '../../../domain/checkout/coupons.ts';
import { notificationHref } from '../../../domain/notifications/notification.ts';
import { ORDER_BRAND_NAMES } from '../../../domain/orders/status-descriptions.ts';
import { checkoutHref, PAYMENT_MESSAGES as P, STRAY_CHARGE_REASONS } from '../../../domain/payments/payment.ts';
import { PHOTO_ORDER_MESSAGES as M } from '../../../domain/photos/orders.ts';
import { PHOTO_PRICES } from '../../../domain/photos/pricing.ts';
import { PHOTO_SIZES } from '../../../domain/photos/sizes.ts';
import { mislabelledFileMessage, tooFewPixelsMessage, tooManyPixelsMessage } from '../../../domain/uploads/messages.ts';
import { mailMessages } from '../../mail/tables.ts';
import { deliveredMail } from '../../mail/testing.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { filePart, filesUnder, MULTIPART_CONTENT_TYPE, multipart } from '../../test/multipart.ts';
import { pixelBombPng } from '../../test/upload-fixtures.ts';
import { apiCall, startApplication } from '../applications/testing.ts';
import { bearer, createSignedInUser } from '../auth/testing.ts';
import { coupons } from '../checkout/tables.ts';
import { notifications } from '../notifications/tables.ts';
import { paymentAttempts } from '../orders/ledger-tables.ts';
import { orders } from '../orders/tables.ts';
import { SANDBOX_EVENT_TYPES, SANDBOX_NOTICE_PATH, SANDBOX_WEBHOOK_PATH } from '../payments/service.ts';
import { sandboxPayments } from '../payments/tables.ts';
import { paymentRecords, payWithSandbox } from '../payments/testing.ts';
import type { AnalysePhoto } from './analyser.ts';
import { photoOrderPhotos } from './tables.ts';
import { fakeAnalyse } from './testing.ts';

let t: TestApp;
let face: Buffer;
/** Whether each check the engine was asked for had Background Change, in order. */
const backgroundChangeAsked: boolean[] = [];
const recordingAnalyse: AnalysePhoto = (image, size, options) => {
  backgroundChangeAsked.push(options.backgroundChange ?? false);
  return fakeAnalyse(image, size);
};
beforeAll(async () => {
  t = await buildTestApp({}, { photoAnalyser: recordingAnalyse });
  face = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#d9c2a8' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => t.close());

const storedFiles = () => filesUnder(join(t.app.env.dataDir, 'files'));
const records = paymentRecords(() => t, SANDBOX_WEBHOOK_PATH);

async function newOrder(token: string, currency?: 'USD' | 'CAD') {
  const res = await apiCall(t.app, 'POST', '/photo-orders', token, {
    idempotencyKey: randomUUID(),
    ...(currency ? { currency } : {}),
  });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number; displayId: string };
}

async function addItem(token: string, ref: string, photoSize = 'oci-photo') {
  const res = await apiCall(t.app, 'POST', `/photo-orders/${ref}/items`, token, { photoSize });
  expect(res.statusCode).toBe(201);
  return res.json().data.items.at(-1) as { id: number };
}

function upload(token: string | null, ref: string, itemId: number, data: Buffer, name = 'me.jpg') {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/photo-orders/${ref}/items/${itemId}/photos`,
    headers: { 'content-type': MULTIPART_CONTENT_TYPE, ...(token ? bearer(token) : {}) },
    payload: multipart([filePart(name, data, 'image/jpeg')]),
  });
}

/** A customer with an order holding one item and one checked photo. */
async function orderWithPhoto(photoSize = 'oci-photo') {
  const user = await createSignedInUser(t.app);
  const order = await newOrder(user.token);
  const item = await addItem(user.token, order.displayId, photoSize);
  const res = await upload(user.token, order.displayId, item.id, face);
  expect(res.statusCode).toBe(201);
  await t.runJobs();
  return { user, order, item, photo: res.json().data as { id: number } };
}

describe('photo store', () => {
  it('lists the sizes and the file types to visitors', async () => {
    const sizes = await apiCall(t.app, 'GET', '/photo-store/photo-size', null);
    expect(sizes.statusCode).toBe(200);
    expect(sizes.json().data.map((s: { id: string }) => s.id)).toEqual(Object.keys(PHOTO_SIZES));
    expect(sizes.json().data[0]).toMatchObject({
      documentType: 'OCI card',
      widthPx: 600,
      backgroundChangeAllowed: true,
    });
    const types = await apiCall(t.app, 'GET', '/photo-store/file-type', null);
    expect(types.json().data.map((f: { label: string }) => f.label)).toEqual(['JPEG', 'PNG', 'HEIC']);
  });

  it('answers the plans with server prices in USD and CAD, Digital Copy (1) the default', async () => {
    for (const currency of ['USD', 'CAD'] as const) {
      const res = await apiCall(t.app, 'GET', `/photo-orders/plans?currency=${currency}`, null);
      expect(res.statusCode).toBe(200);
      const { plans, options } = res.json().data;
      expect(plans).toMatchObject([
        { id: 1, label: 'Digital Copy', unitCents: PHOTO_PRICES[currency].plans[1], isDefault: true },
        { id: 2, label: 'Get Print Copies delivered to home', unitCents: PHOTO_PRICES[currency].plans[2] },
      ]);
      // Pickup is at US photo counters (a 5-digit pin code): not offered in CAD.
      expect(options.map((o: { label: string }) => o.label)).toEqual(
        currency === 'USD'
          ? ['Photo Optimize', 'Background Change', 'Pickup From Nearest Photo studio']
          : ['Photo Optimize', 'Background Change'],
      );
    }
  });

  it('names whose photo an item is, shown on the order and in the downloads’ names; blank clears it', async () => {
    const { user, order, item, photo } = await orderWithPhoto('oci-photo');
    const base = `/photo-orders/${order.displayId}`;
    const name = (personName: string, token = user.token) =>
      apiCall(t.app, 'PATCH', `${base}/items/${item.id}`, token, { personName });

    const named = await name('  Asha Rao ');
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().message).toBe(M.itemNamed);
    expect(named.json().data.items[0]).toMatchObject({ id: item.id, personName: 'Asha Rao' });
    const fitted = await apiCall(t.app, 'GET', `${base}/items/${item.id}/photos/${photo.id}/fitted`, user.token);
    expect(fitted.headers['content-disposition']).toContain('asha-rao-oci-photo-600x600.jpg');

    // A hand-made address with an item that is not a number is told so in words.
    for (const itemId of ['abc', '0', '1.5', '99999999999']) {
      const bad = await apiCall(t.app, 'PATCH', `${base}/items/${itemId}`, user.token, { personName: 'Asha' });
      expect(bad.statusCode, itemId).toBe(400);
      expect(bad.json().message, itemId).toContain(M.idInvalid);
    }

    const long = await name('x'.repeat(61));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(M.personNameTooLong);
    // Another customer's item is not found; nothing changed.
    const stranger = await createSignedInUser(t.app);
    expect((await name('Mallory', stranger.token)).statusCode).toBe(404);
    const cleared = await name('   ');
    expect(cleared.json().data.items[0].personName).toBeNull();
  });

  it('refuses pickup on a CAD order, and drops it (with its pickup details) when the order turns to CAD', async () => {
    const { user, order } = await orderWithPhoto('oci-photo');
    const base = `/photo-orders/${order.displayId}`;
    const call = (method: 'PUT', url: string, body: object) => apiCall(t.app, method, url, user.token, body);
    expect((await call('PUT', `${base}/plan`, { pricingPlanId: 1, options: ['pickup'] })).statusCode).toBe(200);
    const pickup = { method: 'pickup', serviceType: 'CVS', pinCode: '94105', addressLine: '1 Market St', message: '' };
    expect((await call('PUT', `${base}/delivery`, pickup)).statusCode).toBe(200);

    const cad = await call('PUT', `${base}/currency`, { currency: 'CAD' });
    expect(cad.statusCode, cad.body).toBe(200);
    expect(cad.json().data).toMatchObject({
      currency: 'CAD',
      options: [],
      delivery: null,
      totalCents: PHOTO_PRICES.CAD.plans[1],
      // Said, not silent: the answer names what went, and why.
      choicesDropped: { options: ['pickup'], message: M.pickupDropped },
    });
    // Nothing to drop going back to USD, and nothing to say.
    const usd = await call('PUT', `${base}/currency`, { currency: 'USD' });
    expect(usd.json().data).not.toHaveProperty('choicesDropped');
    expect((await call('PUT', `${base}/currency`, { currency: 'CAD' })).json().data).not.toHaveProperty(
      'choicesDropped',
    );

    const refused = await call('PUT', `${base}/plan`, { pricingPlanId: 1, options: ['photo-optimize', 'pickup'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(M.pickupUsOnly);
    // Nothing changed.
    const after = (await apiCall(t.app, 'GET', base, user.token)).json().data;
    expect(after).toMatchObject({ currency: 'CAD', options: [] });
  });

  it('looks up ZIP prefixes and Canadian FSAs offline', async () => {
    const ny = await apiCall(t.app, 'GET', '/postal-lookup?country=US&code=10001', null);
    expect(ny.json().data).toEqual({ country: 'US', prefix: '100', city: 'New York', state: 'NY' });
    const ottawa = await apiCall(t.app, 'GET', '/postal-lookup?country=CA&code=k1a%200b1', null);
    expect(ottawa.json().data).toMatchObject({ city: 'Ottawa', state: 'ON' });
    const stateOnly = await apiCall(t.app, 'GET', '/postal-lookup?country=US&code=59801', null);
    expect(stateOnly.json().data).toMatchObject({ city: null, state: 'MT' });
    const unknown = await apiCall(t.app, 'GET', '/postal-lookup?country=US&code=00001', null);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(M.postalUnknown);
    const bad = await apiCall(t.app, 'GET', '/postal-lookup?country=CA&code=12', null);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(M.postalCodeInvalid);
  });
});

describe('photo orders: create, read, list, ownership', () => {
  it('creates a PHO- order at step 1, idempotently, and lists only the owner’s', async () => {
    const user = await createSignedInUser(t.app);
    const idempotencyKey = randomUUID();
    const first = await apiCall(t.app, 'POST', '/photo-orders', user.token, { idempotencyKey, totalCents: 1 });
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBe(M.created);
    const order = first.json().data;
    expect(order).toMatchObject({ status: 'Payment pending', step: 1, pricingPlanId: 1, totalCents: 0, items: [] });
    expect(order.displayId).toMatch(/^PHO-\d{8}$/);
    const again = await apiCall(t.app, 'POST', '/photo-orders', user.token, { idempotencyKey });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(order.id);

    const other = await createSignedInUser(t.app);
    await newOrder(other.token);
    const list = await apiCall(t.app, 'GET', '/photo-orders', user.token);
    expect(list.json().data.results.map((o: { id: number }) => o.id)).toEqual([order.id]);
    const byNumber = await apiCall(t.app, 'GET', `/photo-orders/${order.id}`, user.token);
    expect(byNumber.json().data.displayId).toBe(order.displayId);
  });

  it('refuses a bad key with its message', async () => {
    const user = await createSignedInUser(t.app);
    const res = await apiCall(t.app, 'POST', '/photo-orders', user.token, { idempotencyKey: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.idempotencyKeyInvalid);
    // The key an application takes starts a photo order too: one rule for both kinds.
    const key = 'visit_2026-12-02_a1b2';
    const first = await apiCall(t.app, 'POST', '/photo-orders', user.token, { idempotencyKey: key });
    expect(first.statusCode, first.body).toBe(201);
    const again = await apiCall(t.app, 'POST', '/photo-orders', user.token, { idempotencyKey: key });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.displayId).toBe(first.json().data.displayId);
  });

  it('refuses a key that already started an application order, saying so', async () => {
    const user = await createSignedInUser(t.app);
    const idempotencyKey = randomUUID();
    await startApplication(t.app, user.token, { idempotencyKey });
    const res = await apiCall(t.app, 'POST', '/photo-orders', user.token, { idempotencyKey });
    expect([res.statusCode, res.json().message]).toEqual([409, M.keyUsedElsewhere]);
  });

  it('answers another customer 404 and a visitor 401 on every route', async () => {
    const { user, order, item, photo } = await orderWithPhoto();
    const stranger = await createSignedInUser(t.app);
    const base = `/photo-orders/${order.displayId}`;
    const photoPath = `${base}/items/${item.id}/photos/${photo.id}`;
    const calls: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object][] = [
      ['GET', base],
      ['POST', `${base}/items`, { photoSize: 'oci-photo' }],
      ['DELETE', `${base}/items/${item.id}`],
      ['GET', photoPath],
      ['GET', `${photoPath}/original`],
      ['GET', `${photoPath}/fitted`],
      ['DELETE', photoPath],
      ['PUT', `${base}/plan`, { pricingPlanId: 1 }],
      ['PUT', `${base}/delivery`, { method: 'pickup', serviceType: 'CVS', pinCode: '12345', addressLine: 'Main St' }],
      ['PUT', `${base}/step`, { step: 1 }],
      ['POST', `${base}/reset`],
      ['POST', `${base}/coupon`, { code: 'PHOTO10' }],
      ['DELETE', `${base}/coupon`],
      ['POST', `${base}/payment`, {}],
      ['GET', `${base}/payment`],
    ];
    for (const [method, url, body] of calls) {
      const theirs = await apiCall(t.app, method, url, stranger.token, body);
      expect([url, theirs.statusCode]).toEqual([url, 404]);
      const visitor = await apiCall(t.app, method, url, null, body);
      expect([url, visitor.statusCode]).toEqual([url, 401]);
    }
    expect((await upload(stranger.token, order.displayId, item.id, face)).statusCode).toBe(404);
    expect((await upload(null, order.displayId, item.id, face)).statusCode).toBe(401);
    // Nothing of theirs changed it.
    const unchanged = await apiCall(t.app, 'GET', base, user.token);
    expect(unchanged.json().data.items).toHaveLength(1);
  });
});

describe('coupons', () => {
  it('takes a SevaPhotos coupon once per customer, refuses a SevaDocs one, removes it, and charges the discounted total', async () => {
    const { user, order } = await orderWithPhoto();
    const base = `/photo-orders/${order.displayId}`;
    const full = PHOTO_PRICES.USD.plans[1];

    const docs = await apiCall(t.app, 'POST', `${base}/coupon`, user.token, { code: 'FIRST10' });
    expect(docs.statusCode).toBe(400);
    expect(docs.json().message).toBe(COUPON_MESSAGES.wrongPlatform('sevadocs'));

    const applied = await apiCall(t.app, 'POST', `${base}/coupon`, user.token, { code: 'photo10' });
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ message: COUPON_MESSAGES.applied });
    const discount = Math.round(full * 0.1);
    expect(applied.json().data).toMatchObject({ appliedCoupon: 'PHOTO10', totalCents: full - discount });
    expect(applied.json().data.costSummary).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 'coupon-discount', amountCents: -discount })]),
    );

    const removed = await apiCall(t.app, 'DELETE', `${base}/coupon`, user.token);
    expect(removed.json().data).toMatchObject({ appliedCoupon: null, totalCents: full });
    expect((await apiCall(t.app, 'DELETE', `${base}/coupon`, user.token)).json().message).toBe(
      COUPON_MESSAGES.noCoupon,
    );

    await apiCall(t.app, 'POST', `${base}/coupon`, user.token, { code: 'PHOTO10' });
    const paying = await apiCall(t.app, 'POST', `${base}/payment`, user.token, {});
    expect(paying.json().data).toMatchObject({ amountCents: full - discount, currency: 'USD' });

    // Once per customer: a second photo order of theirs is refused while the first holds it.
    const again = await newOrder(user.token);
    await addItem(user.token, again.displayId);
    const second = await apiCall(t.app, 'POST', `/photo-orders/${again.displayId}/coupon`, user.token, {
      code: 'PHOTO10',
    });
    expect(second.json().message).toBe(COUPON_MESSAGES.alreadyUsed);
  });

  it('a change that takes the order below its coupon’s minimum removes the coupon and says so, once', async () => {
    const { user, order } = await orderWithPhoto();
    const base = `/photo-orders/${order.displayId}`;
    const second = await addItem(user.token, order.displayId);
    const twoItems = (await apiCall(t.app, 'GET', base, user.token)).json().data.totalCents as number;
    await t.database.db.insert(coupons).values({
      code: 'PHOTOPAIR',
      description: 'Two photos or more',
      discountType: 'flat',
      value: 100,
      platform: 'sevaphotos',
      minimumOrderCents: twoItems,
    });
    const applied = await apiCall(t.app, 'POST', `${base}/coupon`, user.token, { code: 'PHOTOPAIR' });
    expect(applied.json().data).toMatchObject({ appliedCoupon: 'PHOTOPAIR', totalCents: twoItems - 100 });
    expect(applied.json().data).not.toHaveProperty('couponRemoved');

    const removed = await apiCall(t.app, 'DELETE', `${base}/items/${second.id}`, user.token);
    expect(removed.statusCode).toBe(200);
    const oneItem = PHOTO_PRICES.USD.plans[1];
    expect(removed.json().data).toMatchObject({
      appliedCoupon: null,
      totalCents: oneItem,
      couponRemoved: COUPON_MESSAGES.releasedBelowMinimum(
        'PHOTOPAIR',
        formatMoney({ amountCents: twoItems, currency: 'USD' }),
      ),
    });
    expect(removed.json().data.couponRemoved).toBe(
      `Your coupon PHOTOPAIR no longer applies and has been removed: it needs an order of at least ${formatMoney({ amountCents: twoItems, currency: 'USD' })}. Please check the new total before paying.`,
    );
    // Said once: the order read again, or changed again, no longer carries it.
    expect((await apiCall(t.app, 'GET', base, user.token)).json().data).not.toHaveProperty('couponRemoved');
    const moved = await apiCall(t.app, 'PUT', `${base}/step`, user.token, { step: 1 });
    expect(moved.json().data).not.toHaveProperty('couponRemoved');
  });
});

describe('items and photos', () => {
  it('adds and removes items, pricing each on the server, with the messages of bad input', async () => {
    const user = await createSignedInUser(t.app);
    const order = await newOrder(user.token);
    const bad = await apiCall(t.app, 'POST', `/photo-orders/${order.displayId}/items`, user.token, { photoSize: 'xx' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(M.sizeRequired);
    const mismatch = await apiCall(t.app, 'POST', `/photo-orders/${order.displayId}/items`, user.token, {
      photoSize: 'us-2x2',
      documentType: 'OCI card',
    });
    expect(mismatch.json().errors).toEqual({ documentType: M.documentTypeMismatch });
    const item = await addItem(user.token, order.displayId, 'in-passport');
    const second = await apiCall(t.app, 'POST', `/photo-orders/${order.displayId}/items`, user.token, {
      photoSize: 'us-2x2',
      documentType: PHOTO_SIZES['us-2x2'].documentType,
    });
    expect(second.json().data.totalCents).toBe(2 * PHOTO_PRICES.USD.plans[1]);
    const removed = await apiCall(t.app, 'DELETE', `/photo-orders/${order.displayId}/items/${item.id}`, user.token);
    expect(removed.json().data.items.map((i: { photoSize: string }) => i.photoSize)).toEqual(['us-2x2']);
    expect(removed.json().data.totalCents).toBe(PHOTO_PRICES.USD.plans[1]);
  });

  it('checks an uploaded photo in the background and serves the fitted and original files to the owner', async () => {
    const user = await createSignedInUser(t.app);
    const order = await newOrder(user.token);
    const item = await addItem(user.token, order.displayId, 'ca-visa');
    const res = await upload(user.token, order.displayId, item.id, face);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(M.photoUploaded);
    const photo = res.json().data;
    expect(photo).toMatchObject({ state: 'pending', report: null, links: { fitted: null } });

    const path = `/photo-orders/${order.displayId}/items/${item.id}/photos/${photo.id}`;
    const early = await apiCall(t.app, 'GET', `${path}/fitted`, user.token);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(M.photoNotReady);

    await t.runJobs();
    const done = (await apiCall(t.app, 'GET', path, user.token)).json().data;
    expect(done).toMatchObject({ state: 'done', report: { sizeId: 'ca-visa', passed: true } });
    // Versioned by the image it serves (M1): the link the page shows is the route with a `?v=`.
    expect(done.links.fitted).toMatch(new RegExp(`^/api/v1${path}/fitted\\?v=[\\w-]+$`));

    const fitted = await t.app.inject({ method: 'GET', url: done.links.fitted, headers: bearer(user.token) });
    expect(fitted.statusCode).toBe(200);
    expect(fitted.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    expect(await sharp(fitted.rawPayload).metadata()).toMatchObject({ width: 420, height: 540, format: 'jpeg' });
    const original = await apiCall(t.app, 'GET', `${path}/original`, user.token);
    expect(original.statusCode).toBe(200);
    expect(original.headers['x-content-type-options']).toBe('nosniff');
    expect(await sharp(original.rawPayload).metadata()).toMatchObject({ width: 800, height: 800 });

    // The 4×6 in print sheet of the fitted photo is what the plans sell: not before payment.
    expect(done.links.printSheet).toBeNull();
    const unpaid = await apiCall(t.app, 'GET', `${path}/print-sheet`, user.token);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toBe(M.sheetNotPaid);
    await payWithSandbox(t, user.token, order.displayId);
    // Once paid, for its owner only.
    const paid = (await apiCall(t.app, 'GET', path, user.token)).json().data;
    expect(paid.links.printSheet).toBe(`/api/v1${path}/print-sheet`);
    const sheet = await apiCall(t.app, 'GET', `${path}/print-sheet`, user.token);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers).toMatchObject({ 'content-type': 'image/jpeg', 'cache-control': 'private, no-store' });
    expect(sheet.headers['content-disposition']).toContain('attachment');
    // Named with the order's reference: sheets of several orders downloaded together are told apart.
    expect(sheet.headers['content-disposition']).toContain(`${order.displayId}-ca-visa-print-sheet-4x6in.jpg`);
    expect(await sharp(sheet.rawPayload).metadata()).toMatchObject({ width: 1200, height: 1800, density: 300 });
    const stranger = await createSignedInUser(t.app);
    expect((await apiCall(t.app, 'GET', `${path}/print-sheet`, stranger.token)).statusCode).toBe(404);
    expect((await apiCall(t.app, 'GET', `${path}/print-sheet`, null)).statusCode).toBe(401);
  });

  it('gives no print sheet of an order cancelled before it was paid, nor of a refunded one', async () => {
    const { user, order, item, photo } = await orderWithPhoto('us-2x2');
    const path = `/photo-orders/${order.displayId}/items/${item.id}/photos/${photo.id}`;
    for (const status of ['Cancelled', 'Refunded']) {
      await t.database.db.update(orders).set({ status }).where(eq(orders.id, order.id));
      expect((await apiCall(t.app, 'GET', path, user.token)).json().data.links.printSheet).toBeNull();
      const sheet = await apiCall(t.app, 'GET', `${path}/print-sheet`, user.token);
      expect(sheet.statusCode).toBe(409);
      expect(sheet.json().message).toBe(M.sheetOrderClosed);
      // The fitted photo stays: it is the preview the customer decided on (decision 0164).
      expect((await apiCall(t.app, 'GET', `${path}/fitted`, user.token)).statusCode).toBe(200);
    }
  });

  it('has no print sheet for a size used as a file only (the OCI signature)', async () => {
    const user = await createSignedInUser(t.app);
    const order = await newOrder(user.token);
    const item = await addItem(user.token, order.displayId, 'oci-signature');
    const photo = (await upload(user.token, order.displayId, item.id, face)).json().data;
    await t.runJobs();
    const path = `/photo-orders/${order.displayId}/items/${item.id}/photos/${photo.id}`;
    expect((await apiCall(t.app, 'GET', path, user.token)).json().data.links).toMatchObject({ printSheet: null });
    const sheet = await apiCall(t.app, 'GET', `${path}/print-sheet`, user.token);
    expect(sheet.statusCode).toBe(404);
    expect(sheet.json().message).toBe(M.notPrinted);
  });

  it('adds an item once for an add sent again under its key (its answer lost on the way); another key is another item', async () => {
    const user = await createSignedInUser(t.app);
    const order = await newOrder(user.token);
    const key = randomUUID();
    const add = (idempotencyKey: string) =>
      apiCall(t.app, 'POST', `/photo-orders/${order.displayId}/items`, user.token, {
        photoSize: 'oci-photo',
        idempotencyKey,
      });
    const [a, b] = await Promise.all([add(key), add(key)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const again = await add(key);
    expect(again.json().data.items).toHaveLength(1);
    expect((await add(randomUUID())).json().data.items).toHaveLength(2);
  });

  it('takes the same file sent again (its answer lost on the way) as the photo it already is: one place, one file', async () => {
    const user = await createSignedInUser(t.app);
    const order = await newOrder(user.token);
    const item = await addItem(user.token, order.displayId);
    const first = await upload(user.token, order.displayId, item.id, face);
    expect(first.statusCode).toBe(201);
    const before = await storedFiles();
    const again = await upload(user.token, order.displayId, item.id, face);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await storedFiles()).toEqual(before);
    const read = await apiCall(t.app, 'GET', `/photo-orders/${order.displayId}`, user.token);
    expect(read.json().data.items[0].photos).toHaveLength(1);
    // Another item of the order takes it as its own photo.
    const other = await addItem(user.token, order.displayId);
    const there = await upload(user.token, order.displayId, other.id, face);
    expect(there.json().data.id).not.toBe(first.json().data.id);
  });

  it('takes at most four photos per item and removes a photo with its files', async () => {
    const user = await createSignedInUser(t.app);
    const order = await newOrder(user.token);
    const item = await addItem(user.token, order.displayId);
    const ids: number[] = [];
    // Four different photos (the same file again is the photo it already is).
    const photos = await Promise.all(
      ['#d9c2a8', '#d2bca1', '#cbb59a', '#c4ae93', '#bda78c'].map((background) =>
        sharp({ create: { width: 800, height: 800, channels: 3, background } })
          .jpeg()
          .toBuffer(),
      ),
    );
    for (const photo of photos.slice(0, 4))
      ids.push((await upload(user.token, order.displayId, item.id, photo)).json().data.id);
    await t.runJobs();
    const before = await storedFiles();
    const fifth = await upload(user.token, order.displayId, item.id, photos[4] as Buffer);
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json().message).toBe(M.tooManyPhotos);
    expect(await storedFiles()).toEqual(before);

    const path = `/photo-orders/${order.displayId}/items/${item.id}/photos/${ids[0]}`;
    const removed = await apiCall(t.app, 'DELETE', path, user.token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.items[0].photos).toHaveLength(3);
    // The files go by a job queued with the delete (a crash before it runs loses no removal).
    expect(await storedFiles()).toEqual(before);
    await t.runJobs();
    // The original and the fitted file are gone.
    expect((await storedFiles()).length).toBe(before.length - 2);
  });

  it.each([
    [
      'a non-image renamed .jpg',
      () => Buffer.from('MZ\x90\x00 this is a program'),
      415,
      mislabelledFileMessage('jpeg', ['jpeg', 'png', 'heic']),
    ],
    [
      'a 1 × 1 image',
      () =>
        sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
          .png()
          .toBuffer(),
      400,
      tooFewPixelsMessage(1, 1, 100),
    ],
    ['a 40-megapixel decompression bomb', () => pixelBombPng(6325), 400, tooManyPixelsMessage(25)],
  ])('refuses %s with a clear message and stores nothing', async (_name, make, status, message) => {
    const user = await createSignedInUser(t.app);
    const order = await newOrder(user.token);
    const item = await addItem(user.token, order.displayId);
    const before = await storedFiles();
    const res = await upload(user.token, order.displayId, item.id, await make(), 'photo.jpg');
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ isSuccess: false, message, errors: { file: message } });
    expect(await storedFiles()).toEqual(before);
    expect(await filesUnder(join(t.app.env.dataDir, 'upload-scratch'))).toEqual([]);
    const rows = await t.database.db.select().from(photoOrderPhotos).where(eq(photoOrderPhotos.itemId, item.id));
    expect(rows).toEqual([]);
  });
});

describe('plan, delivery, step and reset', () => {
  it('offers Background Change only when every size allows it, and never pickup with home delivery', async () => {
    const { user, order } = await orderWithPhoto('oci-photo');
    const plan = (body: object) => apiCall(t.app, 'PUT', `/photo-orders/${order.displayId}/plan`, user.token, body);
    const ok = await plan({ pricingPlanId: 1, options: ['background-change', 'photo-optimize'] });
    expect(ok.statusCode).toBe(200);
    const p = PHOTO_PRICES.USD;
    expect(ok.json().data.totalCents).toBe(p.plans[1] + p.options['background-change'] + p.options['photo-optimize']);
    expect(ok.json().data.costSummary.map((l: { label: string }) => l.label)).toEqual([
      'Items',
      'Digital Copy',
      'Photo Optimize',
      'Background Change',
      'Actual Cost',
    ]);
    // A US passport photo joins: Background Change is dropped, said so, and no longer accepted.
    const joined = await apiCall(t.app, 'POST', `/photo-orders/${order.displayId}/items`, user.token, {
      photoSize: 'us-2x2',
    });
    expect(joined.json().data.choicesDropped).toEqual({
      options: ['background-change'],
      message: M.backgroundChangeDropped([PHOTO_SIZES['us-2x2'].label]),
    });
    const after = (await apiCall(t.app, 'GET', `/photo-orders/${order.displayId}`, user.token)).json().data;
    expect(after).toMatchObject({ options: ['photo-optimize'], backgroundChangeOffered: false });
    const refused = await plan({ pricingPlanId: 1, options: ['background-change'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(M.backgroundChangeNotAllowed);
    const both = await plan({ pricingPlanId: 2, options: ['pickup'] });
    expect(both.json().message).toBe(M.pickupWithPrint);
    const badPlan = await plan({ pricingPlanId: 3 });
    expect(badPlan.json().message).toBe(M.planInvalid);
  });

  it('starts a new order in the currency the customer last ordered in, unless they name one', async () => {
    const user = await createSignedInUser(t.app);
    const currencyOf = async (ref: string) =>
      (await apiCall(t.app, 'GET', `/photo-orders/${ref}`, user.token)).json().data.currency;
    // A newcomer: USD.
    expect(await currencyOf((await newOrder(user.token)).displayId)).toBe('USD');
    // A family renewing passports from Canada, then ordering prints: CAD, without choosing it again.
    const service = await startApplication(t.app, user.token, { choices: { applyingFrom: 'CA' } });
    expect(
      (await apiCall(t.app, 'GET', `/application/order/${service.displayId}`, user.token)).json().data,
    ).toMatchObject({ price: { currency: 'CAD' } });
    expect(await currencyOf((await newOrder(user.token)).displayId)).toBe('CAD');
    expect(await currencyOf((await newOrder(user.token, 'USD')).displayId)).toBe('USD');
  });

  it('prices an unpaid order again in the currency chosen (CAD for Canada), closing the attempt opened in the old one', async () => {
    const { user, order } = await orderWithPhoto('oci-photo');
    const base = `/photo-orders/${order.displayId}`;
    await apiCall(t.app, 'PUT', `${base}/plan`, user.token, { pricingPlanId: 1, options: ['photo-optimize'] });
    const opened = await apiCall(t.app, 'POST', `/orders/${order.displayId}/payment`, user.token, {});
    expect(opened.statusCode, opened.body).toBeLessThan(300);
    const choose = (currency: string) => apiCall(t.app, 'PUT', `${base}/currency`, user.token, { currency });

    const cad = await choose('CAD');
    expect(cad.statusCode, cad.body).toBe(200);
    expect(cad.json().message).toBe(M.currencyChosen('CAD'));
    const c = PHOTO_PRICES.CAD;
    expect(cad.json().data).toMatchObject({ currency: 'CAD', totalCents: c.plans[1] + c.options['photo-optimize'] });
    const summary = (await apiCall(t.app, 'GET', `/orders/${order.displayId}/cost-summary`, user.token)).json().data;
    expect(summary).toMatchObject({ currency: 'CAD', totalCents: c.plans[1] + c.options['photo-optimize'] });
    // The USD attempt cannot be paid any more: paying starts again in CAD.
    const again = await apiCall(t.app, 'POST', `/orders/${order.displayId}/payment`, user.token, {});
    expect(again.json().data).toMatchObject({ currency: 'CAD' });
    expect(again.json().data.attempt).toBe(opened.json().data.attempt + 1);

    expect((await choose('INR')).json().message).toBe(M.currencyInvalid);
    const paymentId = await payWithSandbox(t, user.token, order.displayId);
    // The paid sandbox page leads back to the brand the order was placed with.
    const paid = await t.app.inject({
      url: `/api/v1/payments/sandbox/checkout?payment=${paymentId}`,
      headers: bearer(user.token),
    });
    expect(paid.body).toContain('>Back to SevaPhotos</a>');
    expect(paid.body).not.toContain('SevaDocs');
    const locked = await choose('USD');
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(M.locked);
  });

  it('checks the photos again with Background Change when it is bought, and without when it is given up', async () => {
    const { user, order, item, photo } = await orderWithPhoto('in-evisa');
    expect(backgroundChangeAsked.at(-1)).toBe(false);
    const path = `/photo-orders/${order.displayId}/items/${item.id}/photos/${photo.id}`;
    const fittedKey = async () =>
      (await t.database.db.select().from(photoOrderPhotos).where(eq(photoOrderPhotos.id, photo.id)))[0]?.fittedKey;
    const first = await fittedKey();
    const fittedLink = async () => (await apiCall(t.app, 'GET', path, user.token)).json().data.links.fitted as string;
    const firstLink = await fittedLink();
    const plan = (options: string[]) =>
      apiCall(t.app, 'PUT', `/photo-orders/${order.displayId}/plan`, user.token, { pricingPlanId: 1, options });

    expect((await plan(['background-change'])).statusCode).toBe(200);
    expect((await apiCall(t.app, 'GET', path, user.token)).json().data).toMatchObject({ state: 'pending' });
    await t.runJobs();
    expect(backgroundChangeAsked.at(-1)).toBe(true);
    expect((await apiCall(t.app, 'GET', path, user.token)).json().data).toMatchObject({ state: 'done' });
    const second = await fittedKey();
    expect(second).not.toBe(first);
    // The page's picture follows the new fitting: its link changed, so no cached old image stays beside the new report.
    expect(await fittedLink()).not.toBe(firstLink);
    expect((await storedFiles()).some((f) => f.endsWith(first ?? ''))).toBe(false);

    // Another option alone does not check again; giving Background Change up does.
    const asked = backgroundChangeAsked.length;
    await plan(['background-change', 'photo-optimize']);
    await t.runJobs();
    expect(backgroundChangeAsked.length).toBe(asked);
    await plan(['photo-optimize']);
    await t.runJobs();
    expect(backgroundChangeAsked.slice(asked)).toEqual([false]);
  });

  it('saves pickup with a 5-digit pin code, or a copy of a saved address for home delivery', async () => {
    const { user, order } = await orderWithPhoto();
    const base = `/photo-orders/${order.displayId}`;
    const delivery = (body: object) => apiCall(t.app, 'PUT', `${base}/delivery`, user.token, body);
    const pickup = { method: 'pickup', serviceType: 'WALGREENS', pinCode: '94105', addressLine: '1 Market St' };
    const digitalOnly = await delivery(pickup);
    expect(digitalOnly.statusCode).toBe(409);
    expect(digitalOnly.json().message).toBe(M.deliveryNotNeeded);

    await apiCall(t.app, 'PUT', `${base}/plan`, user.token, { pricingPlanId: 1, options: ['pickup'] });
    for (const pinCode of ['1234', '123456', 'abcde']) {
      const bad = await delivery({ ...pickup, pinCode });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({ pinCode: 'Pin code must be exactly 5 digits' });
    }
    const saved = await delivery({ ...pickup, message: 'Evening pickup' });
    expect(saved.json().data.delivery).toEqual({ ...pickup, message: 'Evening pickup' });
    expect(saved.json().data.deliveryMethod).toBe('pickup');

    // Print copies to home: the address book (default first) and a copy on the order.
    await apiCall(t.app, 'PUT', `${base}/plan`, user.token, { pricingPlanId: 2, options: [] });
    const address = await apiCall(t.app, 'POST', '/photo-orders/addresses', user.token, {
      fullName: 'Priya Sharma',
      addressLine: '12 King St W',
      city: 'Toronto',
      state: 'ON',
      postalCode: 'm5h1a1',
      country: 'CA',
      type: 'home',
    });
    expect(address.statusCode).toBe(201);
    const book = await apiCall(t.app, 'GET', '/photo-orders/addresses', user.token);
    expect(book.json().data.results[0]).toMatchObject({ isDefault: true, postalCode: 'M5H 1A1' });
    const wrongMethod = await delivery(pickup);
    expect(wrongMethod.json().message).toBe(M.deliveryMethodMismatch('home'));
    const home = await delivery({ method: 'home', addressId: address.json().data.id });
    expect(home.json().data.delivery).toMatchObject({ method: 'home', address: { city: 'Toronto', state: 'ON' } });

    const stranger = await createSignedInUser(t.app);
    const theirs = await apiCall(t.app, 'POST', '/photo-orders/addresses', stranger.token, {
      fullName: 'Other Person',
      addressLine: '1 Main St',
      city: 'Austin',
      state: 'TX',
      postalCode: '78701',
      country: 'US',
    });
    const notMine = await delivery({ method: 'home', addressId: theirs.json().data.id });
    expect(notMine.statusCode).toBe(404);
  });

  it('keeps the step on the server, only once the earlier steps are done', async () => {
    const user = await createSignedInUser(t.app);
    const order = await newOrder(user.token);
    const step = (n: number) => apiCall(t.app, 'PUT', `/photo-orders/${order.displayId}/step`, user.token, { step: n });
    const early = await step(2);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(M.stepNotReady(2));
    expect((await step(5)).json().message).toBe(M.stepInvalid);
    const item = await addItem(user.token, order.displayId);
    await upload(user.token, order.displayId, item.id, face);
    expect((await step(3)).json().data.step).toBe(3);
    await apiCall(t.app, 'PUT', `/photo-orders/${order.displayId}/plan`, user.token, { pricingPlanId: 2 });
    expect((await step(4)).json().message).toBe(M.stepNotReady(4));
    await apiCall(t.app, 'PUT', `/photo-orders/${order.displayId}/plan`, user.token, { pricingPlanId: 1 });
    expect((await step(4)).statusCode).toBe(200);
    const back = await apiCall(t.app, 'GET', `/photo-orders/${order.displayId}`, user.token);
    expect(back.json().data.step).toBe(4);
  });

  it('resets items, photos, plan and delivery but keeps the order', async () => {
    const { user, order } = await orderWithPhoto();
    const base = `/photo-orders/${order.displayId}`;
    await apiCall(t.app, 'PUT', `${base}/plan`, user.token, { pricingPlanId: 1, options: ['pickup'] });
    await apiCall(t.app, 'PUT', `${base}/delivery`, user.token, {
      method: 'pickup',
      serviceType: 'CVS',
      pinCode: '10001',
      addressLine: '5th Ave',
    });
    await apiCall(t.app, 'PUT', `${base}/step`, user.token, { step: 4 });
    const before = (await storedFiles()).length;
    const reset = await apiCall(t.app, 'POST', `${base}/reset`, user.token);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(M.reset);
    expect(reset.json().data).toMatchObject({
      id: order.id,
      step: 1,
      items: [],
      pricingPlanId: 1,
      options: [],
      delivery: null,
      totalCents: 0,
      status: 'Payment pending',
    });
    await t.runJobs();
    expect((await storedFiles()).length).toBe(before - 2);
  });
});

describe('paying a photo order', () => {
  it('cannot be paid without its photo and, for prints, its delivery address', async () => {
    const user = await createSignedInUser(t.app);
    const order = await newOrder(user.token);
    const base = `/photo-orders/${order.displayId}`;
    const pay = () => apiCall(t.app, 'POST', `${base}/payment`, user.token, {});
    const empty = await pay();
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe(P.stillNeeded([M.needsItem]));

    const item = await addItem(user.token, order.displayId);
    const noPhoto = await pay();
    expect(noPhoto.statusCode).toBe(409);
    expect(noPhoto.json().message).toBe(P.stillNeeded([M.needsPhoto(PHOTO_SIZES['oci-photo'].label)]));

    expect((await upload(user.token, order.displayId, item.id, face)).statusCode).toBe(201);
    await t.runJobs();
    await apiCall(t.app, 'PUT', `${base}/plan`, user.token, { pricingPlanId: 2, options: [] });
    const noAddress = await pay();
    expect(noAddress.statusCode).toBe(409);
    expect(noAddress.json().message).toBe(P.stillNeeded([M.needsAddress]));
    expect(await t.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, order.id))).toEqual([]);

    // A Digital Copy has nothing to deliver: with its photo it is payable.
    await apiCall(t.app, 'PUT', `${base}/plan`, user.token, { pricingPlanId: 1, options: [] });
    expect((await pay()).statusCode).toBe(200);
  });

  it('pays through the sandbox, reaches Order pending, and the notification links to the photo order page', async () => {
    const { user, order } = await orderWithPhoto();
    const base = `/photo-orders/${order.displayId}`;
    const started = await apiCall(t.app, 'POST', `${base}/payment`, user.token, { amountCents: 1 });
    expect(started.statusCode).toBe(200);
    const payment = started.json().data;
    expect(payment).toMatchObject({ state: 'PENDING', amountCents: PHOTO_PRICES.USD.plans[1], currency: 'USD' });
    const paymentId = new URL(payment.redirectUrl).searchParams.get('payment') ?? '';

    const sandbox = t.app.services.sandbox;
    if (!sandbox) throw new Error('the sandbox is not configured');
    await sandbox.settle(paymentId, 'succeeded');
    const event = sandbox.signedEvent({ type: SANDBOX_EVENT_TYPES.succeeded, paymentId });
    const hook = await t.app.inject({
      method: 'POST',
      url: SANDBOX_WEBHOOK_PATH,
      headers: event.headers,
      payload: event.body,
    });
    expect(hook.statusCode).toBe(200);
    await t.runJobs();

    const latest = await apiCall(t.app, 'GET', `${base}/payment`, user.token);
    expect(latest.json().data).toMatchObject({ state: 'COMPLETED', orderStatus: 'Order pending' });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('Order pending');

    const [note] = await t.database.db.select().from(notifications).where(eq(notifications.orderIdDb, order.id));
    expect(note?.orderId).toBe(order.displayId);
    expect(notificationHref({ orderId: note?.orderId ?? '', orderId_DB: order.id })).toBe(
      `/photos/photo-enhancement?orderId=${order.id}`,
    );
    const receipts = await t.database.db.select().from(mailMessages);
    const receipt = receipts.find((r) => r.subject === `Payment received for your order ${order.displayId}`);
    expect(receipt?.text).toContain('Digital Copy');
    // The e-mail links the order by its reference, not by the row id the bell's link carries (SPEC.md §2).
    expect(receipt?.text).toContain(`/photos/photo-enhancement?orderId=${order.displayId}`);
    // SevaPhotos' receipt, as its status e-mails are.
    expect(receipt?.text).toContain(`The ${ORDER_BRAND_NAMES.photo} team`);

    // A paid order is not changed any more.
    const locked = await apiCall(t.app, 'POST', `${base}/reset`, user.token);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(M.locked);
  });

  /** Starts the order's payment; answers the sandbox payment's id. */
  async function startPayment(token: string, displayId: string): Promise<string> {
    const started = await apiCall(t.app, 'POST', `/photo-orders/${displayId}/payment`, token, {});
    expect(started.statusCode).toBe(200);
    return new URL(started.json().data.redirectUrl).searchParams.get('payment') ?? '';
  }

  /** The provider's success event for the payment, posted to the inbox and processed. */
  async function announce(paymentId: string) {
    const sandbox = t.app.services.sandbox;
    if (!sandbox) throw new Error('the sandbox is not configured');
    const event = sandbox.signedEvent({ type: SANDBOX_EVENT_TYPES.succeeded, paymentId });
    await t.app.inject({ method: 'POST', url: SANDBOX_WEBHOOK_PATH, headers: event.headers, payload: event.body });
    await t.runJobs();
  }

  it('a photo removed after the payment started closes that payment: its link takes no money and the order still awaits payment', async () => {
    const { user, order, item, photo } = await orderWithPhoto();
    const paymentId = await startPayment(user.token, order.displayId);
    const removed = await apiCall(
      t.app,
      'DELETE',
      `/photo-orders/${order.displayId}/items/${item.id}/photos/${photo.id}`,
      user.token,
    );
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.totalCents).toBe(PHOTO_PRICES.USD.plans[1]);
    await t.runJobs();
    expect((await records.attemptsOf(order.id)).map((a) => a.status)).toEqual(['superseded']);
    // The sandbox's page no longer takes it, as a provider's closed checkout does not.
    expect(await t.app.services.sandbox?.settle(paymentId, 'succeeded')).toBe(false);
    expect((await records.orderRow(order.id))?.status).toBe('Payment pending');
  });

  it('a payment made before its photo was removed, announced after, is refunded: the order cannot be made from it', async () => {
    const { user, order, item, photo } = await orderWithPhoto();
    const paymentId = await startPayment(user.token, order.displayId);
    // Paid on the provider's page; its event has not arrived when the photo goes.
    expect(await t.app.services.sandbox?.settle(paymentId, 'succeeded')).toBe(true);
    await apiCall(t.app, 'DELETE', `/photo-orders/${order.displayId}/items/${item.id}/photos/${photo.id}`, user.token);
    // Closing the attempt at the provider finds it paid and records the charge then, without its event.
    await t.runJobs();
    expect((await records.attemptsOf(order.id)).map((a) => a.status)).toEqual(['stray']);
    expect(await records.refundsOf(order.id)).toMatchObject([
      { reason: 'stray', status: 'succeeded', amountCents: PHOTO_PRICES.USD.plans[1] },
    ]);
    expect(await records.strayMailsOf(order.displayId)).toHaveLength(1);
    // The order's page lists it, with its refund: the money left the customer's account.
    const view = await apiCall(t.app, 'GET', `/photo-orders/${order.displayId}`, user.token);
    expect(view.json().data.strayCharges).toMatchObject([
      { amountCents: PHOTO_PRICES.USD.plans[1], currency: 'USD', provider: 'sandbox', refund: 'succeeded' },
    ]);
    // Its held notice, when it comes (the sandbox still sends it once the payment is refunded, as
    // a provider would), changes nothing.
    const notice = await t.app.inject({
      method: 'POST',
      url: SANDBOX_NOTICE_PATH,
      headers: { ...bearer(user.token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ payment: paymentId }).toString(),
    });
    expect(notice.statusCode).toBe(303);
    await t.runJobs();
    expect((await records.orderRow(order.id))?.status).toBe('Payment pending');
    expect(await records.refundsOf(order.id)).toHaveLength(1);
    expect(await records.receiptsOf(order.displayId)).toHaveLength(0);
  });

  it('a success for an order that no longer has its photo (changed behind the service) is a stray charge, not a paid order', async () => {
    const { user, order, photo } = await orderWithPhoto();
    const paymentId = await startPayment(user.token, order.displayId);
    await t.database.db.delete(photoOrderPhotos).where(eq(photoOrderPhotos.id, photo.id));
    await t.app.services.sandbox?.settle(paymentId, 'succeeded');
    await announce(paymentId);
    expect((await records.orderRow(order.id))?.status).toBe('Payment pending');
    expect((await records.attemptsOf(order.id)).map((a) => a.status)).toEqual(['stray']);
    const refunded = formatMoney({ amountCents: PHOTO_PRICES.USD.plans[1], currency: 'USD' });
    const mail = (await deliveredMail(t.app)).find(
      (m) => m.subject === `We refunded ${refunded} for your order ${order.displayId}`,
    );
    expect(mail?.text).toContain(P.strayRefunded(refunded, STRAY_CHARGE_REASONS['order-changed']));
  });

  it('moving between steps after the payment started keeps that payment open', async () => {
    const { user, order } = await orderWithPhoto();
    await startPayment(user.token, order.displayId);
    expect(
      (await apiCall(t.app, 'PUT', `/photo-orders/${order.displayId}/step`, user.token, { step: 2 })).statusCode,
    ).toBe(200);
    expect((await records.attemptsOf(order.id)).map((a) => a.status)).toEqual(['pending']);
  });

  it('returns the customer to /photo-payment-success and back to step 4 on cancel', async () => {
    const { user, order } = await orderWithPhoto();
    const started = await apiCall(t.app, 'POST', `/photo-orders/${order.displayId}/payment`, user.token, {});
    const paymentId = new URL(started.json().data.redirectUrl).searchParams.get('payment') ?? '';
    const [sandboxPayment] = await t.database.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, paymentId));
    expect(sandboxPayment?.returnUrl).toBe(`${t.app.env.siteUrl}/photo-payment-success?orderId=${order.displayId}`);
    expect(checkoutHref(order.displayId, 'photo')).toBe(`/photos/photo-order?orderId=${order.displayId}&step=4`);
  });

  it('a coupon covering the whole total confirms the order with nothing charged, once, whatever the double submits', async () => {
    await t.database.db.insert(coupons).values({
      code: 'PHOTOFREE',
      description: 'Photos on us',
      discountType: 'percentage',
      value: 100,
      platform: 'sevaphotos',
      usageLimit: 1,
    });
    const { user, order } = await orderWithPhoto();
    const base = `/photo-orders/${order.displayId}`;
    const applied = await apiCall(t.app, 'POST', `${base}/coupon`, user.token, { code: 'photofree' });
    expect(applied.json().data).toMatchObject({ appliedCoupon: 'PHOTOFREE', totalCents: 0 });

    // Three clicks at once: one confirms the order, the others find it no longer awaiting payment.
    const answers = await Promise.all([1, 2, 3].map(() => apiCall(t.app, 'POST', `${base}/payment`, user.token, {})));
    const confirmed = answers.filter((a) => a.statusCode === 200);
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]?.json()).toMatchObject({
      message: P.nothingToPay,
      data: { provider: 'none', state: 'COMPLETED', amountCents: 0, orderStatus: 'Order pending', redirectUrl: null },
    });
    expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json().message)).toEqual([
      P.notPayable,
      P.notPayable,
    ]);

    // The ledger records how it was paid: one attempt of no provider, for nothing.
    expect(await records.attemptsOf(order.id)).toEqual([
      expect.objectContaining({ provider: 'none', status: 'succeeded', amountCents: 0, orderTotalCents: 0 }),
    ]);
    expect(await records.paidMoves(order.id)).toEqual([
      expect.objectContaining({ toStatus: 'Order pending', remark: P.paidRemark }),
    ]);
    const receipts = await records.receiptsOf(order.displayId);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.subject).toBe(`Your order is confirmed: ${order.displayId}`);
    expect(receipts[0]?.text).toContain(P.nothingToPayRemark);
    expect(receipts[0]?.text).not.toContain('Payment provider');
    // The coupon's one use is this order's now, and nothing can be refunded of nothing.
    const other = await orderWithPhoto();
    const reuse = await apiCall(t.app, 'POST', `/photo-orders/${other.order.displayId}/coupon`, other.user.token, {
      code: 'PHOTOFREE',
    });
    expect(reuse.json().message).toBe(COUPON_MESSAGES.usedUp);
    const refund = await t.database.db.transaction((tx) =>
      t.app.services.orders.reserveRefund(tx, { orderId: order.id, amountCents: 1, key: `free-${order.id}` }),
    );
    expect(refund).toEqual({ ok: false, reason: 'over', remainingCents: 0, currency: 'USD' });
  });
});
