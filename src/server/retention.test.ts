import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { erasedEmail } from '../domain/data-rights/schemas.ts';
import { todayIsoDate } from '../domain/limits/constants.ts';
import {
  addDays,
  ORDER_FILES_NOTICE_DAYS,
  ORDER_FILES_RETENTION_DAYS,
  RETENTION_MESSAGES as R,
} from '../domain/orders/retention.ts';
import { PHOTO_CHECK_COOKIE } from '../domain/photos/checks.ts';
import { applicationDocuments, orderFileRetention, photoChecks } from './db/schema.ts';
import type { JobHandler } from './jobs/queue.ts';
import { deliveredMail } from './mail/testing.ts';
import { apiCall, moveOrderTo, requiredItems, startApplication, uploadItems } from './modules/applications/testing.ts';
import { bearer, createSignedInUser } from './modules/auth/testing.ts';
import { notifications } from './modules/notifications/tables.ts';
import { RETENTION_PAUSE_MS, type RetentionFailure } from './modules/orders/retention-pace.ts';
import { orders } from './modules/orders/tables.ts';
import { payWithSandbox } from './modules/payments/testing.ts';
import { fakeAnalyse, testFace } from './modules/photos/testing.ts';
import { createStaffUser } from './modules/users/testing.ts';
import { createRetention, RETENTION_QUEUE } from './retention.ts';
import type { S3Storage } from './storage/s3.ts';
import { buildTestApp, type TestApp } from './test/app.ts';
import { filePart, MULTIPART_CONTENT_TYPE, multipart } from './test/multipart.ts';
import { matchS3rverBucketPaths, startTestS3Server, type TestS3Server } from './test/s3-server.ts';
import { smallPng } from './test/upload-fixtures.ts';

/**
 * Issue 34 §4: the retention sweep under a held clock. A closed order's files are kept, and
 * downloadable, until ORDER_FILES_RETENTION_DAYS after it closed; the customer is told once,
 * ORDER_FILES_NOTICE_DAYS before; the order's kind deletes them from storage on the day (local
 * disk and S3 alike); a visitor's photo check goes after 24 hours. Sweeps run again, or side by
 * side, do nothing twice.
 */
let clock = new Date();
const at = (day: string, time = '12:00:00') => new Date(`${day}T${time}Z`);

async function closedApplication(t: TestApp) {
  const user = await createSignedInUser(t.app);
  const order = await startApplication(t.app, user.token);
  await payWithSandbox(t, user.token, order.displayId);
  const memberId = order.members[0]?.id ?? 0;
  await uploadItems(
    t.app,
    user.token,
    order.displayId,
    memberId,
    await requiredItems(t.app, user.token, order.displayId, memberId),
  );
  await moveOrderTo(t.app, order.id, 'Cancelled', 'staff');
  const files = await t.database.db
    .select({ id: applicationDocuments.id, storageKey: applicationDocuments.storageKey })
    .from(applicationDocuments)
    .where(eq(applicationDocuments.orderId, order.id));
  return { user, order, files, closedDay: todayIsoDate() };
}

const noticesTo = async (t: TestApp, email: string, displayId: string) =>
  (await deliveredMail(t.app, 500)).filter((m) => m.to === email && m.subject === R.noticeSubject(displayId));

/** The retention notices on the bell of the order's account. */
const bellNotices = (t: TestApp, orderId: number, deleteOn: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.orderIdDb, orderId), eq(notifications.remark, R.noticeRemark(deleteOn))));

/** A file link of the API (a full path) as the customer. */
const fetchAs = (t: TestApp, url: string, token: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(token) });

async function retentionRow(t: TestApp, orderId: number) {
  const [row] = await t.database.db.select().from(orderFileRetention).where(eq(orderFileRetention.orderId, orderId));
  return row;
}

/** A visitor's photo check made now, and its row. */
async function visitorPhotoCheck(t: TestApp, face: Buffer) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/photo-checks?size=us-2x2',
    headers: { 'content-type': MULTIPART_CONTENT_TYPE, origin: new URL(t.app.env.siteUrl).origin },
    payload: multipart([filePart('me.jpg', face, 'image/jpeg')]),
  });
  expect(res.statusCode).toBe(201);
  expect(res.cookies.some((c) => c.name === PHOTO_CHECK_COOKIE)).toBe(true);
  const [row] = await t.database.db.select().from(photoChecks).orderBy(desc(photoChecks.id)).limit(1);
  if (!row) throw new Error('no check');
  return row;
}

async function storedCount(t: TestApp, keys: readonly (string | null)[]) {
  let n = 0;
  for (const key of keys) if (key && (await t.app.storage.exists(key))) n += 1;
  return n;
}

describe.each([
  ['local disk', false],
  ['S3', true],
] as const)('the retention of a closed order’s files on %s', (_name, onS3) => {
  let t: TestApp;
  let s3: TestS3Server | undefined;
  beforeAll(async () => {
    s3 = onS3 ? await startTestS3Server() : undefined;
    t = await buildTestApp(s3?.env ?? {}, { photoAnalyser: fakeAnalyse, retentionClock: () => clock });
    if (s3) matchS3rverBucketPaths((t.app.storage as S3Storage).client);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('keeps and serves the files until the day, tells the customer once beforehand, deletes them on the day, and a second sweep does nothing', async () => {
    const { user, order, files, closedDay } = await closedApplication(t);
    expect(files.length).toBeGreaterThan(0);
    const deleteOn = addDays(closedDay, ORDER_FILES_RETENTION_DAYS);
    const noticeDay = addDays(deleteOn, -ORDER_FILES_NOTICE_DAYS);

    // The day before the notice: planned, nobody told.
    clock = at(addDays(noticeDay, -1));
    await t.app.retention.sweep();
    expect(await retentionRow(t, order.id)).toMatchObject({ deleteOn, noticeSentAt: null, deletedAt: null });
    expect(await noticesTo(t, user.email, order.displayId)).toHaveLength(0);

    // The notice day: one e-mail naming the day, however many sweeps run.
    clock = at(noticeDay, '00:41:00');
    await t.app.retention.sweep();
    await t.app.retention.sweep();
    const notices = await noticesTo(t, user.email, order.displayId);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain(R.noticeIntro(deleteOn));
    // And once on their bell, linking to the order.
    const panel = await fetchAs(t, '/api/v1/users/notification?page=1&limit=100', user.token);
    expect(
      panel.json().data.notifications.filter((n: { remark: string }) => n.remark === R.noticeRemark(deleteOn)),
    ).toEqual([expect.objectContaining({ orderId: order.displayId, orderId_DB: order.id, orderStatus: 'Cancelled' })]);

    // The day before the deletion, still, in Hawaii (past midnight UTC, evening in California): every
    // file still stored, listed and downloadable; the page says until when.
    clock = at(deleteOn, '09:59:00');
    expect(await t.app.retention.sweep()).toMatchObject({ erased: 0, files: 0 });
    expect(
      await storedCount(
        t,
        files.map((f) => f.storageKey),
      ),
    ).toBe(files.length);
    const listed = await apiCall(t.app, 'GET', `/application/order/${order.displayId}/documents`, user.token);
    expect(listed.json().data.results).toHaveLength(files.length);
    const download = listed.json().data.results[0].links.download as string;
    const served = await fetchAs(t, download, user.token);
    expect(served.statusCode).toBe(200);
    expect(listed.json().data.results).not.toHaveLength(0);
    expect(
      (await apiCall(t.app, 'GET', `/application/order/${order.displayId}`, user.token)).json().data.files,
    ).toEqual({
      deleteOn,
      deletedAt: null,
    });

    // The day, begun in Hawaii too: the files go from storage, the order stays with its lines and payment.
    clock = at(deleteOn, '10:41:00');
    expect(await t.app.retention.sweep()).toMatchObject({ erased: 1, files: files.length });
    expect(
      await storedCount(
        t,
        files.map((f) => f.storageKey),
      ),
    ).toBe(0);
    expect(
      (await apiCall(t.app, 'GET', `/application/order/${order.displayId}/documents`, user.token)).json().data.results,
    ).toEqual([]);
    expect((await fetchAs(t, download, user.token)).statusCode).toBe(404);
    const kept = await apiCall(t.app, 'GET', `/application/order/${order.displayId}`, user.token);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data.members).toHaveLength(1);
    expect((await t.app.services.orders.payments(t.database.db, order.id)).attempts).not.toHaveLength(0);
    expect(kept.json().data.files).toEqual({ deleteOn, deletedAt: clock.toISOString() });

    // Again (a retry after a crash): nothing deleted, nobody told.
    expect(await t.app.retention.sweep()).toMatchObject({ enrolled: 0, noticed: 0, erased: 0, files: 0 });
    expect(await noticesTo(t, user.email, order.displayId)).toHaveLength(1);
  });
});

describe('the retention sweep', () => {
  let t: TestApp;
  let face: Buffer;
  beforeAll(async () => {
    t = await buildTestApp({}, { photoAnalyser: fakeAnalyse, retentionClock: () => clock });
    face = await testFace();
  });
  afterAll(() => t?.close());

  it('does the work once when two sweeps run side by side', async () => {
    const { user, order, files, closedDay } = await closedApplication(t);
    const deleteOn = addDays(closedDay, ORDER_FILES_RETENTION_DAYS);
    clock = at(addDays(deleteOn, -ORDER_FILES_NOTICE_DAYS));
    const told = await Promise.all([t.app.retention.sweep(), t.app.retention.sweep()]);
    expect(told.reduce((n, s) => n + s.noticed, 0)).toBe(1);
    expect(await noticesTo(t, user.email, order.displayId)).toHaveLength(1);
    expect(await bellNotices(t, order.id, deleteOn)).toHaveLength(1);

    clock = at(deleteOn);
    const swept = await Promise.all([t.app.retention.sweep(), t.app.retention.sweep()]);
    expect(swept.reduce((n, s) => n + s.erased, 0)).toBe(1);
    expect(swept.reduce((n, s) => n + s.files, 0)).toBe(files.length);
    expect((await retentionRow(t, order.id))?.filesDeleted).toBe(files.length);
    expect(await noticesTo(t, user.email, order.displayId)).toHaveLength(1);
  });

  it('gives an erased customer’s account no notice on the bell', async () => {
    const { user, order, closedDay } = await closedApplication(t);
    // What the erasure leaves on the order (its files stay here, as one sent by staff afterwards would).
    await t.database.db
      .update(orders)
      .set({ email: erasedEmail(user.id) })
      .where(eq(orders.id, order.id));
    const deleteOn = addDays(closedDay, ORDER_FILES_RETENTION_DAYS);
    clock = at(addDays(deleteOn, -ORDER_FILES_NOTICE_DAYS));
    await t.app.retention.sweep();
    expect((await retentionRow(t, order.id))?.noticeSentAt).not.toBeNull();
    expect(await bellNotices(t, order.id, deleteOn)).toEqual([]);
  });

  it('takes no document from staff once the sweep is done with the order’s files: it would be kept for ever', async () => {
    const { order, closedDay } = await closedApplication(t);
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const send = async () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/orders/${order.displayId}/documents`,
        headers: { 'content-type': MULTIPART_CONTENT_TYPE, ...bearer(staff.token) },
        payload: multipart([filePart('letter.png', await smallPng(), 'image/png')]),
      });
    const deleteOn = addDays(closedDay, ORDER_FILES_RETENTION_DAYS);
    clock = at(addDays(deleteOn, -ORDER_FILES_NOTICE_DAYS));
    await t.app.retention.sweep();
    // Before the day: sent, and deleted with the others on the day.
    expect((await send()).statusCode).toBe(201);
    clock = at(deleteOn);
    await t.app.retention.sweep();
    const staffFiles = () =>
      t.database.db
        .select({ key: applicationDocuments.storageKey })
        .from(applicationDocuments)
        .where(and(eq(applicationDocuments.orderId, order.id), eq(applicationDocuments.direction, 'to-customer')));
    expect(await staffFiles()).toEqual([{ key: null }]);

    const refused = await send();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(R.noMoreFiles);
    expect(await staffFiles()).toHaveLength(1);
  });

  it('deletes a closed photo order’s photos through its kind and keeps its items', async () => {
    const user = await createSignedInUser(t.app);
    const created = await apiCall(t.app, 'POST', '/photo-orders', user.token, { idempotencyKey: randomUUID() });
    const ref = created.json().data.displayId as string;
    const item = await apiCall(t.app, 'POST', `/photo-orders/${ref}/items`, user.token, { photoSize: 'oci-photo' });
    const itemId = item.json().data.items.at(-1).id as number;
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/v1/photo-orders/${ref}/items/${itemId}/photos`,
      headers: { 'content-type': MULTIPART_CONTENT_TYPE, authorization: `Bearer ${user.token}` },
      payload: multipart([filePart('me.jpg', face, 'image/jpeg')]),
    });
    expect(uploaded.statusCode).toBe(201);
    await t.runJobs();
    const orderId = created.json().data.id as number;
    await moveOrderTo(t.app, orderId, 'Cancelled', 'staff');
    const deleteOn = addDays(todayIsoDate(), ORDER_FILES_RETENTION_DAYS);

    clock = at(addDays(deleteOn, -ORDER_FILES_NOTICE_DAYS));
    await t.app.retention.sweep();
    // A photo order's notice is SevaPhotos', as its other e-mails are.
    const [notice] = await noticesTo(t, user.email, ref);
    expect(notice?.text).toContain('The SevaPhotos team');
    clock = at(addDays(deleteOn, -1));
    await t.app.retention.sweep();
    const before = (await apiCall(t.app, 'GET', `/photo-orders/${ref}`, user.token)).json().data;
    const photo = before.items[0].photos[0];
    expect((await fetchAs(t, photo.links.original, user.token)).statusCode).toBe(200);

    clock = at(deleteOn);
    await t.app.retention.sweep();
    // Original and fitted.
    expect((await retentionRow(t, orderId))?.filesDeleted).toBe(2);
    const after = (await apiCall(t.app, 'GET', `/photo-orders/${ref}`, user.token)).json().data;
    expect(after.items).toHaveLength(1);
    expect(after.items[0].photos).toEqual([]);
    expect(after.files).toEqual({ deleteOn, deletedAt: clock.toISOString() });
    expect((await fetchAs(t, photo.links.original, user.token)).statusCode).toBe(404);
  });

  it('counts the days from the order’s own entry into a closed status, not its last change or another order’s', async () => {
    const { order, closedDay } = await closedApplication(t);
    // Cancelled 30 days ago by its timeline; the order row itself changed today.
    await t.database.executeSql(
      `update order_status_history set changed_at = changed_at - interval '30 days' where order_id = $1 and to_status = 'Cancelled'`,
      [order.id],
    );
    clock = at(closedDay);
    await t.app.retention.sweep();
    expect((await retentionRow(t, order.id))?.deleteOn).toBe(addDays(closedDay, ORDER_FILES_RETENTION_DAYS - 30));
  });

  it('gives a late notice its full days: an order closed long ago is told first, deleted a notice later', async () => {
    const { user, order, closedDay } = await closedApplication(t);
    const late = addDays(closedDay, ORDER_FILES_RETENTION_DAYS + 30);
    clock = at(late);
    expect(await t.app.retention.sweep()).toMatchObject({ files: 0 });
    expect(await noticesTo(t, user.email, order.displayId)).toHaveLength(1);
    expect((await retentionRow(t, order.id))?.deleteOn).toBe(addDays(late, ORDER_FILES_NOTICE_DAYS));
  });

  it('deletes a visitor’s photo check and its images after 24 hours, not before', async () => {
    const made = new Date();
    const row = await visitorPhotoCheck(t, face);
    const keys = [row.storageKey, row.fittedKey];

    clock = new Date(made.getTime() + 23 * 60 * 60 * 1000);
    expect(await t.app.retention.sweep()).toMatchObject({ photoChecks: 0 });
    await t.runJobs();
    expect(await storedCount(t, keys)).toBe(keys.filter(Boolean).length);

    clock = new Date(made.getTime() + 24 * 60 * 60 * 1000 + 60_000);
    expect(await t.app.retention.sweep()).toMatchObject({ photoChecks: 1 });
    await t.runJobs();
    expect(await t.database.db.select().from(photoChecks).where(eq(photoChecks.id, row.id))).toEqual([]);
    expect(await storedCount(t, keys)).toBe(0);
    expect(await t.app.retention.sweep()).toMatchObject({ photoChecks: 0 });
  });

  it('paces its deletions: no transaction holds the order while its files leave storage, and RETENTION_PAUSE_MS passes between orders', async () => {
    const first = await closedApplication(t);
    const second = await closedApplication(t);
    const deleteOn = addDays(first.closedDay, ORDER_FILES_RETENTION_DAYS);
    clock = at(addDays(deleteOn, -ORDER_FILES_NOTICE_DAYS));
    await t.app.retention.sweep();

    const orderOf = new Map(
      [first, second].flatMap(({ order, files }) => files.map((f) => [f.storageKey, order.id] as const)),
    );
    const deletes: { orderId: number; at: number; orderFree: boolean }[] = [];
    const remove = t.app.storage.delete.bind(t.app.storage);
    const spy = vi.spyOn(t.app.storage, 'delete').mockImplementation(async (key) => {
      const orderId = orderOf.get(key);
      if (orderId !== undefined) {
        // Locked by a transaction, the row refuses NOWAIT on PostgreSQL; on PGlite any statement
        // waits for a transaction in progress, so it answers within the time only if none is.
        const lock = t.database.db
          .execute(
            sql`select 1 from ${orderFileRetention} where ${orderFileRetention.orderId} = ${orderId} for update nowait`,
          )
          .then(
            () => true,
            () => false,
          );
        const orderFree = await Promise.race([lock, sleep(1_000).then(() => false)]);
        deletes.push({ orderId, at: performance.now(), orderFree });
      }
      return remove(key);
    });
    clock = at(deleteOn);
    try {
      expect(await t.app.retention.sweep()).toMatchObject({ erased: 2 });
    } finally {
      spy.mockRestore();
    }

    expect(deletes).toHaveLength(orderOf.size);
    expect(deletes.filter((d) => !d.orderFree)).toEqual([]);
    const firstDone = Math.max(...deletes.filter((d) => d.orderId === first.order.id).map((d) => d.at));
    const secondStarted = Math.min(...deletes.filter((d) => d.orderId === second.order.id).map((d) => d.at));
    expect(secondStarted - firstDone).toBeGreaterThanOrEqual(RETENTION_PAUSE_MS);
    expect(await storedCount(t, [...orderOf.keys()])).toBe(0);
  });

  it('goes on with the other orders when the storage refuses one order’s file, and still prunes photo checks', async () => {
    const refused = await closedApplication(t);
    const other = await closedApplication(t);
    const deleteOn = addDays(refused.closedDay, ORDER_FILES_RETENTION_DAYS);
    clock = at(addDays(deleteOn, -ORDER_FILES_NOTICE_DAYS));
    await t.app.retention.sweep();
    const check = await visitorPhotoCheck(t, face);

    // A bucket policy without s3:DeleteObject, for this order's first file only.
    const refusedKey = refused.files[0]?.storageKey;
    const remove = t.app.storage.delete.bind(t.app.storage);
    const spy = vi.spyOn(t.app.storage, 'delete').mockImplementation(async (key) => {
      if (key === refusedKey) throw new Error('AccessDenied');
      return remove(key);
    });
    clock = at(deleteOn);
    try {
      expect(await t.app.retention.sweep()).toMatchObject({ failed: 1, photoChecks: 1 });
    } finally {
      spy.mockRestore();
    }
    expect(await retentionRow(t, refused.order.id)).toMatchObject({ deletedAt: null, filesDeleted: null });
    expect((await retentionRow(t, other.order.id))?.filesDeleted).toBe(other.files.length);
    expect(
      await storedCount(
        t,
        other.files.map((f) => f.storageKey),
      ),
    ).toBe(0);
    expect(await t.database.db.select().from(photoChecks).where(eq(photoChecks.id, check.id))).toEqual([]);

    // Kept past its day, it shows; the next sweep, with the storage fixed, finishes it.
    expect(await t.app.retention.overdue()).toBe(0);
    clock = at(addDays(deleteOn, 1));
    expect(await t.app.retention.overdue()).toBeGreaterThanOrEqual(1);
    expect(await t.app.retention.sweep()).toMatchObject({ failed: 0 });
    expect((await retentionRow(t, refused.order.id))?.filesDeleted).toBe(refused.files.length);
    expect(
      await storedCount(
        t,
        refused.files.map((f) => f.storageKey),
      ),
    ).toBe(0);
  });

  it('stops between two orders once its job’s time is up, and the next sweep carries on', async () => {
    await closedApplication(t);
    const last = await closedApplication(t);
    const deleteOn = addDays(last.closedDay, ORDER_FILES_RETENTION_DAYS);
    clock = at(addDays(deleteOn, -ORDER_FILES_NOTICE_DAYS));
    await t.app.retention.sweep();

    // pg-boss aborts the job's signal while the first order's files are being deleted.
    const expired = new AbortController();
    const remove = t.app.storage.delete.bind(t.app.storage);
    const spy = vi.spyOn(t.app.storage, 'delete').mockImplementation(async (key) => {
      expired.abort();
      return remove(key);
    });
    clock = at(deleteOn);
    try {
      expect(await t.app.retention.sweep(expired.signal)).toMatchObject({ erased: 1, failed: 0 });
    } finally {
      spy.mockRestore();
    }
    expect((await retentionRow(t, last.order.id))?.deletedAt).toBeNull();

    expect(await t.app.retention.sweep()).toMatchObject({ failed: 0 });
    expect((await retentionRow(t, last.order.id))?.filesDeleted).toBe(last.files.length);
  });
});

describe('the retention job', () => {
  const swept = { cancelled: 0, enrolled: 0, noticed: 0, erased: 1, files: 2 };
  const fakes = (sweepOrders: () => Promise<typeof swept & { failed: RetentionFailure[] }>) => {
    const deps = {
      jobs: { work: vi.fn(async () => {}), schedule: vi.fn(async () => {}) },
      cron: '41 * * * *',
      orders: { sweepClosedOrderFiles: vi.fn(sweepOrders), overdueClosedOrderFiles: vi.fn(async () => 0) },
      photoChecks: { pruneExpired: vi.fn(async () => ({ photoChecks: 3 })) },
      log: { info: vi.fn(), error: vi.fn() },
    };
    return { deps, retention: createRetention(deps) };
  };

  it('logs each order it failed on, by id, and counts them', async () => {
    const refused = new Error('AccessDenied');
    const { deps, retention } = fakes(async () => ({ ...swept, failed: [{ orderId: 7, error: refused }] }));
    expect(await retention.sweep()).toEqual({ ...swept, failed: 1, photoChecks: 3 });
    expect(deps.log.error).toHaveBeenCalledWith({ err: refused, orderId: 7 }, expect.any(String));
  });

  it('prunes the photo checks when the order sweep fails, then fails the job', async () => {
    const down = new Error('connection lost');
    const { deps, retention } = fakes(async () => {
      throw down;
    });
    await expect(retention.sweep()).rejects.toBe(down);
    expect(deps.photoChecks.pruneExpired).toHaveBeenCalledTimes(1);
  });

  it('hands the job’s signal to the order sweep', async () => {
    const { deps, retention } = fakes(async () => ({ ...swept, failed: [] }));
    await retention.registerJobs();
    const [[, handler]] = deps.jobs.work.mock.calls as unknown as [[string, JobHandler<object>]];
    const signal = AbortSignal.abort();
    await handler({ id: 'j', name: RETENTION_QUEUE, data: {}, attempt: 0, signal });
    expect(deps.orders.sweepClosedOrderFiles).toHaveBeenCalledWith(expect.any(Date), signal);
  });
});
