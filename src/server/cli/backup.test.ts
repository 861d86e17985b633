import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main as backupCommand } from './backup.ts';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'sevadocs-backup-cli-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('npm run backup', () => {
  it('says plainly that the folder named for the archive does not exist, and writes nothing', async () => {
    const missing = join(folder, 'no-such-folder');
    const said = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const code = await backupCommand([join(missing, 'tuesday.tar.gz')], {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: join(folder, 'data'),
      });
      expect(code).toBe(1);
      expect(said.mock.calls.flat().join('\n')).toBe(
        `The folder ${missing} does not exist: create it first, or name an archive in a folder that does.`,
      );
    } finally {
      said.mockRestore();
    }
    expect(await readdir(folder)).toEqual([]);
  });
});
