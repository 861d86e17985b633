import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { seedDatabase } from '../db/seed/index.ts';
import { buildTestApp } from './app.ts';
import { type DatabaseTemplate, TEST_SHARED_BUFFERS } from './database.ts';

const TEMPLATE_DB = 'sevadocs_test_template';

const SHARED = Symbol.for('sevadocs.test-database-template');

interface SharedTemplate {
  template: Promise<DatabaseTemplate>;
  /** Projects whose teardown has not run yet; the last one removes the template. */
  users: number;
}

/**
 * Migrates and seeds one database per run; each test file then starts from a copy of it:
 * a PGlite loaded from a dump, or a PostgreSQL database created from the template.
 *
 * The unit and unit-isolated projects both list this set-up, and vitest runs it once per project
 * in the same process: the first call makes the template and the second takes the same one (a
 * fresh PGlite's initdb, the migrations and the seed cost about 8 s of CPU each time).
 */
export default async function setup(project: TestProject) {
  const store = globalThis as { [SHARED]?: SharedTemplate };
  const shared = store[SHARED] ?? { template: makeTemplate(), users: 0 };
  store[SHARED] = shared;
  shared.users += 1;
  project.provide('databaseTemplate', await shared.template);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete store[SHARED];
    const template = await shared.template;
    if (template.kind === 'pglite') rmSync(template.file, { force: true });
  };
}

async function makeTemplate(): Promise<DatabaseTemplate> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB}`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    const { rows } = await admin.query<{ server_version_num: string }>('SHOW server_version_num');
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${TEMPLATE_DB}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
    await database.migrate();
    await seedDatabase(database.db);
    await createJobQueues(database);
    await database.close();
    // CREATE DATABASE's STRATEGY option came with PostgreSQL 15; before it, a copy was always by file.
    const fileCopyOption = Number(rows[0]?.server_version_num) >= 150000;
    return { kind: 'postgres', adminUrl, templateName: TEMPLATE_DB, fileCopyOption };
  }
  const database = await openDatabase({
    kind: 'pglite',
    sharedBuffers: TEST_SHARED_BUFFERS,
    // 1 MB WAL segments instead of 16, and only two kept after the checkpoint below.
    initdbArgs: ['--wal-segsize=1'],
    settings: { min_wal_size: '2MB' },
  });
  await database.migrate();
  await seedDatabase(database.db);
  await createJobQueues(database);
  // A test file's PGlite serves only the `postgres` database: the two templates CREATE DATABASE
  // copies were a third of the dump, unpacked at every load.
  for (const name of ['template0', 'template1']) {
    await database.executeSql(`ALTER DATABASE ${name} IS_TEMPLATE false`);
    await database.executeSql(`DROP DATABASE ${name}`);
  }
  await database.executeSql('CHECKPOINT');
  const dump = await database.pglite?.dumpDataDir('none');
  await database.close();
  if (!dump) throw new Error('PGlite dump failed');
  const dir = resolve('.tmp');
  mkdirSync(dir, { recursive: true });
  const file = resolve(dir, `pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return { kind: 'pglite', file };
}

/**
 * The app's pg-boss schema and queues, as its first start makes them: every test app starts the
 * job queue, and creating them took about 0.5 s of CPU per app. `jobs/queue.test.ts` removes the
 * schema from its database, and checks that start() creates it on a database without one.
 */
async function createJobQueues(database: DatabaseHandle): Promise<void> {
  const { close } = await buildTestApp({}, { database });
  await close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}
