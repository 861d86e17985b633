import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { SERVER_ALLOCATOR_ENV, serverNodeFlags } from '../process-settings.ts';
import { TEST_SHARED_BUFFERS } from '../test/database.ts';

const run = promisify(execFile);

// In a process of its own, started as the server is (its flags and allocator settings), so that its peak
// resident memory is the backup's alone: the test database on disk in a DATA_DIR, the peak reset,
// the embedded archive written, the rise in the peak and the database's size printed in MB.
const PEAK_OF_A_BACKUP = `
  import { readFileSync, writeFileSync } from 'node:fs';
  import { join } from 'node:path';
  const { openDatabase } = await import(${JSON.stringify(new URL('../db/client.ts', import.meta.url).href)});
  const { writeBackup } = await import(${JSON.stringify(new URL('./archive.ts', import.meta.url).href)});
  const [template, dataDir] = process.argv.slice(1);
  const config = { kind: 'pglite', dataDir: join(dataDir, 'pglite'), sharedBuffers: ${JSON.stringify(TEST_SHARED_BUFFERS)} };
  // Made from the dump, then opened from its folder as the server opens it: a database loaded
  // from a dump holds more memory for a while after it opens.
  await (await openDatabase({ ...config, loadDataDir: new Blob([readFileSync(template)]) })).close();
  const database = await openDatabase(config);
  await database.pglite.query('SELECT 1');
  // What the load and the start allocated is freed first, so the peak below is the backup's.
  globalThis.gc();
  const peak = () => Number(/VmHWM:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
  const rss = () => Number(/VmRSS:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
  writeFileSync('/proc/self/clear_refs', '5');
  const before = rss();
  const { databaseBytes } = await writeBackup({ pglite: database.pglite, db: database.db, dataDir, out: join(dataDir, 'backup.tar.gz') });
  console.log(JSON.stringify({ rise: peak() - before, databaseMb: databaseBytes / 1048576 }));
  await database.close();
`;

describe('the embedded backup’s memory', () => {
  it.runIf(process.platform === 'linux' && inject('databaseTemplate').kind === 'pglite')(
    'streams the database from a copy of its folder: its peak rises by less than the database’s size (~4.6× with PGlite’s dumpDataDir)',
    async () => {
      const template = inject('databaseTemplate');
      if (template.kind !== 'pglite') return;
      // The embedded server's flags on the 1 GB machine it is sized for (WebAssembly on its baseline
      // compiler: optimising PostgreSQL's code would hold ~600 MB for a few seconds after a start).
      const flags = serverNodeFlags({ embeddedDatabase: true, memoryBytes: 1024 ** 3 });
      const dataDir = await mkdtemp(join(tmpdir(), 'sevadocs-backup-memory-'));
      try {
        const { stdout } = await run(
          process.execPath,
          [...flags, '--expose-gc', '--input-type=module', '-e', PEAK_OF_A_BACKUP, template.file, dataDir],
          { env: { ...process.env, ...SERVER_ALLOCATOR_ENV } },
        );
        const { rise, databaseMb } = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
        expect(databaseMb).toBeGreaterThan(10);
        expect(rise).toBeLessThan(databaseMb);
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
