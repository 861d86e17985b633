import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_API_MESSAGES } from '../domain/auth/messages.ts';
import { ROLE_MESSAGES } from '../domain/users/roles.ts';
import { API_PREFIX } from './app.ts';
import { bearer, createSignedInUser } from './modules/auth/testing.ts';
import { buildTestApp, type TestApp } from './test/app.ts';

/**
 * Every back-office endpoint checks the role on arrival, before it reads or validates anything
 * the client sent: a customer is told 403 and nothing about the fields an endpoint expects (issue
 * 29 §3). The endpoints are taken from Fastify's own route table, so new ones are covered as they
 * land.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Every method and full path of the app's routes, read from `printRoutes` (one node per line, four characters a level). */
function routeTable(printed: string): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const parents: string[] = [];
  for (const line of printed.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (parents[depth - 1] ?? '') + match[2];
    parents[depth] = path;
    parents.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, path });
  }
  return routes;
}

/** SPEC.md §7 names two back-office operations outside /admin. */
const BACK_OFFICE_OUTSIDE_ADMIN = [`${API_PREFIX}/users/verify-user`, `${API_PREFIX}/questions/upload`];
const isBackOffice = (path: string) =>
  path.startsWith(`${API_PREFIX}/admin/`) || BACK_OFFICE_OUTSIDE_ADMIN.includes(path);

describe('the back office’s role check', () => {
  it('answers a visitor 401 and a customer 403 on every endpoint, whatever the body, path or query', async () => {
    const routes = routeTable(t.app.printRoutes({ commonPrefix: false })).filter(
      (r) => isBackOffice(r.path) && r.method !== 'HEAD',
    );
    // Issue 29 counted 33 write operations answering a customer's invalid body with 400.
    expect(routes.filter((r) => r.method !== 'GET').length).toBeGreaterThanOrEqual(33);
    const customer = await createSignedInUser(t.app);
    const wrong: string[] = [];
    for (const { method, path } of routes) {
      // A path value no endpoint accepts, a query none expects, and a body of the wrong shape.
      const url = `${path.replace(/:\w+/g, 'not-an-id')}?page=-1&limit=x&status=zzz`;
      const writes = method !== 'GET' && method !== 'DELETE';
      for (const [who, headers, status] of [
        ['visitor', {}, 401],
        ['customer', bearer(customer.token), 403],
      ] as const) {
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers,
          ...(writes ? { payload: [{ unexpected: true }] } : {}),
        });
        if (res.statusCode !== status)
          wrong.push(`${method} ${path} (${who}): ${res.statusCode} ${res.body.slice(0, 80)}`);
        else if (who === 'customer') expect(res.json().message).toBe(ROLE_MESSAGES.forbidden);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('the customer endpoints’ sign-in check', () => {
  it('answers a visitor 401 on every signed-in endpoint before it reads the body, path or query', async () => {
    // The signed-in endpoints as the API document declares them (its security, from the hooks).
    const docs = await t.app.inject({ url: '/api/docs/json' });
    const paths = docs.json().paths as Record<string, Record<string, { security?: object[] }>>;
    // A `{}` requirement makes the credentials optional (the operation answers a visitor too).
    const needsSession = (security: object[] = []) =>
      security.length > 0 && security.every((requirement) => Object.keys(requirement).length > 0);
    const signedIn = Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => needsSession(op.security) && !isBackOffice(path))
        .map(([method]) => ({ method: method.toUpperCase(), path })),
    );
    expect(signedIn.length).toBeGreaterThan(60);
    const wrong: string[] = [];
    for (const { method, path } of signedIn) {
      const writes = method !== 'GET' && method !== 'DELETE';
      const res = await t.app.inject({
        method: method as 'GET',
        url: `${path.replace(/\{\w+\}/g, 'not-an-id')}?page=-1&limit=x`,
        ...(writes ? { payload: [{ unexpected: true }] } : {}),
      });
      if (res.statusCode !== 401 || res.json().message !== AUTH_API_MESSAGES.signInRequired)
        wrong.push(`${method} ${path}: ${res.statusCode} ${res.body.slice(0, 80)}`);
    }
    expect(wrong).toEqual([]);
  });
});
