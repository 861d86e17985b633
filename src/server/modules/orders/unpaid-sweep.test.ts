import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIsoDate } from '../../../domain/limits/constants.ts';
import {
  addDays,
  ORDER_FILES_NOTICE_DAYS,
  ORDER_FILES_RETENTION_DAYS,
  RETENTION_MESSAGES as R,
  UNPAID_CANCEL_MESSAGES as U,
  UNPAID_ORDER_CANCEL_DAYS,
} from '../../../domain/orders/retention.ts';
import { mrzLines, PRIYA, PRIYA_FIELDS } from '../../../domain/passports/testing.ts';
import { PAYMENT_MESSAGES as P } from '../../../domain/payments/payment.ts';
import { DAY_MS } from '../../../domain/time.ts';
import { applicationDocuments } from '../../db/schema.ts';
import { deliveredMail } from '../../mail/testing.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { applicationMemberPassports } from '../applications/tables.ts';
import { apiCall, requiredItems, startApplication, uploadItems } from '../applications/testing.ts';
import { createSignedInUser } from '../auth/testing.ts';
import { notifications } from '../notifications/tables.ts';
import { SANDBOX_EVENT_TYPES, SANDBOX_WEBHOOK_PATH } from '../payments/service.ts';
import { recordedStrayCharge } from '../payments/testing.ts';
import { fakeAnalyse, uploadOciPhoto } from '../photos/testing.ts';
import { paymentAttempts, paymentRefunds } from './ledger-tables.ts';
import { orderStatusHistory, orders } from './tables.ts';

/**
 * Decision 0177: the retention sweep, under a held clock, cancels an order left in Payment pending
 * UNPAID_ORDER_CANCEL_DAYS after its last change, once, with a system remark and one e-mail; the
 * files' retention then runs as for any closed order.
 */

/** The sweep's time, `days` after the real now (orders are made at the real time). */
const daysOn = (days: number) => new Date(Date.now() + days * DAY_MS);
let clock = new Date();

let t: TestApp;
beforeAll(async () => {
  // Photos are fitted on upload: a stand-in engine fits the test's small images.
  t = await buildTestApp({}, { photoAnalyser: fakeAnalyse, retentionClock: () => clock });
});
afterAll(() => t?.close());

const db = () => t.database.db;
const statusOf = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]?.status;
const cancelMails = async (email: string, displayId: string) =>
  (await deliveredMail(t.app, 500)).filter((m) => m.to === email && m.subject === U.subject(displayId));
/** The cancellations the sweep made, every order's. */
const sweepCancellations = () => db().select().from(orderStatusHistory).where(eq(orderStatusHistory.remark, U.remark));

async function unpaidApplication() {
  const user = await createSignedInUser(t.app);
  const order = await startApplication(t.app, user.token);
  return { user, order };
}

/** A customer's application with a sandbox payment started on it and left (attempt 1). */
async function leftAtPayment() {
  const { user, order } = await unpaidApplication();
  const started = await apiCall(t.app, 'POST', `/application/order/${order.displayId}/payment`, user.token, {});
  expect(started.statusCode).toBe(200);
  const paymentId = new URL(started.json().data.redirectUrl).searchParams.get('payment') ?? '';
  return { user, order, paymentId };
}

/** A customer's new photo order, nothing in it. */
async function photoOrder() {
  const user = await createSignedInUser(t.app);
  const created = await apiCall(t.app, 'POST', '/photo-orders', user.token, { idempotencyKey: randomUUID() });
  return { user, ...(created.json().data as { id: number; displayId: string }) };
}

/** A customer's photo order with one OCI photo uploaded (its check not yet run). */
async function photoOrderWithPhoto() {
  const order = await photoOrder();
  await uploadOciPhoto(t.app, order.user.token, `/photo-orders/${order.displayId}`);
  return order;
}

describe('an order left unpaid', () => {
  it('is cancelled once its last change is 60 days old: a system remark on its timeline and bell, one e-mail, its files kept until their retention day', async () => {
    expect(UNPAID_ORDER_CANCEL_DAYS).toBe(60);
    const { user, order } = await unpaidApplication();
    const memberId = order.members[0]?.id ?? 0;
    await uploadItems(
      t.app,
      user.token,
      order.displayId,
      memberId,
      await requiredItems(t.app, user.token, order.displayId, memberId),
    );
    const files = await db()
      .select({ key: applicationDocuments.storageKey })
      .from(applicationDocuments)
      .where(eq(applicationDocuments.orderId, order.id));
    expect(files.length).toBeGreaterThan(0);

    // An hour short of the 60 days: kept as it is, nobody told.
    clock = daysOn(UNPAID_ORDER_CANCEL_DAYS - 1 / 24);
    expect(await t.app.retention.sweep()).toMatchObject({ cancelled: 0 });
    expect(await statusOf(order.id)).toBe('Payment pending');

    clock = daysOn(UNPAID_ORDER_CANCEL_DAYS + 1 / 24);
    expect(await t.app.retention.sweep()).toMatchObject({ cancelled: 1, failed: 0 });
    expect(await statusOf(order.id)).toBe('Cancelled');
    expect((await t.app.services.orders.timeline(order.id)).at(-1)).toMatchObject({
      fromStatus: 'Payment pending',
      status: 'Cancelled',
      by: 'system',
      remark: U.remark,
    });
    const bell = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.orderIdDb, order.id), eq(notifications.remark, U.remark)));
    expect(bell).toHaveLength(1);

    // The e-mail names the day the files' retention planned, which the order's page shows too.
    const deleteOn = addDays(todayIsoDate(clock), ORDER_FILES_RETENTION_DAYS);
    const [mail, ...more] = await cancelMails(user.email, order.displayId);
    expect(more).toEqual([]);
    expect(mail?.text).toContain(`${U.why} ${U.notCharged}`);
    expect(mail?.text).toContain(U.files(deleteOn));
    expect(mail?.text).toContain(U.startAgain('service'));
    expect(mail?.text).toContain(`/service-order?orderId=${order.displayId}`);
    const page = await apiCall(t.app, 'GET', `/application/order/${order.displayId}`, user.token);
    expect(page.json().data.files).toEqual({ deleteOn, deletedAt: null });

    // Again (a retry after a crash): nothing more.
    expect(await t.app.retention.sweep()).toMatchObject({ cancelled: 0 });
    expect(await cancelMails(user.email, order.displayId)).toHaveLength(1);
    expect((await t.app.services.orders.timeline(order.id)).filter((c) => c.remark === U.remark)).toHaveLength(1);

    // Then the files' own retention: told a notice before, deleted on the day.
    clock = new Date(`${addDays(deleteOn, -ORDER_FILES_NOTICE_DAYS)}T12:00:00Z`);
    await t.app.retention.sweep();
    const notices = (await deliveredMail(t.app, 500)).filter((m) => m.subject === R.noticeSubject(order.displayId));
    expect(notices.map((m) => m.to)).toEqual([user.email]);
    clock = new Date(`${deleteOn}T12:00:00Z`);
    expect(await t.app.retention.sweep()).toMatchObject({ erased: 1, files: files.length });
  });

  it('is kept while it changed in the 60 days, or a payment on it may still be under way', async () => {
    clock = daysOn(UNPAID_ORDER_CANCEL_DAYS + 1);
    const recently = new Date(clock.getTime() - 10 * DAY_MS);
    const control = await unpaidApplication();
    // Its total, currency or status changed 10 days ago.
    const changed = await unpaidApplication();
    await t.database.executeSql('update orders set updated_at = $1 where id = $2', [recently, changed.order.id]);
    // Repriced 10 days ago (a member or an add-on), its total the same.
    const repriced = await unpaidApplication();
    await t.database.executeSql('update order_charged_summaries set priced_at = $1 where order_id = $2', [
      recently,
      repriced.order.id,
    ]);
    // A payment tried 10 days ago, failed.
    const tried = await leftAtPayment();
    await t.database.executeSql(`update payment_attempts set status = 'failed', updated_at = $1 where order_id = $2`, [
      recently,
      tried.order.id,
    ]);
    // A payment opened long ago whose page still takes it (nothing else changed since).
    const paying = await leftAtPayment();
    await t.database.executeSql('update payment_attempts set expires_at = $1 where order_id = $2', [
      new Date(clock.getTime() + 60 * 60 * 1000),
      paying.order.id,
    ]);

    await t.app.retention.sweep();
    expect(await statusOf(control.order.id)).toBe('Cancelled');
    for (const kept of [changed, repriced, tried, paying]) {
      expect([kept.order.displayId, await statusOf(kept.order.id)]).toEqual([kept.order.displayId, 'Payment pending']);
      expect(await cancelMails(kept.user.email, kept.order.displayId)).toEqual([]);
    }
    // Once its page has expired too, the payment left long ago no longer holds it.
    clock = new Date(clock.getTime() + 2 * 60 * 60 * 1000);
    await t.app.retention.sweep();
    expect(await statusOf(paying.order.id)).toBe('Cancelled');
  });

  it('is kept while the customer works on it: an answer saved, a member added, a passport confirmed, a document uploaded, a photo added, a photo order changed', async () => {
    clock = daysOn(UNPAID_ORDER_CANCEL_DAYS + 1);
    // The order, its price and payments are older than the cut-off: only the kind's records are recent.
    const recently = new Date(clock.getTime() - 10 * DAY_MS);
    const answered = await unpaidApplication();
    await t.database.executeSql('update application_members set answers_saved_at = $1 where order_id = $2', [
      recently,
      answered.order.id,
    ]);
    const memberAdded = await unpaidApplication();
    await t.database.executeSql('update application_members set created_at = $1 where order_id = $2', [
      recently,
      memberAdded.order.id,
    ]);
    const passportRead = await unpaidApplication();
    await db()
      .insert(applicationMemberPassports)
      .values({
        memberId: passportRead.order.members[0]?.id ?? 0,
        lines: mrzLines(PRIYA),
        fields: PRIYA_FIELDS,
        confirmedAt: recently,
      });
    const uploaded = await unpaidApplication();
    const memberId = uploaded.order.members[0]?.id ?? 0;
    const [item] = await requiredItems(t.app, uploaded.user.token, uploaded.order.displayId, memberId);
    await uploadItems(t.app, uploaded.user.token, uploaded.order.displayId, memberId, item ? [item] : []);
    await t.database.executeSql('update application_documents set created_at = $1 where order_id = $2', [
      recently,
      uploaded.order.id,
    ]);
    const photoAdded = await photoOrderWithPhoto();
    await t.database.executeSql(
      'update photo_order_photos set created_at = $1, updated_at = $1 where item_id in (select id from photo_order_items where order_id = $2)',
      [recently, photoAdded.id],
    );
    const photoChanged = await photoOrder();
    await t.database.executeSql('update photo_orders set updated_at = $1 where order_id = $2', [
      recently,
      photoChanged.id,
    ]);
    const worked = [
      answered.order.id,
      memberAdded.order.id,
      passportRead.order.id,
      uploaded.order.id,
      photoAdded.id,
      photoChanged.id,
    ];

    await t.app.retention.sweep();
    for (const id of worked) expect([id, await statusOf(id)]).toEqual([id, 'Payment pending']);
    // Nothing done on them for 60 days more: cancelled.
    clock = new Date(recently.getTime() + (UNPAID_ORDER_CANCEL_DAYS + 1) * DAY_MS);
    await t.app.retention.sweep();
    for (const id of worked) expect([id, await statusOf(id)]).toEqual([id, 'Cancelled']);
  });

  it('is cancelled and e-mailed once when two sweeps run at the same moment', async () => {
    const { user, order } = await unpaidApplication();
    clock = daysOn(UNPAID_ORDER_CANCEL_DAYS + 1);
    const before = (await sweepCancellations()).length;
    const swept = await Promise.all([t.app.retention.sweep(), t.app.retention.sweep()]);
    // No order counted by both: as many as the timelines gained, ours once.
    expect(swept.reduce((n, s) => n + s.cancelled, 0)).toBe((await sweepCancellations()).length - before);
    expect((await sweepCancellations()).filter((h) => h.orderId === order.id)).toHaveLength(1);
    expect(await cancelMails(user.email, order.displayId)).toHaveLength(1);
    expect(swept.map((s) => s.failed)).toEqual([0, 0]);
  });

  it('takes no late payment: one that still arrives is a stray charge, refunded in full, and the order stays cancelled', async () => {
    const { user, order, paymentId } = await leftAtPayment();
    clock = daysOn(UNPAID_ORDER_CANCEL_DAYS + 1);
    await t.app.retention.sweep();
    expect(await statusOf(order.id)).toBe('Cancelled');
    // The cancellation closed the attempt, here and at its provider.
    await t.runJobs();
    const attempts = () => db().select().from(paymentAttempts).where(eq(paymentAttempts.orderId, order.id));
    expect((await attempts()).map((a) => a.status)).toEqual(['superseded']);
    const sandbox = t.app.services.sandbox;
    if (!sandbox) throw new Error('the sandbox is not configured');
    expect((await sandbox.find(paymentId))?.status).toBe('expired');

    // A provider that cannot close its payment (Razorpay's) may still take it: forced here.
    await db().execute(sql`update sandbox_payments set status = 'succeeded' where id = ${paymentId}`);
    const event = sandbox.signedEvent({ type: SANDBOX_EVENT_TYPES.succeeded, paymentId });
    await t.app.inject({ method: 'POST', url: SANDBOX_WEBHOOK_PATH, headers: event.headers, payload: event.body });
    await t.runJobs();
    expect(await statusOf(order.id)).toBe('Cancelled');
    expect((await attempts()).map((a) => [a.status, a.strayReason])).toEqual([['stray', 'cancelled']]);
    expect(await db().select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id))).toMatchObject([
      { reason: 'stray', status: 'succeeded', amountCents: order.price.totalCents },
    ]);
    const refundMail = (await deliveredMail(t.app, 500)).find(
      (m) => m.to === user.email && m.subject.startsWith('We refunded') && m.subject.endsWith(order.displayId),
    );
    expect(refundMail?.text).toContain(P.strayOrderCancelled);
  });

  it('of a photo order is SevaPhotos’ e-mail, says nothing of files it does not hold, and not “nothing was charged” after a refunded charge', async () => {
    const { user, id, displayId } = await photoOrder();
    await recordedStrayCharge(t, id, 1500);
    clock = daysOn(UNPAID_ORDER_CANCEL_DAYS + 1);
    await t.app.retention.sweep();
    expect(await statusOf(id)).toBe('Cancelled');
    const [mail] = await cancelMails(user.email, displayId);
    expect(mail?.text).toContain(U.why);
    expect(mail?.text).toContain(U.startAgain('photo'));
    expect(mail?.text).toContain('The SevaPhotos team');
    expect(mail?.text).not.toContain(U.notCharged);
    expect(mail?.text).not.toContain('deleted on');
  });
});
