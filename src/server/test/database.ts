import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';

export type DatabaseTemplate =
  | { kind: 'pglite'; file: string }
  | {
      kind: 'postgres';
      adminUrl: string;
      templateName: string;
      /** The server takes CREATE DATABASE … STRATEGY (PostgreSQL 15 and later). */
      fileCopyOption: boolean;
    };

async function withAdmin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A test file's data fit in a small cache; each PGlite start zeroes it (decision 0083). */
export const TEST_SHARED_BUFFERS = '16MB';

/**
 * A migrated, seeded database of its own for one test file; `close` removes it. PGlite keeps it in
 * memory, or in the folder `onDisk` names (the embedded server's way: what a backup copies).
 */
export async function createTestDatabase({ onDisk }: { onDisk?: string } = {}): Promise<DatabaseHandle> {
  const template = inject('databaseTemplate');
  if (template.kind === 'pglite') {
    const dump = await readFile(template.file);
    return openDatabase({
      kind: 'pglite',
      ...(onDisk ? { dataDir: onDisk } : {}),
      loadDataDir: new Blob([dump]),
      sharedBuffers: TEST_SHARED_BUFFERS,
    });
  }
  const name = `sevadocs_test_${randomBytes(6).toString('hex')}`;
  // FILE_COPY copies the template's files; PostgreSQL 15's default (WAL_LOG) writes every block
  // of it into the WAL, for each test file: the pass took 101–107 s instead of 108–121 (decision
  // 0134). Older servers copy files anyway and know no STRATEGY.
  const strategy = template.fileCopyOption ? ' STRATEGY FILE_COPY' : '';
  await withAdmin(template.adminUrl, (c) =>
    c.query(`CREATE DATABASE ${name} TEMPLATE ${template.templateName}${strategy}`),
  );
  const url = new URL(template.adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  return {
    ...database,
    async close() {
      await database.close();
      // FORCE: a test may drop its database under a running app on purpose (the "database gone"
      // answers), whose content-changes listener still holds a session in it.
      await withAdmin(template.adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
