import { openSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { expect } from 'vitest';
import { type Cluster, startCluster } from '../../scripts/cluster.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { createJobQueue, JOBS_SCHEMA } from '../../src/server/jobs/queue.ts';
import { ADULT } from '../../src/server/modules/applications/testing.ts';
import { signUpBody, uniqueEmail } from '../../src/server/modules/auth/testing.ts';
import {
  createSandboxProvider,
  SANDBOX_EVENT_TYPES,
  SANDBOX_WEBHOOK_PATH,
} from '../../src/server/modules/payments/sandbox.ts';
import { filePart, MULTIPART_CONTENT_TYPE, multipart } from '../../src/server/test/multipart.ts';
import { startTestS3Server, type TestS3Server, testS3Storage } from '../../src/server/test/s3-server.ts';

/**
 * What the cluster suites share (docs/decisions/0079): a cluster of built app processes behind
 * nginx on the throwaway PostgreSQL of `npm run test:cluster`, an S3 server on loopback, a pool on
 * the database for looking behind the app, and the customer's steps over HTTP.
 */
const WEBHOOK_SECRET = 'cluster-suite-sandbox-secret';
const ROOT = resolve(import.meta.dirname, '../..');

export interface ClusterSuite {
  cluster: Cluster;
  s3: TestS3Server;
  sql: pg.Pool;
  /** Each app process's own address, by index (nginx is cluster.url); the same after a restart. */
  urls: string[];
  /** Where each app process writes its log (app-N.log). */
  logDir: string;
  /** The keys of the files in the bucket now, sorted (what the processes stored, read from S3 itself). */
  bucketKeys(): Promise<string[]>;
  close(): Promise<void>;
}

/** Two app processes (as the suites' customers and admin need them) on `TEST_DATABASE_URL`. */
export async function startClusterSuite(env: NodeJS.ProcessEnv = {}): Promise<ClusterSuite> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl) throw new Error('run through `npm run test:cluster` (a throwaway PostgreSQL server)');
  const s3 = await startTestS3Server();
  const logDir = await mkdtemp(join(tmpdir(), 'sevadocs-cluster-'));
  const cluster = await startCluster({
    env: {
      ...process.env,
      ...s3.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATA_DIR: join(logDir, 'data'),
      // The end-to-end suite's build, made just before in CI; rebuilt by start.mjs when stale.
      BUILD_DIR: process.env.E2E_BUILD_DIR ?? join(ROOT, '.tmp/e2e-build'),
      AUTH_SIGNIN_FAILURE_MAX: '3',
      // Every customer of the suite signs up from 127.0.0.1.
      AUTH_RATE_LIMIT_MAX: '1000',
      AUTH_EMAIL_RATE_LIMIT_MAX: '1000',
      SANDBOX_WEBHOOK_SECRET: WEBHOOK_SECRET,
      LOG_LEVEL: 'warn',
      // Node's compile cache: the processes started after the first (and every restart) skip most
      // of compiling the server's modules again (about a third of a cold start here).
      NODE_COMPILE_CACHE: join(logDir, 'compile-cache'),
      ...env,
    },
    port: 0,
    output: (index) => openSync(join(logDir, `app-${index}.log`), 'a'),
  }).catch(async (error: unknown) => {
    await s3.close();
    throw error;
  });
  const sql = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // The suite's own connections see a PostgreSQL restart too: an idle one's error is not a failure.
  sql.on('error', () => {});
  const bucket = testS3Storage(s3);
  return {
    cluster,
    s3,
    sql,
    urls: cluster.apps.map((app) => app.url),
    logDir,
    async bucketKeys() {
      const list = async () => {
        const keys: string[] = [];
        for await (const key of bucket.keys()) keys.push(key);
        return keys.sort();
      };
      // The suite's own listing: a kept-alive socket the loopback server closed meanwhile answers
      // "socket hang up" (run 38b, under the PostgreSQL pass's load); listing again is the same question.
      return list().catch((error: unknown) => {
        if (error instanceof Error && /socket hang up|ECONNRESET/.test(error.message)) return list();
        throw error;
      });
    },
    async close() {
      await cluster.stop();
      await sql.end();
      bucket.destroy();
      await s3.close();
      await rm(logDir, { recursive: true, force: true });
    },
  };
}

export interface Call {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export async function call(base: string, method: string, path: string, { token, body, headers = {} }: Call = {}) {
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined && !(body instanceof Uint8Array) ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { body: body instanceof Uint8Array ? new Uint8Array(body) : JSON.stringify(body) }),
  });
  const text = await res.text();
  let json: { data?: unknown; message?: string } | null = null;
  try {
    json = JSON.parse(text);
  } catch {
    // A page or a file, not JSON.
  }
  return { status: res.status, data: json?.data, text };
}

/** The newest link to `path` in the dev mailbox for `to` (the mail job runs in either process). */
export async function mailedToken(base: string, to: string, path: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const mailbox = await call(base, 'GET', `/dev/mailbox?limit=200&to=${encodeURIComponent(to)}`);
    const mails = (mailbox.data as { results: { links: string[] }[] }).results;
    const link = mails.flatMap((m) => m.links).find((l) => new URL(l).pathname === path);
    if (link) return new URL(link).searchParams.get('token') ?? '';
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no ${path} link mailed to ${to}`);
}

/** Signs up and verifies through `signUpAt`, then signs in through `signInAt`: the session token. */
export async function customer(signUpAt: string, signInAt: string, email = uniqueEmail('cluster')): Promise<string> {
  const body = signUpBody({ email });
  expect((await call(signUpAt, 'POST', '/auth/signup', { body })).status).toBe(201);
  const token = await mailedToken(signUpAt, email, '/verify-email');
  expect((await call(signUpAt, 'POST', '/auth/email/verify', { body: { token } })).status).toBe(200);
  const signIn = await call(signInAt, 'POST', '/auth/signin', { body: { email, password: body.password } });
  expect(signIn.status, signIn.text).toBe(200);
  return signIn.data as string;
}

export interface Order {
  id: number;
  displayId: string;
  members: { id: number; kind: string }[];
  price: { totalCents: number };
}

async function newOciPackageId(base: string): Promise<number> {
  const service = (await call(base, 'GET', '/services/slug/oci-card')).data as {
    packages: { id: number; slug: string }[];
  };
  const pkg = service.packages.find((p) => p.slug === 'new-oci-card');
  if (!pkg) throw new Error('no seeded new OCI card package');
  return pkg.id;
}

export async function startOrder(base: string, token: string): Promise<Order> {
  const body = {
    idempotencyKey: crypto.randomUUID(),
    packageId: await newOciPackageId(base),
    choices: { applyingFrom: 'US' },
    members: [ADULT],
  };
  const res = await call(base, 'POST', '/application/order', { token, body });
  expect(res.status, res.text).toBe(201);
  return res.data as Order;
}

/** The signed event a provider's servers would post, with the processes' shared secret. */
const signer = createSandboxProvider({ db: null as never, secret: WEBHOOK_SECRET });
export async function settleAndAnnounce(sql: pg.Pool, base: string, paymentId: string) {
  await settlePayment(sql, paymentId);
  return announcePayment(base, paymentId);
}

/** The provider's side: the payment succeeded (what the sandbox page's button records). */
export async function settlePayment(sql: pg.Pool, paymentId: string) {
  await sql.query(`UPDATE sandbox_payments SET status = 'succeeded' WHERE id = $1 AND status = 'open'`, [paymentId]);
}

/**
 * Posts the provider's signed "succeeded" event for `paymentId` (event `id` when given: a retry of
 * the same event) and resolves to the status, or null when no process answered.
 */
export async function announcePayment(base: string, paymentId: string, id?: string): Promise<number | null> {
  const event = signer.signedEvent({ type: SANDBOX_EVENT_TYPES.succeeded, paymentId, ...(id ? { id } : {}) });
  const res = await fetch(`${base}${SANDBOX_WEBHOOK_PATH}`, {
    method: 'POST',
    headers: event.headers,
    body: event.body,
  }).catch(() => null);
  return res?.status ?? null;
}

/** Uploads `pdf` as the first member's foreign passport through `base`: the document's id. */
export async function uploadPassport(base: string, token: string, order: Order, pdf: Buffer): Promise<number> {
  const uploaded = await call(
    base,
    'POST',
    `/application/order/${order.displayId}/members/${order.members[0]?.id}/documents/foreign-passport`,
    {
      token,
      body: multipart([filePart('passport.pdf', pdf, 'application/pdf')]),
      headers: { 'content-type': MULTIPART_CONTENT_TYPE },
    },
  );
  expect(uploaded.status, uploaded.text).toBe(201);
  return (uploaded.data as { document: { id: number } }).document.id;
}

/**
 * A job queue on the suite's database that only sends (no workers, no schedules, no
 * maintenance): jobs as the schedule or another process would file them, run by whichever app
 * process takes each. Resolves each send to the job's id.
 */
export async function jobSender() {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl) throw new Error('run through `npm run test:cluster` (a throwaway PostgreSQL server)');
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
  const jobs = createJobQueue(database, {
    workers: false,
    boss: { supervise: false, migrate: false },
    logger: { info: () => {}, warn: console.warn, error: console.error },
  });
  await jobs.start();
  return {
    send: (name: string, data: object = {}) => jobs.send(name, data),
    async close() {
      await jobs.stop();
      await database.close();
    },
  };
}

/** Resolves once every job of `ids` is completed; fails on one that failed, or after `timeoutMs`. */
export async function jobsCompleted(sql: pg.Pool, ids: string[], timeoutMs = 15_000) {
  await waitUntil(
    `jobs ${ids.join(', ')} completed`,
    async () => {
      const { rows } = await sql.query(`SELECT id, state FROM ${JOBS_SCHEMA}.job WHERE id = ANY($1::uuid[])`, [ids]);
      const failed = rows.find((r) => r.state === 'failed');
      if (failed) throw new Error(`job ${failed.id} failed`);
      return rows.filter((r) => r.state === 'completed').length === ids.length;
    },
    timeoutMs,
  );
}

export async function startPayment(base: string, token: string, order: Order) {
  const res = await call(base, 'POST', `/application/order/${order.displayId}/payment`, { token, body: {} });
  if (res.status !== 200) return null;
  const { redirectUrl } = res.data as { redirectUrl: string };
  return new URL(redirectUrl).searchParams.get('payment') ?? '';
}

/**
 * How many times the order left Payment pending, once the stored events have been processed (a
 * job, in whichever process takes it first).
 */
export async function paidMoves(sql: pg.Pool, orderId: number): Promise<number> {
  const count = async () =>
    (
      await sql.query(
        `SELECT count(*)::int AS n FROM order_status_history WHERE order_id = $1 AND from_status = 'Payment pending'`,
        [orderId],
      )
    ).rows[0].n as number;
  const deadline = Date.now() + 15_000;
  while ((await count()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  // Long enough for a second event's job to have moved it again, were that possible.
  await new Promise((r) => setTimeout(r, 300));
  return count();
}

/** Polls `check` every 50 ms until it resolves to something truthy; fails with `what` after `timeoutMs`. */
export async function waitUntil<T>(what: string, check: () => Promise<T> | T, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs / 1000} s: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** One autosave of a member's form: the answers, whether a process acknowledged it, and its place in line. */
export interface Save {
  order: Order;
  seq: number;
  answers: Record<string, unknown>;
  acknowledged: boolean;
  /** The answer when it was not a 200 (null: no answer at all). */
  status: number | null;
  body: string;
}

/** Autosaves the first member's form of `order` through `base` (at most once a second per member: the route's limit). */
export async function autosave(
  base: string,
  token: string,
  order: Order,
  seq: number,
  answers: Record<string, unknown>,
): Promise<Save> {
  const member = order.members[0]?.id;
  const res = await fetch(`${base}/api/v1/application/order/${order.displayId}/members/${member}/form`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ currentStep: 1, answers }),
  }).catch(() => null);
  const body = res ? await res.text().catch(() => '') : '';
  return { order, seq, answers, acknowledged: res?.status === 200, status: res?.status ?? null, body };
}

/**
 * Every member holds its last acknowledged save, or a later one whose answer never came (the process
 * may have committed before it died or the connection broke): none lost, none half-written.
 * Resolves to the number of acknowledged saves.
 */
export async function expectSavesKept(base: string, token: string, orders: Order[], saves: Save[]) {
  const acknowledged = saves.filter((s) => s.acknowledged);
  for (const order of orders) {
    const last = acknowledged.filter((s) => s.order === order).sort((a, b) => b.seq - a.seq)[0];
    if (!last) continue;
    const possible = saves.filter((s) => s.order === order && (s === last || (!s.acknowledged && s.seq > last.seq)));
    const form = await call(base, 'GET', `/application/order/${order.displayId}/members/${order.members[0]?.id}/form`, {
      token,
    });
    expect(form.status).toBe(200);
    const stored = (form.data as { answers: unknown }).answers;
    expect(possible.map((s) => s.answers)).toContainEqual(stored);
  }
  return acknowledged.length;
}
