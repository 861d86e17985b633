import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { watchForDirectConnections } from './proxy-check.ts';

/** An app trusting `trustProxy` as buildApp does, and the warnings it logs. */
async function appTrusting(trustProxy: false | number | string[]) {
  const warnings: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      const line = JSON.parse(String(chunk)) as { level: number; msg: string };
      if (line.level === 40) warnings.push(line.msg);
      done();
    },
  });
  const app = Fastify({
    logger: { level: 'warn', stream },
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
  });
  watchForDirectConnections(app, trustProxy);
  app.get('/', async (request) => request.ip);
  await app.ready();
  return { app, warnings };
}

describe('watchForDirectConnections', () => {
  it('warns once when a peer that is not a trusted proxy sends X-Forwarded-For', async () => {
    const { app, warnings } = await appTrusting(['10.0.0.0/8']);
    const forwarded = { 'x-forwarded-for': '198.51.100.7' };
    // Through the proxy, and a direct request without forwarded headers: nothing to say.
    expect((await app.inject({ url: '/', remoteAddress: '10.0.0.5', headers: forwarded })).body).toBe('198.51.100.7');
    await app.inject({ url: '/', remoteAddress: '203.0.113.9' });
    expect(warnings).toEqual([]);
    // Straight to the port with a forged header: ignored (the peer is the client), and said once.
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ url: '/', remoteAddress: '203.0.113.9', headers: forwarded });
      expect(res.body).toBe('203.0.113.9');
    }
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/reachable without the proxy/);
    await app.close();
  });

  it('says at start-up that a hop count cannot tell a direct connection from the proxy', async () => {
    const { app, warnings } = await appTrusting(1);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/TRUST_PROXY=1 .* reachable only through the proxy/);
    await app.close();
  });

  it('warns once when a proxy forwards requests to an app that trusts none: every client would be the proxy', async () => {
    for (const [name, value] of [
      ['x-forwarded-for', '198.51.100.7'],
      ['forwarded', 'for=198.51.100.7;proto=https'],
      ['x-real-ip', '198.51.100.7'],
    ] as const) {
      const { app, warnings } = await appTrusting(false);
      await app.inject({ url: '/', remoteAddress: '10.0.0.5' });
      expect(warnings).toEqual([]);
      for (let i = 0; i < 3; i++) {
        const res = await app.inject({ url: '/', remoteAddress: '10.0.0.5', headers: { [name]: value } });
        expect(res.body).toBe('10.0.0.5');
      }
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/TRUST_PROXY is unset: every client counts as this peer/);
      await app.close();
    }
  });
});
