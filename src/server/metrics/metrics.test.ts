import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { createContext } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIsoDate } from '../../domain/limits/constants.ts';
import { startApplication } from '../modules/applications/testing.ts';
import { bearer, createSignedInUser } from '../modules/auth/testing.ts';
import { deletionRequests } from '../modules/data-rights/tables.ts';
import { orderFileRetention } from '../modules/orders/retention-tables.ts';
import { payWithSandbox, recordedStrayCharge } from '../modules/payments/testing.ts';
import { fakeAnalyse, testFace } from '../modules/photos/testing.ts';
import { buildTestApp, PRODUCTION_CONTACT, PRODUCTION_PAYMENTS, type TestApp } from '../test/app.ts';
import { filePart, MULTIPART_CONTENT_TYPE, multipart } from '../test/multipart.ts';
import { stubServerBuild } from '../test/server-build.ts';
import { STATIC_FILES_ROUTE } from './routes.ts';
import { type MetricSample, samplesOf } from './testing.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { photoAnalyser: fakeAnalyse });
});
afterAll(() => t.close());

/** A scrape as Prometheus on this machine makes it (inject's peer is 127.0.0.1). */
async function scrape(app: TestApp = t): Promise<string> {
  const res = await app.app.inject({ url: '/metrics' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.body;
}

const find = (samples: MetricSample[], labels: Record<string, string>) =>
  samples.find((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v));

describe('/metrics', () => {
  it('shows every family after requests, a payment with a stray charge, e-mails and a photo check', async () => {
    // Requests: a route with a parameter, and a path no route serves.
    const service = await t.app.inject({ url: '/api/v1/services/slug/oci-card?utm=x' });
    expect((await t.app.inject({ url: '/api/v1/no-such-thing/42' })).statusCode).toBe(404);
    // A payment (its receipt is e-mailed), then a second charge the order cannot take, refunded.
    const customer = await createSignedInUser(t.app);
    const order = await startApplication(t.app, customer.token);
    await payWithSandbox(t, customer.token, order.displayId);
    await recordedStrayCharge(t, order.id, order.price.totalCents);
    // A visitor's photo check.
    const checked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/photo-checks?size=us-2x2',
      headers: { 'content-type': MULTIPART_CONTENT_TYPE, origin: new URL(t.app.env.siteUrl).origin },
      payload: multipart([filePart('me.jpg', await testFace(), 'image/jpeg')]),
    });
    expect(checked.statusCode, checked.body).toBe(201);

    const text = await scrape();

    // HTTP: by route pattern, never the URL.
    const requests = samplesOf(text, 'sevadocs_http_requests_total');
    const status_code = String(service.statusCode);
    expect(find(requests, { method: 'GET', route: '/api/v1/services/slug/:slug', status_code })?.value).toBe(1);
    expect(find(requests, { route: '/api/*', status_code: '404' })?.value).toBe(1);
    expect(requests.some((s) => /oci-card|no-such-thing|utm/.test(s.labels.route ?? ''))).toBe(false);
    const durations = samplesOf(text, 'sevadocs_http_request_duration_seconds_count');
    expect(find(durations, { route: '/api/v1/services/slug/:slug' })?.value).toBe(1);
    // The process: memory and the event loop's delay.
    expect(samplesOf(text, 'process_resident_memory_bytes')[0]?.value).toBeGreaterThan(0);
    expect(samplesOf(text, 'nodejs_heap_size_used_bytes')[0]?.value).toBeGreaterThan(0);
    expect(samplesOf(text, 'nodejs_eventloop_lag_p99_seconds')).toHaveLength(1);
    // Job queues, from the database: every queue, with its depth and its oldest due job's age.
    const jobs = samplesOf(text, 'sevadocs_job_queue_jobs');
    expect(find(jobs, { queue: 'mail.send', state: 'ready' })?.value).toBe(0);
    expect(find(samplesOf(text, 'sevadocs_job_queue_oldest_ready_seconds'), { queue: 'mail.send' })?.value).toBe(0);
    // E-mails: the sign-up's and the receipt, delivered by this process.
    const emails = samplesOf(text, 'sevadocs_emails_total');
    expect(find(emails, { purpose: 'verify-email', result: 'sent' })?.value).toBe(1);
    expect(find(emails, { purpose: 'payment-receipt', result: 'sent' })?.value).toBe(1);
    // Payments by provider and state, the stray charge and its automatic refund among them.
    const attempts = samplesOf(text, 'sevadocs_payment_attempts');
    expect(find(attempts, { provider: 'sandbox', state: 'succeeded' })?.value).toBe(1);
    expect(find(attempts, { provider: 'sandbox', state: 'stray' })?.value).toBe(1);
    expect(find(attempts, { provider: 'sandbox', state: 'failed' })?.value).toBe(0);
    const refunds = samplesOf(text, 'sevadocs_payment_refunds');
    expect(find(refunds, { provider: 'sandbox', reason: 'stray', state: 'succeeded' })?.value).toBe(1);
    expect(find(refunds, { provider: 'sandbox', reason: 'requested', state: 'pending' })?.value).toBe(0);
    // Photo checks: how many, how long, how they came out.
    const photos = samplesOf(text, 'sevadocs_photo_check_duration_seconds_count');
    expect(find(photos, { outcome: 'passed' })?.value).toBe(1);
    expect(
      find(samplesOf(text, 'sevadocs_photo_check_duration_seconds_sum'), { outcome: 'passed' })?.value,
    ).toBeGreaterThan(0);
  });

  it('has every family the sample Grafana dashboard draws', async () => {
    const dashboard = await readFile(new URL('../../../docs/grafana-dashboard.json', import.meta.url), 'utf8');
    const drawn = new Set(dashboard.match(/\b(?:sevadocs|nodejs|process)_\w+/g));
    expect(drawn.size).toBeGreaterThan(8);
    const text = await scrape();
    for (const name of drawn) expect(samplesOf(text, name).length, name).toBeGreaterThan(0);
  });

  it('shows a job waiting in its queue, with its age', async () => {
    await t.app.jobs.send('metrics.test-waiting', { n: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const text = await scrape();
    expect(
      find(samplesOf(text, 'sevadocs_job_queue_jobs'), { queue: 'metrics.test-waiting', state: 'ready' })?.value,
    ).toBe(1);
    const age = find(samplesOf(text, 'sevadocs_job_queue_oldest_ready_seconds'), { queue: 'metrics.test-waiting' });
    expect(age?.value).toBeGreaterThan(0);
  });

  it('shows the deletion requests waiting for staff, and those past their deadline', async () => {
    const due = async () => {
      const samples = samplesOf(await scrape(), 'sevadocs_data_deletion_requests');
      return { any: find(samples, { due: 'any' })?.value, overdue: find(samples, { due: 'overdue' })?.value };
    };
    expect(await due()).toEqual({ any: 0, overdue: 0 });
    // A customer with an order in progress: the request waits for it.
    const customer = await createSignedInUser(t.app);
    const order = await startApplication(t.app, customer.token);
    await payWithSandbox(t, customer.token, order.displayId);
    await t.runJobs();
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/data-deletion',
      headers: bearer(customer.token),
      payload: { password: customer.password, confirm: true },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(await due()).toEqual({ any: 1, overdue: 0 });
    await t.database.db
      .update(deletionRequests)
      .set({ dueAt: new Date(Date.now() - 60_000) })
      .where(eq(deletionRequests.userId, customer.id));
    expect(await due()).toEqual({ any: 1, overdue: 1 });
  });

  it('shows the closed orders whose files are kept past their deletion day', async () => {
    const overdue = async () => samplesOf(await scrape(), 'sevadocs_retention_overdue_orders')[0]?.value;
    expect(await overdue()).toBe(0);
    const customer = await createSignedInUser(t.app);
    const order = await startApplication(t.app, customer.token);
    await t.database.db.insert(orderFileRetention).values({
      orderId: order.id,
      closedAt: new Date(),
      deleteOn: todayIsoDate(new Date(Date.now() - 2 * 24 * 60 * 60 * 1000)),
    });
    expect(await overdue()).toBe(1);
    await t.database.db
      .update(orderFileRetention)
      .set({ deletedAt: new Date(), filesDeleted: 1 })
      .where(eq(orderFileRetention.orderId, order.id));
    expect(await overdue()).toBe(0);
  });

  it('counts into each app’s own registry: two apps in one process never add up', async () => {
    const other = await buildTestApp();
    try {
      await other.app.inject({ url: '/api/v1/health/live' });
      const mine = samplesOf(await scrape(), 'sevadocs_http_requests_total');
      const theirs = samplesOf(await scrape(other), 'sevadocs_http_requests_total');
      expect(find(theirs, { route: '/api/v1/health/live' })?.value).toBe(1);
      expect(find(mine, { route: '/api/v1/health/live' })).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});

describe('/metrics and the static files', () => {
  it('counts every file of the built app as one route, whatever its hashed name, beside the pages', async () => {
    const clientDir = await mkdtemp(join(tmpdir(), 'sevadocs-client-'));
    const files = ['assets/entry.client-a1b2c3.js', 'assets/root-d4e5f6.css', 'flags/in.svg', 'favicon.svg'];
    for (const file of files) {
      await mkdir(join(clientDir, file, '..'), { recursive: true });
      await writeFile(join(clientDir, file), 'x');
    }
    const build = stubServerBuild({ appContext: createContext(), default: () => new Response('page') });
    const web = await buildTestApp({}, { web: { build, clientDir } });
    try {
      for (const file of files) expect((await web.app.inject({ url: `/${file}` })).statusCode).toBe(200);
      // Served as before: the hashed files kept for good.
      const asset = await web.app.inject({ url: `/${files[0]}` });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      await web.app.inject({ url: '/' });

      const text = await scrape(web);
      const requests = samplesOf(text, 'sevadocs_http_requests_total');
      expect(find(requests, { method: 'GET', route: STATIC_FILES_ROUTE, status_code: '200' })?.value).toBe(5);
      expect(find(requests, { method: 'GET', route: '/*' })?.value).toBe(1);
      const routes = new Set(
        samplesOf(text, 'sevadocs_http_request_duration_seconds_bucket').map((s) => s.labels.route),
      );
      expect([...routes].filter((route) => /assets|flags|favicon/.test(route ?? ''))).toEqual([]);
    } finally {
      await web.close();
      await rm(clientDir, { recursive: true, force: true });
    }
  });
});

describe('who may read /metrics', () => {
  it('without METRICS_TOKEN: this machine only, never a relayed or remote request', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(200);
    const remote = await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
    expect(remote.body).not.toContain('sevadocs_');
    const relayed = await t.app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(relayed.statusCode).toBe(404);
    // A page that rebound its own name to 127.0.0.1 reaches this port under that name.
    const rebound = await t.app.inject({ url: '/metrics', headers: { host: 'attacker.example:3000' } });
    expect(rebound.statusCode).toBe(404);
  });

  it('with METRICS_TOKEN: its bearer only, from anywhere', async () => {
    const guarded = await buildTestApp({ METRICS_TOKEN: TOKEN });
    try {
      const none = await guarded.app.inject({ url: '/metrics' });
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(none.body).not.toContain('sevadocs_');
      for (const authorization of [`Bearer ${TOKEN}x`, `Basic ${TOKEN}`, `Bearer ${TOKEN.slice(0, 16)}`]) {
        expect((await guarded.app.inject({ url: '/metrics', headers: { authorization } })).statusCode).toBe(401);
      }
      const ok = await guarded.app.inject({
        url: '/metrics',
        remoteAddress: '203.0.113.9',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('sevadocs_http_requests_total');
    } finally {
      await guarded.close();
    }
  });

  it('in production without a token: nobody, not even this machine (404)', async () => {
    const production = await buildTestApp({
      DEPLOYMENT: 'production',
      NODE_ENV: 'production',
      SITE_URL: 'https://www.sevadocs.example',
      SMTP_URL: 'smtp://localhost:2525',
      RECAPTCHA_SECRET_KEY: 'secret',
      RECAPTCHA_SITE_KEY: 'site',
      ...PRODUCTION_PAYMENTS,
      ...PRODUCTION_CONTACT,
    });
    try {
      const res = await production.app.inject({ url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('sevadocs_');
    } finally {
      await production.close();
    }
  });
});
