import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createUsersService } from '../users/service.ts';
import { createAuthService } from './service.ts';
import { createSignedInUser } from './testing.ts';

let t: TestApp;
const pools: pg.Pool[] = [];
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  await t.close();
});

/** The auth service on the test database (a connection of its own), counting the statements it sends. */
function countingAuth(adminEmails: string[] = []) {
  const statements: string[] = [];
  const { database } = t.app;
  const options = { schema, casing: 'snake_case' as const, logger: { logQuery: (q: string) => statements.push(q) } };
  let db: Database;
  if (database.pglite) db = drizzlePglite(database.pglite, options) as unknown as Database;
  else {
    const pool = new pg.Pool({ connectionString: database.connectionString, max: 1 });
    pools.push(pool);
    db = drizzlePg(pool, options) as unknown as Database;
  }
  const auth = createAuthService(db, {
    users: createUsersService(db, { adminEmails }),
    notifications: t.app.services.notifications,
    mail: t.app.mail,
    jobs: t.app.jobs,
    siteUrl: t.app.env.siteUrl,
  });
  return { auth, statements, db };
}

// Every signed-in request (each page of the dashboard, each API call) looks its session up first
// (docs/decisions/0124-render-share.md).
describe('the session look-up', () => {
  it('reads the session and its account in one statement', async () => {
    const { token, email, id } = await createSignedInUser(t.app);
    const { auth, statements } = countingAuth();
    const resolved = await auth.resolveSession(token);
    expect(resolved?.viewer).toMatchObject({ id, email, role: 'customer' });
    expect(statements).toHaveLength(1);
  });

  it('is sent as an unnamed statement, which a pooler in transaction mode (PgBouncer) carries', async () => {
    const { token } = await createSignedInUser(t.app);
    const { auth, db, statements } = countingAuth();
    expect(await auth.resolveSession(token)).not.toBeNull();
    expect(await auth.resolveSession(token)).not.toBeNull();
    // On PostgreSQL a named statement would stay in the connection's pg_prepared_statements (the
    // look-up's pool has one connection; decision 0131).
    expect(statements).toHaveLength(2);
    // Both drivers answer a result with its rows (PGlite's Results, node-postgres's QueryResult).
    const prepared = (await db.execute(sql`select name from pg_prepared_statements`)) as { rows: unknown[] };
    expect(prepared.rows).toEqual([]);
  });

  it('still gives an ADMIN_EMAILS address the admin role', async () => {
    const { token, email } = await createSignedInUser(t.app);
    const { auth } = countingAuth([email.toUpperCase()]);
    expect((await auth.resolveSession(token))?.viewer.role).toBe('admin');
  });
});
