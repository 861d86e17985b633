import type { FastifyInstance } from 'fastify';
import { createContext } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContextValue } from '../../contracts/load-context.ts';
import { buildApp } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { loadEnv } from '../env.ts';
import { createJobQueue } from '../jobs/queue.ts';
import { createSignedInUser, sessionCookie } from '../modules/auth/testing.ts';
import { createTestDatabase } from '../test/database.ts';
import { stubServerBuild } from '../test/server-build.ts';

/**
 * The page handler hands the signed-in user to the web app's loaders: a stand-in server build
 * whose document handler prints what it received in its load context.
 */
const appContext = createContext<AppContextValue>();
const build = stubServerBuild({
  appContext,
  default: (_request, status, headers, _ctx, load) => {
    const { viewer, publicConfig } = load.get(appContext);
    headers.set('content-type', 'application/json');
    headers.set('cache-control', 'public, max-age=0, s-maxage=60');
    return new Response(JSON.stringify({ viewer, recaptchaSiteKey: publicConfig.recaptchaSiteKey }), {
      status,
      headers,
    });
  },
});

let app: FastifyInstance;
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RECAPTCHA_SITE_KEY: 'site-key' }),
    database,
    logger: false,
    web: { build, clientDir: '/nonexistent' },
    // No workers: the mail helpers run the e-mail jobs themselves, as in buildTestApp (a worker
    // racing them for the sign-up's e-mail made the mailbox read flaky).
    jobs: createJobQueue(database, { workers: false }),
  });
  await app.ready();
  // Sign-up queues its e-mail: the job queue must run (tokenFromMail delivers it).
  await app.jobs.start();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('pages see the signed-in user', () => {
  it('renders with viewer null for a visitor and the user for a session cookie', async () => {
    const anonymous = await app.inject({ url: '/' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ viewer: null, recaptchaSiteKey: 'site-key' });

    const user = await createSignedInUser(app, { name: 'Kavya Rao' });
    const signedIn = await app.inject({ url: '/', headers: sessionCookie(user.token) });
    expect(signedIn.json().viewer).toEqual({
      id: user.id,
      name: 'Kavya Rao',
      email: user.email,
      role: 'customer',
      ageGroup: null,
      isDashboardVisible: false,
      loginTime: expect.any(Number),
      expiresAt: expect.any(Number),
    });
    expect(signedIn.json().viewer.expiresAt - signedIn.json().viewer.loginTime).toBe(120 * 60 * 1000);
    // A signed-in page is private to its user.
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
  });
});

describe('a stale session cookie', () => {
  it('is cleared on a page or API answer that no shared cache may keep', async () => {
    const stale = sessionCookie('s'.repeat(43));
    for (const url of ['/', '/api/v1/services']) {
      const res = await app.inject({ url, headers: stale });
      expect(res.statusCode, url).toBe(200);
      expect(String(res.headers['set-cookie']), url).toMatch(/^sevadocs_session=;/);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
  });
});
