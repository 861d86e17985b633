import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { main } from './rates-set.ts';

const folder = mkdtempSync(join(tmpdir(), 'sevadocs-rates-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

describe('npm run rates:set', () => {
  it('refuses a DATA_DIR with no shop in it, instead of starting an empty one there', async () => {
    const said = vi.spyOn(console, 'error').mockImplementation(() => {});
    const dataDir = join(folder, 'mistyped');
    expect(await main(['USD', 'INR', '88.40'], { LOG_LEVEL: 'silent', DATA_DIR: dataDir })).toBe(1);
    expect(said).toHaveBeenCalledWith(`There is no embedded database in ${dataDir}: set DATA_DIR to the shop's.`);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('says in words, not a stack trace, that a running shop holds the embedded database', async () => {
    const said = vi.spyOn(console, 'error').mockImplementation(() => {});
    const dataDir = join(folder, 'running');
    const pglite = join(dataDir, 'pglite');
    // A shop's database folder, held by a live process (this test's parent, which outlives it).
    mkdirSync(pglite, { recursive: true });
    writeFileSync(join(pglite, 'PG_VERSION'), '17\n');
    writeFileSync(join(pglite, 'server.pid'), String(process.ppid));
    expect(await main(['USD', 'INR', '88.40'], { LOG_LEVEL: 'silent', DATA_DIR: dataDir })).toBe(1);
    expect(said).toHaveBeenCalledWith(
      `The embedded database in ${pglite} is in use by process ${process.ppid}. Stop that server, or set DATA_DIR to another folder. The rate is set while the shop is stopped, or with PostgreSQL at any time.`,
    );
  });
});
