import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { ROLE_MESSAGES, type StaffRole } from '../../../domain/users/roles.ts';
import type { Database } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { MULTIPART_CONTENT_TYPE, multipart, type Part } from '../../test/multipart.ts';
import { bearer, createSignedInUser } from '../auth/testing.ts';
import { users } from './tables.ts';

/**
 * A signed-in staff member or admin for back-office tests: a verified account whose stored role
 * is set directly (in the app, admins grant roles from /admin/users; the first come from ADMIN_EMAILS).
 */
export async function createStaffUser(
  app: FastifyInstance,
  db: Database,
  role: StaffRole,
  overrides: Record<string, unknown> = {},
): Promise<{ token: string; email: string; id: number }> {
  const user = await createSignedInUser(app, { name: role === 'admin' ? 'Asha Admin' : 'Sunil Staff', ...overrides });
  await db.update(users).set({ role }).where(eq(users.id, user.id));
  return user;
}

/**
 * One back-office endpoint's role guard (decision 0067): a visitor gets 401, a customer 403 with
 * the one message, and staff 403 where the endpoint is the admins' alone. `send` makes the request
 * with the headers given.
 */
export async function expectRoleGuard(
  app: FastifyInstance,
  db: Database,
  needed: StaffRole,
  send: (headers: Record<string, string>) => Promise<{ statusCode: number; json(): unknown }>,
): Promise<void> {
  expect((await send({})).statusCode, 'a visitor').toBe(401);
  const customer = await createSignedInUser(app);
  const refused = await send(bearer(customer.token));
  expect(refused.statusCode, 'a customer').toBe(403);
  expect((refused.json() as { message?: string }).message).toBe(ROLE_MESSAGES.forbidden);
  if (needed === 'admin') {
    const staff = await createStaffUser(app, db, 'staff');
    expect((await send(bearer(staff.token))).statusCode, 'staff').toBe(403);
  }
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A back-office API test file's app and signed-in admin, built before its tests and closed after
 * them; read `app`, `database` and `admin` inside tests. `call` sends with the headers given,
 * `asAdmin` as the admin, `upload` one file as multipart (as the admin unless told otherwise).
 */
export function setUpAdminApi() {
  let t: TestApp;
  let admin: { token: string; email: string; id: number };
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createStaffUser(t.app, t.database.db, 'admin');
  });
  afterAll(() => t.close());

  const call = (method: Method, url: string, headers: Record<string, string> = {}, payload?: Record<string, unknown>) =>
    t.app.inject(
      payload === undefined
        ? { method, url: `/api/v1${url}`, headers }
        : { method, url: `/api/v1${url}`, headers, payload },
    );
  return {
    get app() {
      return t.app;
    },
    get database() {
      return t.database;
    },
    get admin() {
      return admin;
    },
    call,
    asAdmin: (method: Method, url: string, payload?: Record<string, unknown>) =>
      call(method, url, bearer(admin.token), payload),
    upload: (url: string, file: Part, headers: Record<string, string> = bearer(admin.token)) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1${url}`,
        headers: { 'content-type': MULTIPART_CONTENT_TYPE, ...headers },
        payload: multipart([file]),
      }),
    /**
     * Counts the content changes this test's requests make from now on (the content-changed hook);
     * on PostgreSQL their notices echo back later, at their own pace, and are not counted.
     */
    countChanges() {
      let count = 0;
      const stop = t.app.services.contentChanges.subscribe((cause) => {
        if (cause === 'change') count += 1;
      });
      return {
        get count() {
          return count;
        },
        stop,
      };
    },
    /** One subject's audit entries, oldest first, as the tests compare them. */
    auditOf: async (type: string, id: number) =>
      (
        await t.app.services.audit.list({
          page: 1,
          limit: 100,
          sort: 'createdAt',
          dir: 'asc',
          q: undefined,
          subjectType: type,
          subjectId: String(id),
        })
      ).results.map(({ action, before, after, actorEmail }) => ({ action, before, after, actorEmail })),
  };
}
