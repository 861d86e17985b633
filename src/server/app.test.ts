import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('API conventions', () => {
  it('reports database reachability on /api/v1/health', async () => {
    const res = await t.app.inject({ url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isSuccess: true, statusCode: 200, data: { status: 'ok', database: 'up' } });
  });

  it('answers 503 with the envelope when the database is gone', async () => {
    const broken = await buildTestApp();
    await broken.database.close();
    const res = await broken.app.inject({ url: '/api/v1/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ isSuccess: false, statusCode: 503, data: { database: 'down' } });
    await broken.app.close();
  });

  it('answers unknown API paths with a JSON 404 envelope', async () => {
    for (const url of ['/api/v1/nope', '/api/v2/services', '/api/v1/services/extra/path']) {
      const res = await t.app.inject({ url, method: 'POST', payload: {} });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toMatchObject({ isSuccess: false, statusCode: 404, data: null });
    }
  });

  it('echoes a request id and sets security headers', async () => {
    const res = await t.app.inject({ url: '/api/v1/health', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const generated = await t.app.inject({ url: '/api/v1/health', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the OpenAPI document with every API operation', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/health', '/api/v1/services', '/api/v1/country-codes']),
    );
    const ui = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('answers a truncated JSON body with a 400 envelope, never a 5xx', async () => {
    const res = await t.app.inject({
      url: '/api/v1/services',
      method: 'GET',
      headers: { 'content-type': 'application/json' },
      payload: '{"page":',
    });
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('robots.txt, sitemap.xml and the icon', () => {
  it('sends a browser asking for /favicon.ico to the site icon', async () => {
    const res = await t.app.inject({ url: '/favicon.ico' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/favicon.svg');
  });

  it('serves robots.txt pointing at the sitemap', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });

  it('lists the home page, the services list and every active service page', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    const services = (await t.app.inject({ url: '/api/v1/services' })).json().data.results;
    expect(res.body).toContain('<loc>http://localhost:3000/</loc>');
    expect(res.body).toContain('<loc>http://localhost:3000/services</loc>');
    for (const s of services) expect(res.body).toContain(`<loc>http://localhost:3000/${s.slug}</loc>`);
  });
});

describe('content security policy', () => {
  it('lets inline scripts run only with a fresh nonce per response, never unsafe-inline', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i += 1) {
      const csp = String((await t.app.inject({ url: '/api/v1/health' })).headers['content-security-policy']);
      const scriptSrc = /(?:^|; )script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc).not.toContain('unsafe-inline');
      expect(scriptSrc).not.toContain('unsafe-eval');
      const nonce = /'nonce-([A-Za-z0-9+/]{22}==)'/.exec(scriptSrc)?.[1];
      expect(nonce, csp).toBeDefined();
      nonces.add(nonce as string);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
    }
    expect(nonces.size).toBe(3);
  });

  it('admits Google reCAPTCHA only when a site key is configured', async () => {
    const plain = (await t.app.inject({ url: '/api/v1/health' })).headers['content-security-policy'];
    expect(plain).not.toContain('https://www.gstatic.com');
    const withCaptcha = await buildTestApp({ RECAPTCHA_SITE_KEY: 'site-key', RECAPTCHA_SECRET_KEY: 'secret' });
    const csp = String((await withCaptcha.app.inject({ url: '/api/v1/health' })).headers['content-security-policy']);
    expect(csp).toMatch(/script-src [^;]*https:\/\/www\.gstatic\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/www\.google\.com/);
    await withCaptcha.close();
  });
});
