import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { createTestDatabase } from '../test/database.ts';
import { databaseConfigFor, FIRST_NON_BASE_TYPE_OID, openDatabase } from './client.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'sevadocs-db-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('embedded database directory', () => {
  it('refuses a second opener while the first holds it, and frees it on close', async () => {
    const first = await openDatabase({ kind: 'pglite', dataDir });
    // Another live process (our parent, which outlives this test) holding the directory.
    writeFileSync(join(dataDir, 'server.pid'), String(process.ppid));
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(/is in use by process/);
    writeFileSync(join(dataDir, 'server.pid'), String(process.pid));
    await first.close();
    const second = await openDatabase({ kind: 'pglite', dataDir });
    await second.executeSql('select 1');
    await second.close();
    // Two cold starts of the embedded engine; slow on a loaded two-core machine.
  }, 60_000);

  // From the suite's PGlite template (a fresh data directory would run initdb twice).
  it.runIf(inject('databaseTemplate').kind === 'pglite')(
    "starts with PostgreSQL's default cache, or the shared buffers asked for",
    async () => {
      const shown = async (database: Awaited<ReturnType<typeof openDatabase>>) => {
        const { rows } = await database.executeSql('show shared_buffers');
        await database.close();
        return rows;
      };
      const source = await createTestDatabase();
      const dump = await source.pglite?.dumpDataDir('none');
      await source.close();
      expect(await shown(await openDatabase({ kind: 'pglite', loadDataDir: dump }))).toEqual([
        { shared_buffers: '128MB' },
      ]);
      expect(await shown(await openDatabase({ kind: 'pglite', loadDataDir: dump, sharedBuffers: '16MB' }))).toEqual([
        { shared_buffers: '16MB' },
      ]);
    },
  );

  // Each test file unpacks this template into a PGlite: what it holds is load time (decision 0125-unit-cpu).
  it.runIf(inject('databaseTemplate').kind === 'pglite')(
    'builds the test template small: 1 MB WAL segments, no template databases, the job queues made',
    async () => {
      const database = await createTestDatabase();
      try {
        const one = async (text: string) => (await database.executeSql(text)).rows[0];
        expect(await one('show wal_segment_size')).toEqual({ wal_segment_size: '1MB' });
        expect((await database.executeSql('select datname from pg_database')).rows).toEqual([{ datname: 'postgres' }]);
        const queues = (await one('select count(*)::int as n from pgboss.queue')) as { n: number };
        expect(queues.n).toBeGreaterThan(0);
      } finally {
        await database.close();
      }
    },
  );

  it('gives the embedded server 16MB of shared buffers, not the default 128MB (decision 0093-memory)', () => {
    expect(databaseConfigFor({ dataDir: '/srv/sevadocs' })).toEqual({
      kind: 'pglite',
      dataDir: join('/srv/sevadocs', 'pglite'),
      sharedBuffers: '16MB',
    });
  });

  it('takes over the lock a crashed process left behind', async () => {
    writeFileSync(join(dataDir, 'server.pid'), '999999999');
    const db = await openDatabase({ kind: 'pglite', dataDir });
    await db.close();
  });

  it('keeps the folder to its own user, one made open before included', async () => {
    chmodSync(dataDir, 0o755);
    const db = await openDatabase({ kind: 'pglite', dataDir });
    try {
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    } finally {
      await db.close();
    }
  });
});

describe.runIf(inject('databaseTemplate').kind === 'pglite')('embedded database under load', () => {
  it('lets the event loop turn between the statements of concurrent callers (decision 0085)', async () => {
    const database = await createTestDatabase();
    try {
      // Twenty "requests", each ten statements in a row through Drizzle, as a route's would be.
      let done = 0;
      const requests = Array.from({ length: 20 }, async () => {
        for (let i = 0; i < 10; i += 1) {
          await database.db.execute(sql`select 1`);
          done += 1;
        }
      });
      // A timer due at once: it runs when the event loop next gets a turn (where sockets are read).
      const doneWhenTheLoopTurned = await new Promise<number>((resolve) => setTimeout(() => resolve(done), 0));
      await Promise.all(requests);
      expect(done).toBe(200);
      // Without a turn between statements, the whole chain ran first: 200.
      expect(doneWhenTheLoopTurned).toBeLessThan(50);
    } finally {
      await database.close();
    }
  });
});

describe.runIf(inject('databaseTemplate').kind === 'pglite')('embedded database result parsers (decision 0190)', () => {
  it("keeps only the base types' parsers, though the data directory holds the schema", async () => {
    const database = await createTestDatabase();
    try {
      const oids = Object.keys(database.pglite?.parsers ?? {}).map(Number);
      // text, jsonb, timestamptz and their arrays among them.
      expect(oids).toEqual(expect.arrayContaining([25, 1009, 3802, 3807, 1184, 1185]));
      // PGlite's own start registered 318 here, 214 of them for the catalogs' row types, and one
      // more for each of our tables; the test template holds them all.
      expect(oids.filter((oid) => oid >= FIRST_NON_BASE_TYPE_OID)).toEqual([]);
      expect(oids.length).toBeLessThan(120);
    } finally {
      await database.close();
    }
  });

  it("parses what it parsed before: base types' arrays, JSON, times as Date and, through Drizzle, as text", async () => {
    const database = await createTestDatabase();
    try {
      const { rows } = await database.executeSql(
        `select array['a','b'] as texts, array[1,2]::int4[] as numbers, '[{"a":1}]'::jsonb as json,
           array['{"b":2}'::jsonb] as jsons, timestamptz '2026-12-07 04:00:00+00' as at`,
      );
      expect(rows[0]).toMatchObject({
        texts: ['a', 'b'],
        numbers: [1, 2],
        json: [{ a: 1 }],
        jsons: [{ b: 2 }],
        at: new Date('2026-12-07T04:00:00Z'),
      });
      // Drizzle's statements name parsers of their own: PGlite merges them into the instance's.
      const result = await database.db.execute(
        sql`select timestamptz '2026-12-07 04:00:00+00' as at, array(select s from services s limit 1) as services`,
      );
      const [row] = (result as unknown as { rows: { at: unknown; services: unknown }[] }).rows;
      expect(row?.at).toBe('2026-12-07 04:00:00+00');
      // An array of a table's rows: PostgreSQL's text, as node-pg gives it from a server.
      expect(row?.services).toEqual(expect.stringMatching(/^\{"\(/));
    } finally {
      await database.close();
    }
  });
});

const template = inject('databaseTemplate');

describe.runIf(template.kind === 'postgres')('PostgreSQL server connections', () => {
  it('survives the server dropping its idle pooled connections (a restart) and reconnects on the next query', async () => {
    const database = await createTestDatabase();
    if (template.kind !== 'postgres') return;
    const admin = await openDatabase({ kind: 'postgres', url: template.adminUrl, poolSize: 1 });
    try {
      // Two idle connections in the pool.
      await Promise.all([database.executeSql('select pg_sleep(0.05)'), database.executeSql('select pg_sleep(0.05)')]);
      const { rows } = await database.executeSql('select current_database() as name');
      const name = (rows[0] as { name: string }).name;
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      // What a restart does to every session; an unhandled pool 'error' would end this process.
      await admin.executeSql('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
      await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(2), { timeout: 5_000, interval: 20 });
      expect(String(warn.mock.calls[0]?.[0])).toMatch(/^PostgreSQL closed an idle pooled connection/);
      warn.mockRestore();
      expect((await database.executeSql('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await admin.close();
      await database.close();
    }
  });
});
