import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/**
 * The dev mailbox holds password-reset links: reading it would take over any account, so it
 * answers only someone on this machine (DESIGN.md §1).
 */
describe('who may read the dev mailbox', () => {
  it('answers a loopback client that no proxy relayed', async () => {
    for (const remoteAddress of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1']) {
      const res = await t.app.inject({ url: '/api/v1/dev/mailbox', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
    }
  });

  it('is a 404 for any other address', async () => {
    for (const remoteAddress of ['203.0.113.9', '10.0.0.5', '192.168.1.20', '::ffff:10.0.0.5', '2001:db8::1']) {
      const res = await t.app.inject({ url: '/api/v1/dev/mailbox', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(404);
      expect(res.json()).toMatchObject({ isSuccess: false, statusCode: 404 });
      expect(res.body).not.toContain('results');
    }
  });

  it('is a 404 for a request a proxy on this machine relayed', async () => {
    for (const header of [
      { 'x-forwarded-for': '203.0.113.9' },
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
      { via: '1.1 nginx' },
    ]) {
      const res = await t.app.inject({ url: '/api/v1/dev/mailbox', remoteAddress: '127.0.0.1', headers: header });
      expect(res.statusCode, JSON.stringify(header)).toBe(404);
    }
  });
  it('is a 404 for a page in a browser on this machine that reached it under another name (DNS rebinding)', async () => {
    for (const host of [
      'attacker.example',
      'attacker.example:3000',
      '127.0.0.1.nip.io',
      'localhost.attacker.example',
    ]) {
      const res = await t.app.inject({ url: '/api/v1/dev/mailbox', remoteAddress: '127.0.0.1', headers: { host } });
      expect(res.statusCode, host).toBe(404);
    }
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'LOCALHOST:3000']) {
      const res = await t.app.inject({ url: '/api/v1/dev/mailbox', remoteAddress: '127.0.0.1', headers: { host } });
      expect(res.statusCode, host).toBe(200);
    }
  });
});

describe('behind a trusted proxy', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await buildTestApp({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => proxied.close());

  it('stays local even when TRUST_PROXY would believe the forwarded address', async () => {
    const res = await proxied.app.inject({
      url: '/api/v1/dev/mailbox',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(res.statusCode).toBe(404);
  });
});
