import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBusinessMinutes } from '../../../domain/config/business-hours.ts';
import type { ComplianceReport, PhotoCheck } from '../../../domain/photos/compliance.ts';
import { FAILED_RULE_MESSAGES as F } from '../../../domain/photos/failed-rules.ts';
import { fittedVersionOf, PHOTO_ORDER_MESSAGES as M, type PhotoOrder } from '../../../domain/photos/orders.ts';
import {
  SECOND_LOOK_MESSAGES as S,
  SECOND_LOOK_TEXT,
  type SecondLookEntry,
} from '../../../domain/photos/second-look.ts';
import { PHOTO_SIZES, sizeTitle } from '../../../domain/photos/sizes.ts';
import { outboundEmails } from '../../mail/tables.ts';
import { deliveredMail } from '../../mail/testing.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { filePart, MULTIPART_CONTENT_TYPE, multipart } from '../../test/multipart.ts';
import { apiCall } from '../applications/testing.ts';
import { auditLog } from '../audit/tables.ts';
import { bearer, createSignedInUser } from '../auth/testing.ts';
import { notifications } from '../notifications/tables.ts';
import { payWithSandbox } from '../payments/testing.ts';
import { requestRefund } from '../refunds/testing.ts';
import { createStaffUser } from '../users/testing.ts';
import type { AnalysePhoto } from './analyser.ts';
import { photoOrderPhotos } from './tables.ts';
import { chooseCvsPickup, fakeAnalyse, testFace } from './testing.ts';

/** Issue 31 §4: a person's second look at borderline photos and at those the customer asked about. */

let t: TestApp;
let face: Buffer;
let staff: { token: string; email: string; id: number };
/**
 * The stand-in engine's next verdict: every rule passed, passed with the background near its limit,
 * a tilted head (a rule failed), a photo it could not fit, or an engine that could not check at all.
 */
let verdict: 'pass' | 'borderline' | 'failing' | 'unfitted' | 'broken' = 'pass';
const analyse: AnalysePhoto = async (image, size) => {
  if (verdict === 'broken') throw new Error('the engine could not read the photo');
  const result = await fakeAnalyse(image, size);
  if (verdict === 'pass') return result;
  if (verdict === 'unfitted') return { fitted: null, report: { ...result.report, passed: false, fitted: null } };
  if (verdict === 'failing') {
    const tilt: PhotoCheck = {
      rule: 'tilt',
      passed: false,
      measured: '11.7°',
      expected: 'at most 5°',
      fix: 'Keep your head level.',
    };
    return { ...result, report: { ...result.report, passed: false, checks: [...result.report.checks, tilt] } };
  }
  const borderline: ComplianceReport = {
    ...result.report,
    checks: [
      ...result.report.checks,
      {
        rule: 'background',
        passed: true,
        measured: 'Brightness 195 of 255, variation 3',
        expected: 'Brightness at least 190 of 255, variation at most 20',
        fix: null,
        borderline: true,
      },
    ],
  };
  return { ...result, report: borderline };
};

beforeAll(async () => {
  t = await buildTestApp({}, { photoAnalyser: analyse });
  face = await testFace();
  staff = await createStaffUser(t.app, t.database.db, 'staff');
});
afterAll(() => t.close());

const upload = (url: string, token: string, name = 'wall.jpg') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { 'content-type': MULTIPART_CONTENT_TYPE, ...bearer(token) },
    payload: multipart([filePart(name, face, 'image/jpeg')]),
  });

/**
 * A customer's paid US 2×2 order, picked up at a photo counter, with `items` items of one photo
 * each, checked as `result` (the first's ids are the order's `itemId` and `photoId`); with Photo
 * Optimize when `optimize`, and `choice` made for each photo before paying.
 */
async function paidOrderWith(
  result: typeof verdict,
  items = 1,
  { optimize = false, choice }: { optimize?: boolean; choice?: 'person-check' | 'accept-risk' } = {},
) {
  const user = await createSignedInUser(t.app);
  const created = await apiCall(t.app, 'POST', '/photo-orders', user.token, { idempotencyKey: randomUUID() });
  const order = created.json().data as { displayId: string };
  const base = `/photo-orders/${order.displayId}`;
  const photoIds: number[] = [];
  for (let i = 0; i < items; i++) {
    const added = (await apiCall(t.app, 'POST', `${base}/items`, user.token, { photoSize: 'us-2x2' })).json().data;
    const uploaded = await upload(`${base}/items/${added.items.at(-1).id}/photos`, user.token);
    expect(uploaded.statusCode).toBe(201);
    photoIds.push(uploaded.json().data.id);
  }
  const item = (await apiCall(t.app, 'GET', base, user.token)).json().data.items[0] as { id: number };
  verdict = result;
  await t.runJobs();
  verdict = 'pass';
  await chooseCvsPickup(t.app, user.token, base);
  if (optimize) {
    const plan = { pricingPlanId: 1, options: ['pickup', 'photo-optimize'] };
    expect((await apiCall(t.app, 'PUT', `${base}/plan`, user.token, plan)).statusCode).toBe(200);
  }
  if (choice) {
    const ordered = (await apiCall(t.app, 'GET', base, user.token)).json().data as PhotoOrder;
    for (const { id, photos } of ordered.items) {
      for (const photo of photos) {
        const chosen = await apiCall(t.app, 'PUT', `${base}/items/${id}/photos/${photo.id}/choice`, user.token, {
          choice,
        });
        expect(chosen.statusCode).toBe(200);
      }
    }
  }
  const unpaid = (await apiCall(t.app, 'GET', base, user.token)).json().data as PhotoOrder;
  await payWithSandbox(t, user.token, order.displayId);
  const [photoId = 0] = photoIds;
  return {
    user,
    displayId: order.displayId,
    base,
    itemId: item.id,
    photoId,
    photoIds,
    unpaid,
    view: async () => (await apiCall(t.app, 'GET', base, user.token)).json().data as PhotoOrder,
    printSheet: (id = photoId) =>
      apiCall(t.app, 'GET', `/admin/orders/${order.displayId}/items/${item.id}/photos/${id}/print-sheet`, staff.token),
    /** The customer's own 4×6 sheet, to print at a counter. */
    ownPrintSheet: () => apiCall(t.app, 'GET', `${base}/items/${item.id}/photos/${photoId}/print-sheet`, user.token),
    /** The customer's fitted photo, as the order page shows and downloads it. */
    ownFitted: () => apiCall(t.app, 'GET', `${base}/items/${item.id}/photos/${photoId}/fitted`, user.token),
  };
}

/** How much redder than blue an image is on average: the held preview's orange stripes raise it. */
async function orangeCast(image: Buffer): Promise<number> {
  const [red, , blue] = (await sharp(image).stats()).channels;
  return (red?.mean ?? 0) - (blue?.mean ?? 0);
}

async function queue(): Promise<SecondLookEntry[]> {
  const answer = await apiCall(t.app, 'GET', '/admin/photo-checks', staff.token);
  expect(answer.statusCode).toBe(200);
  return answer.json().data;
}

const mailsTo = (to: string, purpose: string) =>
  t.database.db
    .select()
    .from(outboundEmails)
    .where(and(eq(outboundEmails.to, to), eq(outboundEmails.purpose, purpose)));

/** What the customer's bell says about the order, oldest first. */
const bellOf = (userId: number, displayId: string) =>
  t.database.db
    .select({ orderId: notifications.orderId, orderIdDb: notifications.orderIdDb, remark: notifications.remark })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.orderId, displayId)))
    .orderBy(asc(notifications.id));

const auditOf = (displayId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, 'order'), eq(auditLog.subjectId, displayId)));

/** The order's whole payment given back on the refunds desk: the order becomes Refunded. */
async function refundInFull(order: Awaited<ReturnType<typeof paidOrderWith>>) {
  const { totalCents } = await order.view();
  const request = await requestRefund(t, order.user.email, order.displayId, (totalCents / 100).toFixed(2));
  const approved = await apiCall(t.app, 'POST', `/admin/refunds/${request.id}/approve`, staff.token, {
    amountCents: totalCents,
  });
  expect(approved.statusCode, approved.body).toBe(200);
  expect((await order.view()).status).toBe('Refunded');
  // The decision e-mail comes from the brand the order was bought from.
  const [decision] = await mailsTo(order.user.email, 'refund-decision');
  expect(decision?.fromName).toBe('SevaPhotos');
}

describe('a borderline photo', () => {
  it('waits for a person from its check, holds the prints, and reaches the queue once paid', async () => {
    const order = await paidOrderWith('borderline');
    // Before payment the customer already saw it: the order said a person checks it.
    expect(order.unpaid.printsHeld).toBe(true);
    expect(order.unpaid.items[0]?.photos[0]?.secondLook).toBe('requested');

    const entry = (await queue()).find((e) => e.photoId === order.photoId);
    expect(entry).toMatchObject({
      cause: 'borderline',
      name: 'wall.jpg',
      photoSize: 'us-2x2',
      order: { displayId: order.displayId, status: 'Order pending', email: order.user.email, hasPrints: true },
    });
    expect(entry?.report?.checks.find((c) => c.rule === 'background')).toMatchObject({ borderline: true });
    expect(entry?.links.fitted).toMatch(
      new RegExp(`^/api/v1/admin/orders/${order.displayId}/items/${order.itemId}/photos/${order.photoId}/fitted\\?v=`),
    );
    const started = new Date(entry?.sla.startedAt ?? '');
    expect(entry?.sla.dueAt).toBe(addBusinessMinutes(started, 120).toISOString());
    expect(entry?.sla.minutesLeft).toBeLessThanOrEqual(120);
  });

  it('names the fitted photo by the customer’s version, so a new fitting changes the queue’s link too', async () => {
    const order = await paidOrderWith('borderline');
    const links = async () => ({
      staff: (await queue()).find((e) => e.photoId === order.photoId)?.links.fitted ?? '',
      customer: (await order.view()).items[0]?.photos[0]?.links.fitted ?? '',
    });
    const follow = (link: string, token: string) => t.app.inject({ method: 'GET', url: link, headers: bearer(token) });
    const first = await links();
    expect(first.staff).toMatch(/\/admin\/orders\/.+\/fitted\?v=[\w-]+$/);
    expect(fittedVersionOf(first.staff)).toBe(fittedVersionOf(first.customer));
    // The route takes the versioned link as it takes the bare one: staff only.
    expect((await follow(first.staff, staff.token)).statusCode).toBe(200);
    expect((await follow(first.staff, order.user.token)).statusCode).toBe(403);

    // A new fitting (a check run again) is another file: the queue's link changes with the customer's.
    const photo = eq(photoOrderPhotos.id, order.photoId);
    const [row] = await t.database.db.select().from(photoOrderPhotos).where(photo);
    await t.database.db.update(photoOrderPhotos).set({ fittedKey: row?.storageKey }).where(photo);
    const second = await links();
    expect(second.staff).not.toBe(first.staff);
    expect(fittedVersionOf(second.staff)).toBe(fittedVersionOf(second.customer));
    expect((await follow(second.staff, staff.token)).statusCode).toBe(200);
  });

  it('a photo with nothing near a limit never reaches the queue, and an unpaid order’s photo waits outside it', async () => {
    const clean = await paidOrderWith('pass');
    expect((await clean.view()).printsHeld).toBe(false);
    expect((await queue()).some((e) => e.photoId === clean.photoId)).toBe(false);

    const user = await createSignedInUser(t.app);
    const created = await apiCall(t.app, 'POST', '/photo-orders', user.token, { idempotencyKey: randomUUID() });
    const base = `/photo-orders/${created.json().data.displayId}`;
    const item = (await apiCall(t.app, 'POST', `${base}/items`, user.token, { photoSize: 'us-2x2' })).json().data
      .items[0];
    const uploaded = await upload(`${base}/items/${item.id}/photos`, user.token);
    verdict = 'borderline';
    await t.runJobs();
    verdict = 'pass';
    expect((await queue()).some((e) => e.photoId === uploaded.json().data.id)).toBe(false);
  });

  it('a refunded order’s photo leaves the queue, and staff can no longer decide it', async () => {
    const order = await paidOrderWith('borderline');
    expect((await queue()).some((e) => e.photoId === order.photoId)).toBe(true);
    await refundInFull(order);
    // The money went back: nothing is delivered, so nothing waits for a person (as when cancelled).
    expect((await queue()).some((e) => e.photoId === order.photoId)).toBe(false);
    for (const [action, body] of [
      ['approve', undefined],
      ['reject', { reason: 'Too dark' }],
    ] as const) {
      const res = await apiCall(t.app, 'POST', `/admin/photo-checks/${order.photoId}/${action}`, staff.token, body);
      expect(res.statusCode, action).toBe(404);
      expect(res.json().message).toBe(S.notFound);
    }
    expect((await order.view()).items[0]?.photos[0]?.secondLook).toBe('requested');
  });

  it('the queue lists the longest-waiting first', async () => {
    const first = await paidOrderWith('borderline');
    const second = await paidOrderWith('borderline');
    const ids = (await queue()).map((e) => e.photoId);
    expect(ids.indexOf(first.photoId)).toBeLessThan(ids.indexOf(second.photoId));
    const starts = (await queue()).map((e) => e.sla.startedAt);
    expect([...starts].sort()).toEqual(starts);
  });
});

describe('Photo Optimize', () => {
  /** When the order was paid, as its timeline says. */
  const paidAt = async (order: Awaited<ReturnType<typeof paidOrderWith>>) =>
    new Date((await order.view()).timeline.find((entry) => entry.status === 'Order pending')?.at ?? '');

  it('sends every fitted photo to the editor once paid: on the queue, files and prints held, the same clock', async () => {
    const order = await paidOrderWith('pass', 2, { optimize: true });
    // Before payment nobody is asked: the photos passed, and the customer decided on clean previews.
    expect(order.unpaid.printsHeld).toBe(false);
    expect(order.unpaid.items.flatMap((i) => i.photos.map((p) => p.secondLook))).toEqual([null, null]);

    const entries = (await queue()).filter((e) => order.photoIds.includes(e.photoId));
    expect(entries.map((e) => e.photoId).sort()).toEqual([...order.photoIds].sort());
    for (const entry of entries) {
      expect(entry).toMatchObject({ cause: 'asked', order: { displayId: order.displayId, photoOptimize: true } });
      // Due 2 business hours from the payment, as a "have a person check it" is.
      expect(Math.abs(new Date(entry.sla.startedAt).getTime() - (await paidAt(order)).getTime())).toBeLessThan(5_000);
      expect(entry.sla.dueAt).toBe(addBusinessMinutes(new Date(entry.sla.startedAt), 120).toISOString());
    }
    const view = await order.view();
    expect(view.printsHeld).toBe(true);
    expect(view.items.flatMap((i) => i.photos.map((p) => p.secondLook))).toEqual(['requested', 'requested']);
    expect((await order.printSheet()).json().message).toBe(F.printsHeld);
    expect((await order.ownPrintSheet()).json().message).toBe(M.heldForCheck);
    expect((await order.ownFitted()).headers['content-disposition']).toContain('-not-approved-yet.jpg');

    for (const photoId of order.photoIds) {
      expect((await apiCall(t.app, 'POST', `/admin/photo-checks/${photoId}/approve`, staff.token)).statusCode).toBe(
        200,
      );
    }
    expect((await order.view()).printsHeld).toBe(false);
    expect((await order.ownPrintSheet()).statusCode).toBe(200);
  });

  it('is one look, not two, for a photo already waiting for a person', async () => {
    const borderline = await paidOrderWith('borderline', 1, { optimize: true });
    const asked = await paidOrderWith('failing', 1, { optimize: true, choice: 'person-check' });
    const requestedAt = async (photoId: number) =>
      (await t.database.db.select().from(photoOrderPhotos).where(eq(photoOrderPhotos.id, photoId)))[0]
        ?.secondLookRequestedAt;
    const choiceTime = await requestedAt(asked.photoId);
    const entries = (await queue()).filter((e) => [borderline.photoId, asked.photoId].includes(e.photoId));
    expect(entries.map(({ photoId, cause }) => ({ photoId, cause }))).toEqual([
      { photoId: borderline.photoId, cause: 'borderline' },
      { photoId: asked.photoId, cause: 'asked' },
    ]);
    // The customer's own request is kept as it was: the payment asked nothing more of it.
    expect(await requestedAt(asked.photoId)).toEqual(choiceTime);
    // One approval releases it.
    await apiCall(t.app, 'POST', `/admin/photo-checks/${asked.photoId}/approve`, staff.token);
    expect((await asked.view()).printsHeld).toBe(false);
  });

  it('without it, a photo the customer accepted the risk of waits for nobody', async () => {
    const order = await paidOrderWith('failing', 1, { choice: 'accept-risk' });
    expect((await order.view()).printsHeld).toBe(false);
    expect((await queue()).some((e) => e.photoId === order.photoId)).toBe(false);
  });
});

describe('staff’s decision', () => {
  it('is staff’s only: a visitor gets 401 and a customer 403, before any body is read', async () => {
    const order = await paidOrderWith('borderline');
    const customer = await createSignedInUser(t.app);
    expect((await apiCall(t.app, 'GET', '/admin/photo-checks', null)).statusCode).toBe(401);
    expect((await apiCall(t.app, 'GET', '/admin/photo-checks', customer.token)).statusCode).toBe(403);
    const approve = `/admin/photo-checks/${order.photoId}/approve`;
    expect((await apiCall(t.app, 'POST', approve, order.user.token)).statusCode).toBe(403);
    // An invalid body from a customer is still a 403: the role is checked first.
    const reject = `/admin/photo-checks/${order.photoId}/reject`;
    expect((await apiCall(t.app, 'POST', reject, customer.token, { reason: '' })).statusCode).toBe(403);
    expect((await order.view()).items[0]?.photos[0]?.secondLook).toBe('requested');
  });

  it('holds the order on the desk: no move that sends the prints until a person decides, then they go', async () => {
    const order = await paidOrderWith('borderline');
    const desk = async () => (await apiCall(t.app, 'GET', `/admin/orders/${order.displayId}`, staff.token)).json().data;
    const move = (status: string) =>
      apiCall(t.app, 'POST', `/admin/orders/${order.displayId}/status`, staff.token, { status });
    expect((await move('In review')).statusCode).toBe(200);
    // Not Submitted while the prints are held; a photo order has no forms to send back for.
    expect((await desk()).nextStatuses).toEqual(['Cancelled']);
    const held = await move('Submitted');
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe(S.orderHeld);
    expect((await desk()).status).toBe('In review');
    expect(await mailsTo(order.user.email, 'order-status')).toHaveLength(1);

    expect((await apiCall(t.app, 'POST', `/admin/photo-checks/${order.photoId}/approve`, staff.token)).statusCode).toBe(
      200,
    );
    expect((await desk()).nextStatuses).toContain('Submitted');
    expect((await move('Submitted')).statusCode).toBe(200);
  });

  it('approval releases the prints, e-mails the customer and is in the audit log', async () => {
    const order = await paidOrderWith('borderline');
    const held = await order.printSheet();
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe(F.printsHeld);
    // Nor does the customer print it at a counter before a person approves it.
    const own = await order.ownPrintSheet();
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(M.heldForCheck);
    expect((await order.view()).items[0]?.photos[0]?.links.printSheet).toBeNull();
    // The page still shows the photo, under stripes: not a file to print or upload.
    const striped = await order.ownFitted();
    expect(striped.statusCode).toBe(200);
    expect(striped.headers['content-disposition']).toContain('-not-approved-yet.jpg');
    const stripedLink = (await order.view()).items[0]?.photos[0]?.links.fitted;

    const approved = await apiCall(t.app, 'POST', `/admin/photo-checks/${order.photoId}/approve`, staff.token);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      message: S.approved,
      data: { photoId: order.photoId, secondLook: 'approved', orderDisplayId: order.displayId, printsHeld: false },
    });
    expect((await order.view()).printsHeld).toBe(false);
    expect((await order.printSheet()).statusCode).toBe(200);
    expect((await order.ownPrintSheet()).statusCode).toBe(200);
    expect((await order.view()).items[0]?.photos[0]?.links.printSheet).toMatch(/\/print-sheet$/);
    // The page's link changes with the stripes gone, so it does not keep showing the striped image.
    expect((await order.view()).items[0]?.photos[0]?.links.fitted).not.toBe(stripedLink);
    const clean = await order.ownFitted();
    expect(clean.headers['content-disposition']).not.toContain('not-approved');
    // The same photo, as its check fitted it: the stripes were laid over it, not kept.
    expect(clean.rawPayload.equals(striped.rawPayload)).toBe(false);
    expect(await orangeCast(striped.rawPayload)).toBeGreaterThan((await orangeCast(clean.rawPayload)) + 20);
    expect((await queue()).some((e) => e.photoId === order.photoId)).toBe(false);

    const [mail] = await mailsTo(order.user.email, 'photo-second-look-approved');
    expect(mail?.subject).toBe(`Your photo is approved (order ${order.displayId})`);
    expect(mail?.fromName).toBe('SevaPhotos');
    // What comes next, not that the prints are on their way: nothing is at the studio yet.
    expect(mail?.text).toContain(`${SECOND_LOOK_TEXT.download} ${SECOND_LOOK_TEXT.printsToStudio}`);
    expect(mail?.text).not.toContain('on their way');
    // The bell says it too, linking the order, as it does a rejection.
    expect((await bellOf(order.user.id, order.displayId)).filter((n) => n.remark?.startsWith('A person'))).toEqual([
      {
        orderId: order.displayId,
        orderIdDb: expect.any(Number),
        remark: `A person checked your photo “wall.jpg” and approved it. ${SECOND_LOOK_TEXT.download} ${SECOND_LOOK_TEXT.printsToStudio}`,
      },
    ]);
    // The size named once, as the order names it: not "US passport or visa (US passport or visa (2 × 2 in, …))".
    expect(mail?.text).toContain(`“wall.jpg” for ${sizeTitle(PHOTO_SIZES['us-2x2'])} and it is ready`);
    const [entry] = await auditOf(order.displayId);
    expect(entry).toMatchObject({
      actorId: staff.id,
      action: 'photo.second-look.approve',
      before: { photoId: order.photoId, secondLook: 'requested' },
      after: { photoId: order.photoId, secondLook: 'approved' },
    });

    // Decided once: a second decision (another staff member's tab) is refused.
    const again = await apiCall(t.app, 'POST', `/admin/photo-checks/${order.photoId}/reject`, staff.token, {
      reason: 'Too dark',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(S.notWaiting);
  });

  it('rejection needs a reason, keeps the prints held and e-mails the reason with a free retake', async () => {
    const order = await paidOrderWith('borderline');
    const reject = `/admin/photo-checks/${order.photoId}/reject`;
    const empty = await apiCall(t.app, 'POST', reject, staff.token, { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(S.reasonRequired);

    const reason = 'A shadow falls across the wall behind your left shoulder.';
    const rejected = await apiCall(t.app, 'POST', reject, staff.token, { reason });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data).toMatchObject({ secondLook: 'rejected', printsHeld: true });
    expect((await order.printSheet()).statusCode).toBe(409);
    const own = await order.ownPrintSheet();
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(M.heldForRetake);
    const photo = (await order.view()).items[0]?.photos[0];
    expect(photo?.links.printSheet).toBeNull();
    const retakeUrl = `/api/v1${order.base}/items/${order.itemId}/photos/${order.photoId}/retake`;
    expect(photo).toMatchObject({ secondLook: 'rejected', secondLookReason: reason, retakeUrl });

    const [mail] = await mailsTo(order.user.email, 'photo-second-look-rejected');
    expect(mail?.text).toContain(reason);
    expect(mail?.text).toContain(`/photos/photo-enhancement?orderId=${order.displayId}#retake-${order.photoId}`);
    expect(mail?.text).toContain('the retake costs nothing');
    // The bell says it too, linking the order (decision 0174: it was e-mailed only).
    const bell = await bellOf(order.user.id, order.displayId);
    expect(bell.filter((n) => n.remark?.startsWith('A person checked'))).toEqual([
      {
        orderId: order.displayId,
        orderIdDb: expect.any(Number),
        remark: `A person checked your photo “wall.jpg” and could not approve it: ${reason} Upload a new photo on your order page: the retake is free.`,
      },
    ]);
    expect((await auditOf(order.displayId))[0]).toMatchObject({
      action: 'photo.second-look.reject',
      after: { photoId: order.photoId, secondLook: 'rejected', reason },
    });
  });

  it('approving one photo while another of the order still waits says the prints are still held', async () => {
    const order = await paidOrderWith('borderline', 2);
    const approve = (photoId: number | undefined) =>
      apiCall(t.app, 'POST', `/admin/photo-checks/${photoId}/approve`, staff.token);
    const approvedTexts = async () =>
      (await mailsTo(order.user.email, 'photo-second-look-approved')).map((mail) => mail.text);

    expect((await approve(order.photoIds[0])).json().data).toMatchObject({ printsHeld: true });
    const [first] = await approvedTexts();
    expect(first).not.toContain(SECOND_LOOK_TEXT.printsToStudio);
    expect(first).toContain(SECOND_LOOK_TEXT.printsStillHeld);

    expect((await approve(order.photoIds[1])).json().data).toMatchObject({ printsHeld: false });
    const texts = await approvedTexts();
    expect(texts).toHaveLength(2);
    expect(texts.filter((text) => text?.includes(SECOND_LOOK_TEXT.printsToStudio))).toHaveLength(1);
  });

  it('can reject, not approve, a photo its check could not fit or could not check', async () => {
    const order = await paidOrderWith('borderline');
    await apiCall(t.app, 'POST', `/admin/photo-checks/${order.photoId}/reject`, staff.token, { reason: 'Blurred' });
    verdict = 'unfitted';
    const sent = await upload(`${order.base}/items/${order.itemId}/photos/${order.photoId}/retake`, order.user.token);
    await t.runJobs();
    verdict = 'pass';
    const unfitted = sent.json().data.photoId as number;
    const decide = (photoId: number, action: 'approve' | 'reject') =>
      apiCall(t.app, 'POST', `/admin/photo-checks/${photoId}/${action}`, staff.token, {
        ...(action === 'reject' ? { reason: 'Your face is cut off at the top.' } : {}),
      });
    const approved = await decide(unfitted, 'approve');
    expect(approved.statusCode).toBe(409);
    expect(approved.json().message).toBe(S.notFitted);
    expect((await queue()).find((e) => e.photoId === unfitted)).toMatchObject({
      state: 'done',
      report: { fitted: null },
    });
    expect((await decide(unfitted, 'reject')).statusCode).toBe(200);

    // A retake whose check failed while it waited, from before its rejection came with the failure.
    const stuck = await paidOrderWith('borderline');
    await t.database.db
      .update(photoOrderPhotos)
      .set({ state: 'failed', report: null, fittedKey: null, secondLookCause: 'retake' })
      .where(eq(photoOrderPhotos.id, stuck.photoId));
    expect((await queue()).find((e) => e.photoId === stuck.photoId)).toMatchObject({ state: 'failed', report: null });
    expect((await decide(stuck.photoId, 'approve')).statusCode).toBe(409);
    expect((await decide(stuck.photoId, 'reject')).statusCode).toBe(200);
    expect((await stuck.view()).items[0]?.photos[0]?.retakeUrl).toMatch(/\/retake$/);
  });

  it('an unknown photo is a 404', async () => {
    const missing = await apiCall(t.app, 'POST', '/admin/photo-checks/99999999/approve', staff.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(S.notFound);
  });
});

describe('the free retake', () => {
  it('replaces the rejected photo without a charge, and the new one waits for a person again', async () => {
    const order = await paidOrderWith('borderline');
    const retake = `${order.base}/items/${order.itemId}/photos/${order.photoId}/retake`;
    // Not offered before a rejection.
    const early = await upload(retake, order.user.token);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(S.retakeNotOffered);

    await apiCall(t.app, 'POST', `/admin/photo-checks/${order.photoId}/reject`, staff.token, { reason: 'Blurred' });
    const stranger = await createSignedInUser(t.app);
    expect((await upload(retake, stranger.token)).statusCode).toBe(404);
    const before = await order.view();

    const sent = await upload(retake, order.user.token, 'new-photo.jpg');
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message).toBe(S.retakeUploaded);
    const newId = sent.json().data.photoId as number;
    await t.runJobs();

    const after = await order.view();
    expect(after.totalCents).toBe(before.totalCents);
    expect(after.status).toBe(before.status);
    expect(after.items[0]?.photos).toHaveLength(1);
    expect(after.items[0]?.photos[0]).toMatchObject({
      id: newId,
      name: 'new-photo.jpg',
      state: 'done',
      secondLook: 'requested',
    });
    expect(after.printsHeld).toBe(true);
    expect((await queue()).find((e) => e.photoId === newId)).toMatchObject({ cause: 'retake' });
    // The rejected photo is gone: its retake link answers 404.
    expect((await upload(retake, order.user.token)).statusCode).toBe(404);
  });

  it('whose check fails is turned down with the reason, and another retake is offered', async () => {
    const order = await paidOrderWith('borderline');
    await apiCall(t.app, 'POST', `/admin/photo-checks/${order.photoId}/reject`, staff.token, { reason: 'Blurred' });
    verdict = 'broken';
    const sent = await upload(`${order.base}/items/${order.itemId}/photos/${order.photoId}/retake`, order.user.token);
    await t.runJobs();
    verdict = 'pass';
    const failedId = sent.json().data.photoId as number;
    const retakeAgain = `${order.base}/items/${order.itemId}/photos/${failedId}/retake`;
    expect((await order.view()).items[0]?.photos[0]).toMatchObject({
      id: failedId,
      state: 'failed',
      secondLook: 'rejected',
      secondLookReason: S.retakeNotChecked,
      retakeUrl: `/api/v1${retakeAgain}`,
    });
    // Nothing waits for staff that they could decide.
    expect((await queue()).some((e) => e.photoId === failedId)).toBe(false);
    // The customer may have left the page: they are e-mailed and told on the bell, once.
    expect(await mailsTo(order.user.email, 'photo-retake-not-checked')).toHaveLength(1);
    // Delivered by the jobs that ran the check: read from the mailbox.
    const mails = (await deliveredMail(t.app)).filter(
      (mail) => mail.to === order.user.email && mail.subject.startsWith('We could not check'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`We could not check your new photo: please send another (order ${order.displayId})`);
    expect(mails[0]?.text).toContain(
      `We could not check your new photo “wall.jpg” for ${sizeTitle(PHOTO_SIZES['us-2x2'])}, so a person cannot approve it.`,
    );
    expect(mails[0]?.text).toContain(SECOND_LOOK_TEXT.retakeNotCheckedNext);
    expect(mails[0]?.text).toContain(`/photos/photo-enhancement?orderId=${order.displayId}#retake-${failedId}`);
    expect(
      (await bellOf(order.user.id, order.displayId))
        .map((n) => n.remark ?? '')
        .filter((remark) => remark.includes('wall.jpg')),
    ).toEqual([
      // The rejection's reason as staff typed it, ended as a sentence.
      'A person checked your photo “wall.jpg” and could not approve it: Blurred. Upload a new photo on your order page: the retake is free.',
      'We could not check your new photo “wall.jpg”. Please upload another on your order page: the retake is still free.',
    ]);

    const again = await upload(retakeAgain, order.user.token, 'brighter.jpg');
    expect(again.statusCode).toBe(201);
    await t.runJobs();
    expect((await order.view()).items[0]?.photos[0]).toMatchObject({
      id: again.json().data.photoId,
      state: 'done',
      secondLook: 'requested',
    });
  });

  it('is refused once the order is cancelled or refunded: the rejected photo stays', async () => {
    const cancelled = await paidOrderWith('borderline');
    const refunded = await paidOrderWith('borderline');
    for (const order of [cancelled, refunded]) {
      const rejected = await apiCall(t.app, 'POST', `/admin/photo-checks/${order.photoId}/reject`, staff.token, {
        reason: 'Blurred',
      });
      expect(rejected.statusCode).toBe(200);
    }
    const stopped = await apiCall(t.app, 'POST', `/admin/orders/${cancelled.displayId}/status`, staff.token, {
      status: 'Cancelled',
    });
    expect(stopped.statusCode, stopped.body).toBe(200);
    await refundInFull(refunded);

    for (const order of [cancelled, refunded]) {
      const sent = await upload(`${order.base}/items/${order.itemId}/photos/${order.photoId}/retake`, order.user.token);
      expect(sent.statusCode, order.displayId).toBe(409);
      expect(sent.json().message).toBe(S.retakeOrderClosed);
      // The order's page offers no retake the server would refuse.
      expect((await order.view()).items[0]?.photos[0]).toMatchObject({
        id: order.photoId,
        secondLook: 'rejected',
        retakeUrl: null,
      });
    }
  });
});
