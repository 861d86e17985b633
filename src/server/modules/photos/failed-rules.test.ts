import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES as P } from '../../../domain/payments/payment.ts';
import type { ComplianceReport } from '../../../domain/photos/compliance.ts';
import { FAILED_RULE_MESSAGES as F } from '../../../domain/photos/failed-rules.ts';
import { PHOTO_SIZES } from '../../../domain/photos/sizes.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { filePart, MULTIPART_CONTENT_TYPE, multipart } from '../../test/multipart.ts';
import { apiCall } from '../applications/testing.ts';
import { bearer, createSignedInUser } from '../auth/testing.ts';
import { payWithSandbox } from '../payments/testing.ts';
import { createStaffUser } from '../users/testing.ts';
import type { AnalysePhoto } from './analyser.ts';
import { photoOrderPhotos } from './tables.ts';
import { chooseCvsPickup, fakeAnalyse, testFace } from './testing.ts';

/** Issue 31 §3: a photo that failed a rule is paid for only after a retake or the customer's choice. */

let t: TestApp;
let face: Buffer;
/** The verdict the stand-in engine gives the next photos: a pass, or a tilted head. */
let verdict: 'pass' | 'tilted' = 'pass';
const analyse: AnalysePhoto = async (image, size) => {
  const result = await fakeAnalyse(image, size);
  if (verdict === 'pass') return result;
  const tilted: ComplianceReport = {
    ...result.report,
    passed: false,
    checks: [
      ...result.report.checks,
      { rule: 'tilt', passed: false, measured: '11.7°', expected: 'at most 5°', fix: 'Keep your head level.' },
    ],
  };
  return { ...result, report: tilted };
};

beforeAll(async () => {
  t = await buildTestApp({}, { photoAnalyser: analyse });
  face = await testFace();
});
afterAll(() => t.close());

const LABEL = PHOTO_SIZES['us-2x2'].label;

/** A customer's order with one item (US 2×2 by default) and one photo, checked (unless `check` is false) with `result`. */
async function orderWith(result: typeof verdict, { check = true, size = 'us-2x2' } = {}) {
  const user = await createSignedInUser(t.app);
  const created = await apiCall(t.app, 'POST', '/photo-orders', user.token, { idempotencyKey: randomUUID() });
  const order = created.json().data as { id: number; displayId: string };
  const added = await apiCall(t.app, 'POST', `/photo-orders/${order.displayId}/items`, user.token, {
    photoSize: size,
  });
  const item = added.json().data.items[0] as { id: number };
  const uploaded = await t.app.inject({
    method: 'POST',
    url: `/api/v1/photo-orders/${order.displayId}/items/${item.id}/photos`,
    headers: { 'content-type': MULTIPART_CONTENT_TYPE, ...bearer(user.token) },
    payload: multipart([filePart('tilted.jpg', face, 'image/jpeg')]),
  });
  expect(uploaded.statusCode).toBe(201);
  verdict = result;
  if (check) await t.runJobs();
  verdict = 'pass';
  const photo = uploaded.json().data as { id: number };
  const base = `/photo-orders/${order.displayId}`;
  return {
    user,
    order,
    base,
    photoPath: `${base}/items/${item.id}/photos/${photo.id}`,
    photoId: photo.id,
    pay: () => apiCall(t.app, 'POST', `${base}/payment`, user.token, {}),
    choose: (choice: unknown, token = user.token) =>
      apiCall(t.app, 'PUT', `${base}/items/${item.id}/photos/${photo.id}/choice`, token, { choice }),
  };
}

async function storedPhoto(id: number) {
  const [row] = await t.database.db.select().from(photoOrderPhotos).where(eq(photoOrderPhotos.id, id));
  return row;
}

describe('paying for a photo that failed a rule', () => {
  it('is refused without a retake or a choice, with a message that names the photo', async () => {
    const { pay } = await orderWith('tilted');
    const refused = await pay();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(P.stillNeeded([F.needsChoice(LABEL, 'tilted.jpg')]));
  });

  it('is allowed after "I understand it may be refused", stored with who and when, no second look', async () => {
    const { user, pay, choose, photoId } = await orderWith('tilted');
    const before = Date.now();
    const chosen = await choose('accept-risk');
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().message).toBe(F.saved);
    const photo = chosen.json().data.items[0].photos[0];
    expect(photo.failedRuleChoice).toMatchObject({ choice: 'accept-risk' });
    expect(photo.secondLook).toBeNull();
    expect(chosen.json().data.printsHeld).toBe(false);
    const row = await storedPhoto(photoId);
    expect(row).toMatchObject({ failedRuleChoice: 'accept-risk', failedRuleChosenBy: user.id, secondLook: null });
    expect(row?.failedRuleChosenAt?.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect((await pay()).statusCode).toBe(200);
  });

  it('is allowed after "have a person check it", which flags the photo for staff and holds its prints', async () => {
    const { user, order, base, pay, choose, photoId, photoPath } = await orderWith('tilted');
    // Pickup: the prints are made at a photo counter.
    await chooseCvsPickup(t.app, user.token, base);
    const chosen = await choose('person-check');
    const fitted = () => apiCall(t.app, 'GET', `${photoPath}/fitted`, user.token);
    // Before payment nobody has been asked yet: the preview is the photo the customer decides on.
    expect((await fitted()).headers['content-disposition']).not.toContain('not-approved-yet');
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().data.printsHeld).toBe(true);
    expect(chosen.json().data.items[0].photos[0]).toMatchObject({
      failedRuleChoice: { choice: 'person-check' },
      secondLook: 'requested',
    });
    expect(await storedPhoto(photoId)).toMatchObject({
      failedRuleChoice: 'person-check',
      failedRuleChosenBy: user.id,
      secondLook: 'requested',
    });
    expect((await pay()).statusCode).toBe(200);
    // Paid, it waits for the person: striped until they approve it.
    await payWithSandbox(t, user.token, order.displayId);
    expect((await fitted()).headers['content-disposition']).toContain('not-approved-yet');
  });

  it('staff cannot print the sheet of a photo that waits for a person’s check', async () => {
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const { order, photoPath, choose } = await orderWith('tilted');
    const sheet = () =>
      apiCall(
        t.app,
        'GET',
        `/admin${photoPath.replace(`/photo-orders/${order.displayId}`, `/orders/${order.displayId}`)}/print-sheet`,
        staff.token,
      );
    expect((await choose('person-check')).statusCode).toBe(200);
    const held = await sheet();
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe(F.printsHeld);
    expect((await choose('accept-risk')).statusCode).toBe(200);
    expect((await sheet()).statusCode).toBe(200);
  });

  it('changing to "I understand it may be refused" withdraws the second look and releases the prints', async () => {
    const { user, base, choose } = await orderWith('tilted');
    await apiCall(t.app, 'PUT', `${base}/plan`, user.token, { pricingPlanId: 2, options: [] });
    expect((await choose('person-check')).json().data.printsHeld).toBe(true);
    const changed = await choose('accept-risk');
    expect(changed.json().data.printsHeld).toBe(false);
    expect(changed.json().data.items[0].photos[0].secondLook).toBeNull();
  });

  it('waits for a photo whose check has not finished', async () => {
    const { pay } = await orderWith('tilted', { check: false });
    const refused = await pay();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(P.stillNeeded([F.needsCheck(LABEL, 'tilted.jpg')]));
  });

  it('a passing photo needs no choice; a wrong choice is a 400; another customer’s photo is a 404', async () => {
    const passing = await orderWith('pass');
    const none = await passing.choose('accept-risk');
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(F.notNeeded);
    expect((await passing.pay()).statusCode).toBe(200);

    const failing = await orderWith('tilted');
    const wrong = await failing.choose('retouch-it');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(F.invalid);
    const stranger = await createSignedInUser(t.app);
    expect((await failing.choose('accept-risk', stranger.token)).statusCode).toBe(404);
    expect((await storedPhoto(failing.photoId))?.failedRuleChoice).toBeNull();
  });

  it('a photo checked again (Background Change bought) needs a choice again', async () => {
    const { user, base, choose, pay, photoId } = await orderWith('tilted', { size: 'oci-photo' });
    expect((await choose('person-check')).statusCode).toBe(200);
    await apiCall(t.app, 'PUT', `${base}/plan`, user.token, { pricingPlanId: 1, options: ['background-change'] });
    expect(await storedPhoto(photoId)).toMatchObject({
      failedRuleChoice: null,
      failedRuleChosenBy: null,
      secondLook: null,
    });
    verdict = 'tilted';
    await t.runJobs();
    verdict = 'pass';
    const refused = await pay();
    expect(refused.json().message).toBe(P.stillNeeded([F.needsChoice(PHOTO_SIZES['oci-photo'].label, 'tilted.jpg')]));
  });
});
