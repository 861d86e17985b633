import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { samplesOf } from '../src/server/metrics/testing.ts';
import { faceOn } from '../src/server/modules/photos/compliance/test-images.ts';
import { STRONG_PASSWORD, uniqueEmail, verifiedAccount } from './support/accounts.ts';

const baseURL = inject('baseURL');

/** Face detection runs in the request: several seconds at the worker's first photo. */
const TEST_TIMEOUT_MS = 120_000;

async function api(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const response = await fetch(`${baseURL}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: {
      origin: baseURL,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const json = await response.json();
  expect(response.status < 300, `${path}: ${JSON.stringify(json)}`).toBe(true);
  return json.data;
}

/** The sum of a metric's samples whose labels include `labels`. */
function total(text: string, name: string, labels: Record<string, string> = {}): number {
  return samplesOf(text, name)
    .filter((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

describe('/metrics on the e2e server', () => {
  it(
    'shows every family after a sign-up, a payment attempt and a photo check',
    async () => {
      // An e-mail (the sign-up's verification link, delivered by the queue's worker).
      const email = uniqueEmail('metrics');
      await verifiedAccount(baseURL, email);
      const token = (await api('/auth/signin', {
        method: 'POST',
        body: { email, password: STRONG_PASSWORD },
      })) as string;
      // A payment attempt through the sandbox.
      const services = await api('/services?page=1&limit=100');
      const oci = services.results.find((s: { slug: string }) => s.slug === 'oci-card');
      const packages = await api(`/packages/${oci.id}?applyingFrom=US`, { method: 'POST' });
      const pkg = packages.find((p: { slug: string }) => p.slug === 'new-oci-card');
      const order = await api('/application/order', {
        method: 'POST',
        token,
        body: {
          idempotencyKey: randomUUID(),
          packageId: pkg.id,
          choices: { applyingFrom: 'US' },
          members: [{ fullName: 'Priya Sharma', dateOfBirth: '1985-04-12', relationship: 'Self' }],
        },
      });
      await api(`/application/order/${order.displayId}/payment`, { method: 'POST', token, body: {} });
      // A visitor's photo check, by the real engine.
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await faceOn('brunette'))], { type: 'image/jpeg' }), 'me.jpg');
      const checked = await fetch(`${baseURL}/api/v1/photo-checks?size=us-2x2`, {
        method: 'POST',
        headers: { origin: baseURL },
        body: form,
      });
      expect(checked.status, await checked.clone().text()).toBe(201);

      const scraped = await fetch(`${baseURL}/metrics`);
      expect(scraped.status).toBe(200);
      const text = await scraped.text();

      expect(total(text, 'sevadocs_http_requests_total', { route: '/api/v1/application/order' })).toBeGreaterThan(0);
      expect(total(text, 'sevadocs_http_request_duration_seconds_count')).toBeGreaterThan(0);
      expect(samplesOf(text, 'nodejs_eventloop_lag_p99_seconds')).toHaveLength(1);
      expect(total(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect(samplesOf(text, 'sevadocs_job_queue_jobs').some((s) => s.labels.queue === 'mail.send')).toBe(true);
      expect(samplesOf(text, 'sevadocs_job_queue_oldest_ready_seconds').length).toBeGreaterThan(0);
      expect(total(text, 'sevadocs_emails_total', { purpose: 'verify-email', result: 'sent' })).toBeGreaterThan(0);
      expect(total(text, 'sevadocs_payment_attempts', { provider: 'sandbox', state: 'pending' })).toBeGreaterThan(0);
      expect(samplesOf(text, 'sevadocs_payment_attempts').some((s) => s.labels.state === 'stray')).toBe(true);
      expect(samplesOf(text, 'sevadocs_payment_refunds').some((s) => s.labels.reason === 'stray')).toBe(true);
      expect(total(text, 'sevadocs_photo_check_duration_seconds_count')).toBeGreaterThan(0);

      // The new health routes answer on the built server too.
      expect((await fetch(`${baseURL}/api/v1/health/live`)).status).toBe(200);
      const ready = await fetch(`${baseURL}/api/v1/health/ready`);
      expect(ready.status, await ready.clone().text()).toBe(200);
    },
    TEST_TIMEOUT_MS,
  );
});
