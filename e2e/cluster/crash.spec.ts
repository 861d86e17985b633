import { execFile } from 'node:child_process';
import { request } from 'node:http';
import { connect } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cluster } from '../../scripts/cluster.ts';
import { completeOciAnswers } from '../../src/server/modules/applications/testing.ts';
import { uniqueEmail } from '../../src/server/modules/auth/testing.ts';
import { filePart, MULTIPART_CONTENT_TYPE, multipart } from '../../src/server/test/multipart.ts';
import { pdfWithPages } from '../../src/server/test/upload-fixtures.ts';
import {
  announcePayment,
  autosave,
  type ClusterSuite,
  call,
  customer,
  expectSavesKept,
  mailedToken,
  type Order,
  type Save,
  settlePayment,
  startClusterSuite,
  startOrder,
  startPayment,
  waitUntil,
} from './support.ts';

/**
 * Crash safety (issue 14, point 4; docs/decisions/0079): `kill -9` of one process mid-upload and
 * mid-webhook, a PostgreSQL restart under load, and a SIGTERM that drains. Its own cluster: these
 * tests kill, freeze and restart its processes and its database server.
 */
let suite: ClusterSuite;
let cluster: Cluster;
let sql: ClusterSuite['sql'];
let one: string;
let two: string;

beforeAll(async () => {
  suite = await startClusterSuite();
  ({ cluster, sql } = suite);
  [one, two] = suite.urls as [string, string];
}, 240_000);

afterAll(async () => {
  // A test that failed while process one was frozen must not leave it so.
  cluster?.apps[0]?.child.kill('SIGCONT');
  await suite?.close();
});

/** SIGKILL to app process `index`; resolves once it is gone (no drain, no clean-up: a crash). */
async function crash(index: number) {
  const app = cluster.apps[index];
  if (!app) throw new Error(`no app process ${index}`);
  app.child.kill('SIGKILL');
  expect(await app.exited).toBeNull();
  expect(app.child.signalCode).toBe('SIGKILL');
}

/** Resolves once nothing accepts connections on `port` (its listener is closed). */
function refused(port: number) {
  return waitUntil(
    `port ${port} refuses connections`,
    () =>
      new Promise<boolean>((done) => {
        const socket = connect(port, '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          done(false);
        });
        socket.once('error', () => done(true));
      }),
  );
}

const orderPath = (order: Order) => `/application/order/${order.displayId}`;

interface Slot {
  order: Order;
  memberId: number;
  itemId: string;
  file: Buffer;
}

/** Every checklist item of each order's first member that takes a PDF, each with a PDF of its own. */
async function uploadSlots(token: string, orders: Order[]): Promise<Slot[]> {
  const slots: Slot[] = [];
  for (const order of orders) {
    const memberId = order.members[0]?.id as number;
    const checklist = await call(one, 'GET', `${orderPath(order)}/members/${memberId}/checklist`, { token });
    expect(checklist.status, checklist.text).toBe(200);
    const items = (checklist.data as { items: { id: string; accept: { types: string[] } }[] }).items;
    for (const item of items.filter((i) => i.accept.types.includes('pdf'))) {
      // Pages enough to make each upload take a moment, and each file different.
      slots.push({ order, memberId, itemId: item.id, file: await pdfWithPages(20 + slots.length) });
    }
  }
  return slots;
}

function uploadBody(slot: Slot) {
  return multipart([filePart(`${slot.itemId}.pdf`, slot.file, 'application/pdf')]);
}

async function upload(base: string, token: string, slot: Slot) {
  const res = await fetch(`${base}/api/v1${orderPath(slot.order)}/members/${slot.memberId}/documents/${slot.itemId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': MULTIPART_CONTENT_TYPE },
    body: new Uint8Array(uploadBody(slot)),
  }).catch(() => null);
  if (!res) return null;
  const json = (await res.json().catch(() => null)) as { data?: { document: { id: number } } } | null;
  return { status: res.status, documentId: json?.data?.document.id };
}

async function download(base: string, token: string, order: Order, documentId: number) {
  const res = await fetch(`${base}/api/v1${orderPath(order)}/documents/${documentId}/download`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

/**
 * An upload sent straight to the process at `port` (nginx would buffer the whole body first) that
 * stops halfway: `started` resolves once the process has taken the request (its 100 Continue) and
 * half the body is sent; `finish()` sends the rest; `answer` resolves to the status (null: the
 * connection broke).
 */
function heldUpload(port: number, token: string, slot: Slot) {
  const body = uploadBody(slot);
  const half = Math.floor(body.length / 2);
  const req = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: `/api/v1${orderPath(slot.order)}/members/${slot.memberId}/documents/${slot.itemId}`,
    // As nginx talks to the apps: a connection per request.
    agent: false,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': MULTIPART_CONTENT_TYPE,
      'content-length': body.length,
      connection: 'close',
      expect: '100-continue',
    },
  });
  const started = new Promise<void>((done) => {
    req.once('continue', () => req.write(body.subarray(0, half), () => done()));
  });
  const answer = new Promise<{ status: number; text: string } | null>((done) => {
    req.once('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.once('end', () => done({ status: res.statusCode ?? 0, text }));
      res.once('error', () => done(null));
    });
    req.once('error', () => done(null));
  });
  req.flushHeaders();
  return { started, answer, finish: () => req.end(body.subarray(half)) };
}

/** The order's live (not deleted) customer documents, by checklist item. */
async function liveDocuments(orders: Order[]) {
  const { rows } = await sql.query(
    `SELECT id, order_id AS "orderId", item_id AS "itemId", sha256 FROM application_documents
     WHERE order_id = ANY($1) AND deleted_at IS NULL AND direction = 'from-customer'`,
    [orders.map((o) => o.id)],
  );
  return rows as { id: number; orderId: number; itemId: string; sha256: string }[];
}

/** A 5xx the customer may see while the database is away: the envelope, no stack, no SQL, no address. */
function expectCleanFailure(save: Save) {
  if (save.status === null) return;
  expect(save.status, save.body).toBeGreaterThanOrEqual(500);
  const body = JSON.parse(save.body) as { isSuccess: boolean; message: string };
  expect(body.isSuccess).toBe(false);
  expect(save.body).not.toMatch(/\bat .+:\d+:\d+|select |insert |update |ECONN|5432|postgres/i);
}

describe('crash safety: processes killed, the database restarted, a process drained', () => {
  it('keeps every acknowledged upload when a process dies mid-upload and leaves no half-visible document', async () => {
    const token = await customer(one, one);
    const orders = await Promise.all(Array.from({ length: 3 }, () => startOrder(cluster.url, token)));
    const slots = await uploadSlots(token, orders);
    expect(slots.length).toBeGreaterThanOrEqual(6);
    const [heldSlot, ...burstSlots] = slots as [Slot, ...Slot[]];

    // One upload is inside process two, half its body received, when it dies: by construction.
    const held = heldUpload(cluster.apps[1]?.port as number, token, heldSlot);
    await held.started;
    // The rest go straight to both processes, three at a time, while process two dies among them.
    const acknowledged = new Map<Slot, number>();
    let failed = 0;
    const queue = [...burstSlots];
    const worker = async (w: number) => {
      for (let slot = queue.shift(), n = 0; slot; slot = queue.shift(), n += 1) {
        const result = await upload((w + n) % 2 === 0 ? one : two, token, slot);
        if (result?.status === 201 && result.documentId) acknowledged.set(slot, result.documentId);
        else failed += 1;
      }
    };
    const burst = Promise.all([0, 1, 2].map(worker));
    await waitUntil('two uploads acknowledged', () => acknowledged.size >= 2);
    await crash(1);
    await burst;
    expect(await held.answer).toBeNull();
    console.info(
      `uploads: ${acknowledged.size} of ${burstSlots.length} acknowledged, ${failed} failed, 1 cut mid-body`,
    );
    expect(failed).toBeGreaterThan(0);

    // Every acknowledged upload is there, byte for byte, through the survivor and through nginx.
    for (const [slot, documentId] of acknowledged) {
      for (const base of [one, cluster.url]) {
        const file = await download(base, token, slot.order, documentId);
        expect(file.status).toBe(200);
        expect(file.bytes.equals(slot.file)).toBe(true);
      }
    }
    // Every document row is whole: its file downloads in full (an upload whose answer was lost may
    // have committed); the upload cut mid-body left none.
    const live = await liveDocuments(orders);
    expect(live.some((d) => d.orderId === heldSlot.order.id && d.itemId === heldSlot.itemId)).toBe(false);
    for (const document of live) {
      const slot = slots.find((s) => s.order.id === document.orderId && s.itemId === document.itemId) as Slot;
      const file = await download(one, token, slot.order, document.id);
      expect(file.status).toBe(200);
      expect(file.bytes.equals(slot.file)).toBe(true);
    }
    expect(live.map((d) => d.id)).toEqual(expect.arrayContaining([...acknowledged.values()]));

    // Restarted, process two takes the upload that was cut off; process one serves it.
    await cluster.restart(1);
    const again = await upload(two, token, heldSlot);
    expect(again?.status).toBe(201);
    const file = await download(one, token, heldSlot.order, again?.documentId as number);
    expect(file.bytes.equals(heldSlot.file)).toBe(true);
  });

  it('processes every acknowledged payment event once when a process dies mid-webhook; the restarted process runs the queued ones', async () => {
    const token = await customer(one, one);
    const orders = await Promise.all(Array.from({ length: 9 }, () => startOrder(cluster.url, token)));
    const events = await Promise.all(
      orders.map(async (order) => {
        const paymentId = await startPayment(cluster.url, token, order);
        if (!paymentId) throw new Error(`the payment of ${order.displayId} did not start`);
        await settlePayment(sql, paymentId);
        return { order, paymentId, id: `evt_${crypto.randomUUID()}`, status: null as number | null };
      }),
    );
    const unprocessed = async (batch: typeof events) =>
      (
        await sql.query(
          `SELECT count(*)::int AS n FROM payment_webhook_events WHERE event_id = ANY($1) AND processed_at IS NULL`,
          [batch.map((e) => e.id)],
        )
      ).rows[0].n as number;

    // Process one frozen (SIGSTOP): whatever process two acknowledges and dies with can only be
    // run by the process that replaces it. The provider posts to process two, three at a time;
    // it dies once three are acknowledged.
    cluster.apps[0]?.child.kill('SIGSTOP');
    try {
      const queue = [...events];
      const sender = async () => {
        for (let event = queue.shift(); event; event = queue.shift()) {
          event.status = await announcePayment(two, event.paymentId, event.id);
        }
      };
      const burst = Promise.all([sender(), sender(), sender()]);
      await waitUntil('three events acknowledged', () => events.filter((e) => e.status === 200).length >= 3);
      await crash(1);
      await burst;
      const acknowledged = events.filter((e) => e.status === 200);
      const queuedAtDeath = await unprocessed(acknowledged);
      console.info(
        `payment events: ${acknowledged.length} of ${events.length} acknowledged before the kill, ${queuedAtDeath} of them not yet processed`,
      );
      const restarting = Date.now();
      await cluster.restart(1);
      const ready = Date.now() - restarting;
      await waitUntil(
        'the restarted process ran the queued events',
        async () => (await unprocessed(acknowledged)) === 0,
      );
      console.info(
        `restarted process ready in ${ready} ms, the queued events processed ${Date.now() - restarting} ms after the restart began`,
      );
    } finally {
      cluster.apps[0]?.child.kill('SIGCONT');
    }
    // Both serve again: the restarted one and the one that was frozen.
    for (const base of [one, two]) expect((await call(base, 'GET', '/health')).status).toBe(200);

    // The provider sends every event again (the unanswered ones were never stored, or were and had
    // their answer lost), through nginx: each is processed, nothing moves twice.
    for (const event of events) expect(await announcePayment(cluster.url, event.paymentId, event.id)).toBe(200);
    await waitUntil('the repeats processed', async () => (await unprocessed(events)) === 0);
    const ids = orders.map((o) => o.id).sort((a, b) => a - b);
    const { rows } = await sql.query(
      `SELECT o.id,
         (SELECT count(*)::int FROM order_status_history h WHERE h.order_id = o.id AND h.from_status = 'Payment pending') AS moves,
         (SELECT count(*)::int FROM payment_attempts a WHERE a.order_id = o.id) AS attempts,
         (SELECT count(*)::int FROM payment_attempts a WHERE a.order_id = o.id AND a.status = 'succeeded') AS succeeded,
         (SELECT count(*)::int FROM outbound_emails m JOIN payment_attempts a ON m.key = 'payment-receipt:' || a.id
            WHERE a.order_id = o.id) AS receipts
       FROM unnest($1::int[]) AS o(id) ORDER BY o.id`,
      [ids],
    );
    expect(rows).toEqual(ids.map((id) => ({ id, moves: 1, attempts: 1, succeeded: 1, receipts: 1 })));
    const stored = await sql.query(`SELECT count(*)::int AS n FROM payment_webhook_events WHERE event_id = ANY($1)`, [
      events.map((e) => e.id),
    ]);
    expect(stored.rows[0].n).toBe(events.length);
  });

  it('rides out a PostgreSQL restart under autosaves: clean 5xx meanwhile, no acknowledged save lost, jobs run after', async () => {
    const { TEST_PG_CTL: pgCtl, TEST_PGDATA: pgData, TEST_PG_LOG: pgLog, TEST_PG_USER: pgUser } = process.env;
    if (!pgCtl || !pgData || !pgLog) throw new Error('run through `npm run test:cluster` (scripts/with-postgres.sh)');
    const token = await customer(one, two);
    const orders = await Promise.all(Array.from({ length: 6 }, () => startOrder(cluster.url, token)));
    const saves: Save[] = [];
    let restarted = false;
    // Each member's form autosaved through nginx a second after its previous answer (the route
    // takes one a second; a save held up by the outage commits late), until two rounds after the
    // database is back.
    const saver = async (order: Order, i: number) => {
      let roundsAfter = 0;
      for (let seq = 0; roundsAfter < 2; seq += 1) {
        saves.push(await autosave(cluster.url, token, order, seq, completeOciAnswers('Adult', 1000 * i + seq)));
        if (restarted) roundsAfter += 1;
        await new Promise((r) => setTimeout(r, 1_050));
      }
    };
    const load = Promise.all(orders.map(saver));
    await waitUntil('a first round of saves', () => saves.filter((s) => s.acknowledged).length >= orders.length);
    // A fast restart: every session is cut, the server is away for a moment.
    const command = [pgCtl, '-D', pgData, '-l', pgLog, '-m', 'fast', '-w', 'restart'];
    // Asynchronously: the saves go on while the server is away.
    await promisify(execFile)(pgUser ? 'runuser' : pgCtl, pgUser ? ['-u', pgUser, '--', ...command] : command.slice(1));
    const backAt = Date.now();
    // Both processes answer their health check (a query) again, without being restarted.
    const servingAfter = await Promise.all(
      [one, two].map((base) =>
        waitUntil(`${base} serves again`, async () => {
          const health = await fetch(`${base}/api/v1/health`).catch(() => null);
          return health?.status === 200 ? Date.now() - backAt : 0;
        }),
      ),
    );
    restarted = true;
    await load;
    for (const app of cluster.apps) expect(app.child.exitCode).toBeNull();
    console.info(
      `PostgreSQL restart: ${saves.filter((s) => !s.acknowledged).length} of ${saves.length} autosaves refused; both processes healthy ${Math.max(...servingAfter)} ms after pg_ctl returned`,
    );
    expect(Math.max(...servingAfter)).toBeLessThan(5_000);
    for (const save of saves.filter((s) => !s.acknowledged)) expectCleanFailure(save);
    await expectSavesKept(cluster.url, token, orders, saves);
    // pg-boss runs jobs again: a sign-up's verification e-mail (a job) goes out, on either process.
    const email = uniqueEmail('after-restart');
    await customer(two, one, email);
    expect(await mailedToken(one, email, '/verify-email')).not.toBe('');
  });

  it('drains on SIGTERM: the request in flight completes, the process exits 0, nginx sends the rest to the other', async () => {
    const token = await customer(one, one);
    const order = await startOrder(cluster.url, token);
    const [slot] = await uploadSlots(token, [order]);
    if (!slot) throw new Error('no checklist item takes a PDF');
    const app = cluster.apps[1];
    if (!app) throw new Error('no app process 1');
    const held = heldUpload(app.port, token, slot);
    await held.started;
    app.child.kill('SIGTERM');
    // The process stops taking connections (nginx's next request goes to process one)…
    await refused(app.port);
    for (let i = 0; i < 4; i += 1) expect((await call(cluster.url, 'GET', '/health')).status).toBe(200);
    const save = await autosave(cluster.url, token, order, 0, completeOciAnswers('Adult', 7));
    expect(save.status, save.body).toBe(200);
    // …and finishes the one it holds.
    held.finish();
    const answer = await held.answer;
    expect(answer?.status, answer?.text).toBe(201);
    expect(await app.exited).toBe(0);
    const documentId = (JSON.parse(answer?.text ?? '{}') as { data: { document: { id: number } } }).data.document.id;
    const file = await download(cluster.url, token, order, documentId);
    expect(file.bytes.equals(slot.file)).toBe(true);
  });
});
