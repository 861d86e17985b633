import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cluster } from '../../scripts/cluster.ts';
import { completeOciAnswers } from '../../src/server/modules/applications/testing.ts';
import { uniqueEmail } from '../../src/server/modules/auth/testing.ts';
import { filePart, MULTIPART_CONTENT_TYPE, multipart } from '../../src/server/test/multipart.ts';
import { pdfWithPages } from '../../src/server/test/upload-fixtures.ts';
import {
  autosave,
  type ClusterSuite,
  call,
  customer,
  expectSavesKept,
  paidMoves,
  type Save,
  settleAndAnnounce,
  startClusterSuite,
  startOrder,
  startPayment,
} from './support.ts';

/**
 * The storefront as several processes (issue 14, docs/decisions/0079): `npm run test:cluster`
 * starts a throwaway PostgreSQL (scripts/with-postgres.sh), an S3 server on loopback, two built
 * app processes and nginx in front (scripts/cluster.ts), and drives them over HTTP: whatever one
 * process did, the other sees; one killed mid-burst loses no acknowledged write.
 */
const ADMIN_EMAIL = uniqueEmail('cluster-admin');

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
    const adminToken = await customer(one, one, ADMIN_EMAIL);
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
    const orderPath = `/application/order/${order.displayId}`;
    const uploaded = await call(
      one,
      'POST',
      `${orderPath}/members/${order.members[0]?.id}/documents/foreign-passport`,
      {
        token,
        body: multipart([filePart('passport.pdf', pdf, 'application/pdf')]),
        headers: { 'content-type': MULTIPART_CONTENT_TYPE },
      },
    );
    expect(uploaded.status, uploaded.text).toBe(201);
    const documentId = (uploaded.data as { document: { id: number } }).document.id;
    const download = await fetch(`${two}/api/v1${orderPath}/documents/${documentId}/download`, {
      headers: { authorization: `Bearer ${token}` },
    });
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
