import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { seedDatabase } from '../db/seed/index.ts';
import { type DatabaseTemplate, TEST_SHARED_BUFFERS } from './database.ts';

const TEMPLATE_DB = 'sevadocs_test_template';

/**
 * Migrates and seeds one database per run; each test file then starts from a copy of it:
 * a PGlite loaded from a dump, or a PostgreSQL database created from the template.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let template: DatabaseTemplate;
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB}`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${TEMPLATE_DB}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
    await database.migrate();
    await seedDatabase(database.db);
    await database.close();
    template = { kind: 'postgres', adminUrl, templateName: TEMPLATE_DB };
  } else {
    const database = await openDatabase({ kind: 'pglite', sharedBuffers: TEST_SHARED_BUFFERS });
    await database.migrate();
    await seedDatabase(database.db);
    const dump = await database.pglite?.dumpDataDir('none');
    await database.close();
    if (!dump) throw new Error('PGlite dump failed');
    const dir = resolve('.tmp');
    mkdirSync(dir, { recursive: true });
    const file = resolve(dir, `pglite-template-${process.pid}.tar`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    template = { kind: 'pglite', file };
  }
  project.provide('databaseTemplate', template);
  return async () => {
    if (template.kind === 'pglite') rmSync(template.file, { force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}
