import { type AddressInfo, connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUL_CHARACTER_MESSAGE } from '../domain/api/text.ts';
import { contactEnquirySchema } from '../domain/contact/schema.ts';
import { buildApp, HEADERS_TIMEOUT_MS } from './app.ts';
import type { DatabaseHandle } from './db/client.ts';
import { loadEnv } from './env.ts';
import { BACKSTOP_REQUEST_TIMEOUT_MS, BODY_DEADLINES } from './http/body-deadlines.ts';
import { HEADERS_TOO_LARGE_MESSAGE, UNREADABLE_REQUEST_MESSAGE } from './http/client-errors.ts';
import { createSignedInUser, sessionCookie } from './modules/auth/testing.ts';
import { createStaffUser } from './modules/users/testing.ts';
import { BAD_ADDRESS_MESSAGE } from './plugins/error-handler.ts';
import { PERMISSIONS_POLICY } from './plugins/security.ts';
import { buildTestApp, PRODUCTION_CONTACT, PRODUCTION_PAYMENTS, type TestApp } from './test/app.ts';
import { createTestDatabase } from './test/database.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const enquiry = {
  name: 'Asha Verma',
  email: 'asha@example.com',
  phone: '+1 415 555 0123',
  enquiryType: 'new-application',
  topic: 'indian-consular-application',
  message: 'When will my OCI card be ready? I applied last month.',
};

describe('methods the app does not serve', () => {
  it('answers TRACE and other methods with 405 and Allow, on pages and the API alike', async () => {
    for (const [method, url] of [
      ['TRACE', '/'],
      ['TRACE', '/oci-card'],
      ['TRACE', '/api/v1/health'],
      ['PROPFIND', '/'],
    ] as const) {
      const res = await t.app.inject({ method: method as 'GET', url });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow).toContain('GET');
      expect(res.json()).toMatchObject({ isSuccess: false, statusCode: 405 });
    }
  });
});

describe('a body the API does not read', () => {
  it('is a 415 in the envelope for text/plain, not a check of a string', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact/user-info',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify(enquiry),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ isSuccess: false, statusCode: 415, message: 'Unsupported content type' });
  });
});

describe('an address that is not a valid URL', () => {
  it('is refused in the envelope, never sniffed nor cached, on pages and the API alike', async () => {
    for (const url of ['/%', '/oci-card%zz', '/api/v1/services/%E0%A4%A']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ isSuccess: false, statusCode: 400, message: BAD_ADDRESS_MESSAGE, data: null });
      expect(res.body).not.toContain('FST_');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('the NUL character', () => {
  it('is refused by the shared form fields with a clear message', () => {
    expect(contactEnquirySchema.safeParse(enquiry).success).toBe(true);
    const result = contactEnquirySchema.safeParse({ ...enquiry, message: `Hello\u0000 there, my card is late` });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['message', NUL_CHARACTER_MESSAGE],
    ]);
  });

  it('is a 400 naming the field in any API body, query or path value, never a 500', async () => {
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact/user-info',
      payload: { ...enquiry, message: 'Hello\u0000 there, my card is late' },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({ message: NUL_CHARACTER_MESSAGE, errors: { message: NUL_CHARACTER_MESSAGE } });

    const nested = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email: 'a@example.com', password: 'x\u0000y' },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().errors).toEqual({ password: NUL_CHARACTER_MESSAGE });

    const query = await t.app.inject({ url: '/api/v1/services?search=%00' });
    expect(query.statusCode).toBe(400);
    const path = await t.app.inject({ url: '/api/v1/services/oci%00card' });
    expect(path.statusCode).toBe(400);
  });
});

/** What the app answers on a raw connection to `text`, once it closes the connection. */
async function rawAnswer(app: FastifyInstance, text: string): Promise<string> {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
    setTimeout(() => reject(new Error('the connection was never closed')), 10_000).unref();
  });
}

describe('requests refused before any route runs', () => {
  it('a 20 KB query string is a 431 in the envelope, not Fastify’s own error object', async () => {
    const answer = await rawAnswer(
      t.app,
      `GET /api/v1/services?search=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toContain('Cache-Control: no-store');
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      isSuccess: false,
      statusCode: 431,
      message: HEADERS_TOO_LARGE_MESSAGE,
      data: null,
    });
  });

  it('bytes that are not HTTP are a 400 in the envelope', async () => {
    const answer = await rawAnswer(t.app, 'HELLO THERE\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({
      statusCode: 400,
      message: UNREADABLE_REQUEST_MESSAGE,
    });
  });
});

describe('stalled clients', () => {
  it('are cut off: headers within 15 s, bodies by http/body-deadlines.ts, Node’s whole-request limit a backstop', () => {
    expect(t.app.server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(HEADERS_TIMEOUT_MS).toBe(15_000);
    expect(t.app.server.requestTimeout).toBe(BACKSTOP_REQUEST_TIMEOUT_MS);
    expect(BACKSTOP_REQUEST_TIMEOUT_MS).toBeGreaterThan(BODY_DEADLINES.bodyMs);
  });

  describe('with a short timeout', () => {
    let quick: TestApp;
    beforeAll(async () => {
      quick = await buildTestApp(
        {},
        { bodyDeadlines: { bodyMs: 600, uploadWindowMs: 600, uploadMinBytesPerSecond: 1_000 } },
      );
    });
    afterAll(() => quick.close());

    it('closes a connection whose body never finishes (a 408 once the timeout passes)', async () => {
      const started = Date.now();
      const answer = await rawAnswer(
        quick.app,
        'POST /api/v1/contact/user-info HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"na',
      );
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(Date.now() - started).toBeLessThan(5_000);
    });
  });
});

describe('headers on every answer', () => {
  it('turns powerful browser features off', async () => {
    const res = await t.app.inject({ url: '/api/v1/health' });
    expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(PERMISSIONS_POLICY).toMatch(/camera=\(\)/);
    expect(PERMISSIONS_POLICY).toMatch(/microphone=\(\)/);
    expect(PERMISSIONS_POLICY).toMatch(/geolocation=\(\)/);
    expect(PERMISSIONS_POLICY).toMatch(/payment=\(\)/);
  });

  it('keeps a signed-in answer and any answer that sets a cookie out of shared caches', async () => {
    const { token } = await createSignedInUser(t.app);
    const services = await t.app.inject({ url: '/api/v1/services', headers: sessionCookie(token) });
    expect(services.statusCode).toBe(200);
    expect(services.headers['cache-control']).toBe('private, no-store');

    const anonymous = await t.app.inject({ url: '/api/v1/services' });
    expect(anonymous.headers['cache-control'] ?? '').not.toContain('no-store');

    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signout',
      headers: { ...sessionCookie(token), origin: 'http://localhost:3000' },
    });
    expect(signOut.headers['set-cookie']).toBeDefined();
    expect(signOut.headers['cache-control']).toBe('private, no-store');
  });
});

describe('TRUST_PROXY', () => {
  let database: DatabaseHandle;
  let proxied: FastifyInstance;
  const seen: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    proxied = await buildApp({
      env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: '10.0.0.0/8' }),
      database,
      logger: false,
    });
    proxied.addHook('onResponse', async (request) => {
      seen.push(request.ip);
    });
  });
  afterAll(async () => {
    await proxied.close();
    await database.close();
  });

  it('is parsed as a hop count or proxy addresses', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => loadEnv({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('believes X-Forwarded-For only from the configured proxies', async () => {
    for (const remoteAddress of ['10.0.0.5', '203.0.113.9']) {
      await proxied.inject({ url: '/api/v1/health', remoteAddress, headers: { 'x-forwarded-for': '198.51.100.7' } });
    }
    // From the proxy: the client it names; from anyone else: the peer itself.
    expect(seen).toEqual(['198.51.100.7', '203.0.113.9']);
  });
});

describe('the API document (/api/docs)', () => {
  it('is open to anyone in development and the tests', async () => {
    expect((await t.app.inject({ url: '/api/docs/' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/docs/json' })).statusCode).toBe(200);
  });

  it('is for staff only wherever the production build runs (npm start, embedded)', async () => {
    const started = await buildTestApp({ NODE_ENV: 'production' });
    try {
      const { app, database } = started;
      const customer = await createSignedInUser(app);
      const staff = await createStaffUser(app, database.db, 'staff');
      for (const url of ['/api/docs/', '/api/docs/json']) {
        expect((await app.inject({ url })).statusCode, `${url} for a visitor`).toBe(401);
        expect((await app.inject({ url, headers: sessionCookie(customer.token) })).statusCode, url).toBe(403);
        expect((await app.inject({ url, headers: sessionCookie(staff.token) })).statusCode, url).toBe(200);
      }
      const json = await app.inject({ url: '/api/docs/json', headers: sessionCookie(staff.token) });
      expect(json.json().paths['/api/v1/health']).toBeDefined();
    } finally {
      await started.close();
    }
  });
});

describe('a production deployment', () => {
  let production: TestApp;
  beforeAll(async () => {
    production = await buildTestApp({
      DEPLOYMENT: 'production',
      NODE_ENV: 'production',
      ...PRODUCTION_PAYMENTS,
      ...PRODUCTION_CONTACT,
      SITE_URL: 'https://sevadocs.example',
      SMTP_URL: 'smtp://127.0.0.1:1',
      RECAPTCHA_SECRET_KEY: 'secret',
      RECAPTCHA_SITE_KEY: 'site-key',
    });
  });
  afterAll(() => production.close());

  it('keeps the API document and its UI from visitors', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/static/index.html', '/api/docs/json']) {
      expect((await production.app.inject({ url })).statusCode, url).toBe(401);
    }
  });

  it('tells browsers to keep to HTTPS (HSTS), which the embedded mode on plain HTTP does not', async () => {
    const health = await production.app.inject({ url: '/api/v1/health' });
    expect(health.headers['strict-transport-security']).toMatch(/^max-age=\d+; includeSubDomains/);
    expect((await t.app.inject({ url: '/api/v1/health' })).headers['strict-transport-security']).toBeUndefined();
  });
});
