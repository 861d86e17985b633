import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

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

  it('takes over the lock a crashed process left behind', async () => {
    writeFileSync(join(dataDir, 'server.pid'), '999999999');
    const db = await openDatabase({ kind: 'pglite', dataDir });
    await db.close();
  });
});
