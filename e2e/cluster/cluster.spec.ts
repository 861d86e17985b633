import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cluster } from '../../scripts/cluster.ts';
import { deletionToday, RETENTION_MESSAGES } from '../../src/domain/orders/retention.ts';
import { completeOciAnswers } from '../../src/server/modules/applications/testing.ts';
import { PASSWORD, uniqueEmail } from '../../src/server/modules/auth/testing.ts';
import { faceOn } from '../../src/server/modules/photos/compliance/test-images.ts';
import { RETENTION_QUEUE } from '../../src/server/retention.ts';
import { filePart, MULTIPART_CONTENT_TYPE, multipart } from '../../src/server/test/multipart.ts';
import { pdfWithPages } from '../../src/server/test/upload-fixtures.ts';
import {
  autosave,
  type ClusterSuite,
  call,
  customer,
  expectSavesKept,
  jobSender,
  jobsCompleted,
  paidMoves,
  type Save,
  settleAndAnnounce,
  startClusterSuite,
  startOrder,
  startPayment,
  uploadPassport,
  waitUntil,
} from './support.ts';

/**
 * The storefront as several processes (issue 14, docs/decisions/0079): `npm run test:cluster`
 * starts a throwaway PostgreSQL (scripts/with-postgres.sh), an S3 server on loopback, two built
 * app processes and nginx in front (scripts/cluster.ts), and drives them over HTTP: whatever one
 * process did, the other sees; one killed mid-burst loses no acknowledged write. Issue 34's data
 * rights on the bucket: an erasure empties it of the customer's files, and the retention sweep,
 * run by both processes at once, deletes a closed order's files once.
 */
const ADMIN_EMAIL = uniqueEmail('cluster-admin');
/** The admin's session, signed up on first use (ADMIN_EMAILS names the address). */
let adminSession: Promise<string> | undefined;
const admin = () => (adminSession ??= customer(one, one, ADMIN_EMAIL));

let suite: ClusterSuite;
let cluster: Cluster;
let sql: ClusterSuite['sql'];
/** The two app processes' own addresses (nginx is cluster.url). */
let one: string;
let two: string;

beforeAll(async () => {
  suite = await startClusterSuite({ ADMIN_EMAILS: ADMIN_EMAIL });
  ({ cluster, sql } = suite);
  [one, two] = suite.urls as [string, string];
}, 240_000);

afterAll(async () => {
  await suite?.close();
});

/** The keys of the files stored for `orderIds`: their documents', their photos' and fitted photos', sorted. */
async function storedKeys(orderIds: number[]): Promise<string[]> {
  const { rows } = await sql.query(
    `SELECT storage_key AS key FROM application_documents WHERE order_id = ANY($1) AND storage_key IS NOT NULL
     UNION ALL
     SELECT key FROM photo_order_photos p JOIN photo_order_items i ON i.id = p.item_id,
       unnest(ARRAY[p.storage_key, p.fitted_key]) AS key
     WHERE i.order_id = ANY($1) AND key IS NOT NULL`,
    [orderIds],
  );
  return rows.map((r) => r.key as string).sort();
}

/** `keys` but those in `gone`. */
const without = (keys: string[], gone: string[]) => keys.filter((key) => !gone.includes(key));

/** An unpaid photo order with one photo of a face uploaded through `base`, once its check (a job, by the real engine) has fitted it. */
async function photoOrderWithPhoto(base: string, token: string) {
  const created = await call(base, 'POST', '/photo-orders', { token, body: { idempotencyKey: crypto.randomUUID() } });
  expect(created.status, created.text).toBe(201);
  const order = created.data as { id: number; displayId: string };
  const item = await call(base, 'POST', `/photo-orders/${order.displayId}/items`, {
    token,
    body: { photoSize: 'oci-photo' },
  });
  expect(item.status, item.text).toBe(201);
  const itemId = (item.data as { items: { id: number }[] }).items.at(-1)?.id;
  const uploaded = await call(base, 'POST', `/photo-orders/${order.displayId}/items/${itemId}/photos`, {
    token,
    body: multipart([filePart('me.jpg', await faceOn('blonde'), 'image/jpeg')]),
    headers: { 'content-type': MULTIPART_CONTENT_TYPE },
  });
  expect(uploaded.status, uploaded.text).toBe(201);
  const photoId = (uploaded.data as { id: number }).id;
  const checked = await waitUntil('the photo is checked', async () => {
    const { rows } = await sql.query(
      `SELECT state, fitted_key FROM photo_order_photos WHERE id = $1 AND state <> 'pending'`,
      [photoId],
    );
    return rows[0] as { state: string; fitted_key: string | null } | undefined;
  });
  expect(checked).toMatchObject({ state: 'done', fitted_key: expect.any(String) });
  return order;
}

/**
 * Runs `start` while a transaction of the test's holds `table` (nobody reads or writes it until
 * `start` has resolved), then lets go: what waits on the table goes on at once, side by side.
 */
async function whileLocked<T>(table: string, start: () => Promise<T>): Promise<T> {
  const hold = await sql.connect();
  try {
    await hold.query('BEGIN');
    await hold.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
    return await start();
  } finally {
    await hold.query('COMMIT');
    hold.release();
  }
}

describe('several app processes behind nginx, one PostgreSQL, one bucket', () => {
  it('serves through nginx, which passes the client on', async () => {
    const health = await fetch(`${cluster.url}/api/v1/health`);
    expect(health.status).toBe(200);
    expect(cluster.apps).toHaveLength(2);
  });

  it('signs up on one process and signs in on the other: sessions live in the database', async () => {
    const token = await customer(one, two);
    for (const base of [one, two, cluster.url]) {
      expect((await call(base, 'GET', '/users/profile', { token })).status).toBe(200);
    }
  });

  it('shows a price an admin changed on one process on the other’s cached page within a second', async () => {
    const adminToken = await admin();
    const services = (await call(one, 'GET', '/admin/catalog/services?limit=100', { token: adminToken })).data as {
      results: { id: number; slug: string }[];
    };
    const oci = services.results.find((s) => s.slug === 'oci-card');
    const detail = (await call(one, 'GET', `/admin/catalog/services/${oci?.id}`, { token: adminToken })).data as {
      packages: { slug: string; prices: { id: number; applyingFrom: string; serviceFeeCents: number }[] }[];
    };
    const price = detail.packages.find((p) => p.slug === 'new-oci-card')?.prices.find((p) => p.applyingFrom === 'US');
    if (!price) throw new Error('no US price for the new OCI card');

    const publicFee = async (base: string) => {
      const service = (await call(base, 'GET', '/services/slug/oci-card')).data as {
        packages: { prices: { id: number; serviceFeeCents: number }[] }[];
      };
      return service.packages.flatMap((p) => p.prices).find((p) => p.id === price.id)?.serviceFeeCents;
    };
    // Process two renders the page once and keeps it (the page cache), and holds the catalog.
    const page = async () => (await fetch(`${two}/oci-card`)).text();
    const before = await page();
    expect(await page()).toBe(before);
    expect(await publicFee(two)).toBe(price.serviceFeeCents);

    const newFee = price.serviceFeeCents + 1234;
    const edit = await call(one, 'PATCH', `/admin/catalog/prices/${price.id}`, {
      token: adminToken,
      body: { serviceFeeCents: newFee },
    });
    expect(edit.status, edit.text).toBe(200);
    const changedAt = Date.now();
    let seenAfter = Number.POSITIVE_INFINITY;
    while (Date.now() - changedAt < 1_000) {
      if ((await page()) !== before && (await publicFee(two)) === newFee) {
        seenAfter = Date.now() - changedAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(seenAfter).toBeLessThan(1_000);
  });

  it('stores a document received by one process in the bucket and serves it from the other', async () => {
    const token = await customer(one, one);
    const order = await startOrder(one, token);
    const pdf = await pdfWithPages();
    const documentId = await uploadPassport(one, token, order, pdf);
    const download = await fetch(
      `${two}/api/v1/application/order/${order.displayId}/documents/${documentId}/download`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('pays through the sandbox with the provider’s webhook landing on the other process, once', async () => {
    const token = await customer(one, one);
    const order = await startOrder(one, token);
    const paymentId = await startPayment(one, token, order);
    if (!paymentId) throw new Error('the payment did not start');
    expect(await settleAndAnnounce(sql, two, paymentId)).toBe(200);
    // The provider retries (or sends twice): the order is paid once.
    expect(await settleAndAnnounce(sql, one, paymentId)).toBe(200);
    expect(await paidMoves(sql, order.id)).toBe(1);
    const seen = await call(two, 'GET', `/application/order/${order.displayId}/payment`, { token });
    expect(seen.data).toMatchObject({ state: 'COMPLETED' });
  });

  it('counts a rate limit across both processes, by the client address nginx passes on', async () => {
    const email = uniqueEmail('guessed');
    const guess = (base: string) =>
      call(base, 'POST', '/auth/signin', {
        body: { email, password: 'Wrong-Passw0rd!' },
        // What nginx sends (the apps trust 127.0.0.1 for it).
        headers: { 'x-forwarded-for': '203.0.113.77' },
      });
    expect((await guess(one)).status).toBe(401);
    expect((await guess(two)).status).toBe(401);
    expect((await guess(one)).status).toBe(401);
    expect((await guess(two)).status).toBe(429);
    expect((await guess(one)).status).toBe(429);
    // Another client (its own address) is not held back.
    const other = await call(two, 'POST', '/auth/signin', {
      body: { email, password: 'Wrong-Passw0rd!' },
      headers: { 'x-forwarded-for': '203.0.113.78' },
    });
    expect(other.status).toBe(401);
  });

  it('erases a customer through the other process: their document and photos leave the bucket, and they cannot sign in', async () => {
    const email = uniqueEmail('erased');
    const token = await customer(one, one, email);
    const before = await suite.bucketKeys();
    const application = await startOrder(one, token);
    await uploadPassport(one, token, application, await pdfWithPages());
    const photos = await photoOrderWithPhoto(one, token);
    const theirs = await storedKeys([application.id, photos.id]);
    // The passport, and the photo as uploaded and as fitted by its check.
    expect(theirs.length).toBeGreaterThanOrEqual(3);
    expect(without(await suite.bucketKeys(), before)).toEqual(theirs);

    // No order may be open: the customer cancels the unpaid application, staff the photo order.
    const cancelled = await call(one, 'POST', `/application/order/${application.displayId}/cancel`, {
      token,
      body: {},
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    const staffCancelled = await call(one, 'POST', `/admin/orders/${photos.displayId}/status`, {
      token: await admin(),
      body: { status: 'Cancelled' },
    });
    expect(staffCancelled.status, staffCancelled.text).toBe(200);

    const erased = await call(two, 'POST', '/users/data-deletion', {
      token,
      body: { password: PASSWORD, confirm: true },
    });
    expect(erased.status, erased.text).toBe(200);
    expect(erased.data).toMatchObject({ state: 'erased' });
    expect(await suite.bucketKeys()).toEqual(before);
    expect((await call(one, 'GET', '/users/profile', { token })).status).toBe(401);
    const signIn = await call(cluster.url, 'POST', '/auth/signin', { body: { email, password: PASSWORD } });
    expect(signIn.status, signIn.text).toBe(401);
  });

  it('deletes a closed order’s files from the bucket once when both processes run the retention sweep at once', async () => {
    const email = uniqueEmail('retained');
    const token = await customer(one, one, email);
    const order = await startOrder(one, token);
    await uploadPassport(one, token, order, await pdfWithPages());
    const cancelled = await call(two, 'POST', `/application/order/${order.displayId}/cancel`, { token, body: {} });
    expect(cancelled.status, cancelled.text).toBe(200);
    // Cancelled 100 days ago: past its 90 days, so the first sweep tells the customer the files go
    // in a week (nobody loses files without the notice's days).
    await sql.query(`UPDATE order_status_history SET changed_at = now() - interval '100 days' WHERE order_id = $1`, [
      order.id,
    ]);
    const jobs = await jobSender();
    try {
      await jobsCompleted(sql, [await jobs.send(RETENTION_QUEUE)]);
      const planned = await sql.query(
        'SELECT notice_sent_at, deleted_at FROM order_file_retention WHERE order_id = $1',
        [order.id],
      );
      expect(planned.rows).toEqual([{ notice_sent_at: expect.any(Date), deleted_at: null }]);
      await waitUntil('the retention notice is mailed', async () => {
        const mailbox = await call(one, 'GET', `/dev/mailbox?limit=200&to=${encodeURIComponent(email)}`);
        const mails = (mailbox.data as { results: { subject: string }[] }).results;
        return mails.some((m) => m.subject === RETENTION_MESSAGES.noticeSubject(order.displayId));
      });
      // A week later: the day has come, as the sweep counts it. Not the notice's day less 7: that is
      // a UTC day, and the deletion waits for the last time zone to begin it (deletionToday), so from
      // midnight UTC until it does the deletion day was still tomorrow (CI run 69c, at 00:07 UTC).
      await sql.query(
        `UPDATE order_file_retention SET notice_sent_at = notice_sent_at - interval '7 days', delete_on = $2::date
         WHERE order_id = $1`,
        [order.id, deletionToday(new Date())],
      );
      const before = await suite.bucketKeys();
      const files = await storedKeys([order.id]);
      expect(files.length).toBeGreaterThan(0);
      expect(before).toEqual(expect.arrayContaining(files));

      // Two sweeps, one in each process, held at their first look at the retention table until
      // both have started, then let go together (the hourly schedule files one a run; a retry or
      // a late process's pass is another).
      const sweeps = await whileLocked('order_file_retention', async () => {
        const ids = await Promise.all([jobs.send(RETENTION_QUEUE), jobs.send(RETENTION_QUEUE)]);
        await waitUntil('each process runs one of the sweeps', async () => {
          const { rows } = await sql.query(
            'SELECT count(DISTINCT pid)::int AS n FROM job_claims WHERE job_id = ANY($1::uuid[])',
            [ids],
          );
          return rows[0].n === 2;
        });
        return ids;
      });
      await jobsCompleted(sql, sweeps);
      expect(await suite.bucketKeys()).toEqual(without(before, files));
      const done = await sql.query('SELECT deleted_at, files_deleted FROM order_file_retention WHERE order_id = $1', [
        order.id,
      ]);
      // Deleted by one sweep: the other found the row taken or done (a deletion after the first
      // would have found no file left and counted 0).
      expect(done.rows).toEqual([{ deleted_at: expect.any(Date), files_deleted: files.length }]);
    } finally {
      await jobs.close();
    }
  });

  it('loses no acknowledged autosave or payment when a process is killed mid-burst, and the survivor serves', async () => {
    const token = await customer(one, two);
    const orders = await Promise.all(Array.from({ length: 6 }, () => startOrder(cluster.url, token)));
    // Writes through nginx, which spreads them over both processes; process two dies among them.
    const saves: Save[] = [];
    const payments = new Map<number, string>();
    const burst = async () => {
      for (let round = 0; round < 4; round += 1) {
        await Promise.all(
          orders.map(async (order, i) => {
            saves.push(await autosave(cluster.url, token, order, round, completeOciAnswers('Adult', 100 * round + i)));
            if (round === 3) {
              const paymentId = await startPayment(cluster.url, token, order).catch(() => null);
              if (paymentId) payments.set(order.id, paymentId);
            }
          }),
        );
        // Autosave writes at most once a second per member.
        await new Promise((r) => setTimeout(r, 1_050));
      }
    };
    const killed = (async () => {
      await new Promise((r) => setTimeout(r, 1_500));
      cluster.apps[1]?.child.kill('SIGKILL');
    })();
    await Promise.all([burst(), killed]);
    expect(await cluster.apps[1]?.exited).toBeNull();

    const acknowledged = await expectSavesKept(cluster.url, token, orders, saves);
    expect(acknowledged).toBeGreaterThan(orders.length);
    console.info(`autosaves: ${acknowledged} of ${saves.length} acknowledged; payments started: ${payments.size}`);
    // Each order has one payment attempt whatever was retried; the provider's events (sent twice,
    // through nginx) pay it once.
    for (const order of orders) {
      const paymentId = payments.get(order.id) ?? (await startPayment(cluster.url, token, order));
      if (!paymentId) throw new Error(`no payment for ${order.displayId}`);
      expect(await settleAndAnnounce(sql, cluster.url, paymentId)).toBe(200);
      expect(await settleAndAnnounce(sql, cluster.url, paymentId)).toBe(200);
      const { rows } = await sql.query('SELECT count(*)::int AS n FROM payment_attempts WHERE order_id = $1', [
        order.id,
      ]);
      expect(rows[0].n).toBe(1);
      expect(await paidMoves(sql, order.id)).toBe(1);
    }
    // The survivor keeps serving, directly and through nginx.
    expect((await call(one, 'GET', '/health')).status).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await fetch(`${cluster.url}/oci-card`)).status).toBe(200);
  });
});
