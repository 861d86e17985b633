import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { databaseConfigFor, openDatabase } from '../db/client.ts';
import { apiCall } from '../modules/applications/testing.ts';
import { fakeAnalyse } from '../modules/photos/testing.ts';
import { localFilesRoot } from '../storage/index.ts';
import { createLocalDiskStorage } from '../storage/local-disk.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { BackupRefusedError, backupDataDir, readArchive, restoreBackup, writeArchive, writeBackup } from './archive.ts';
import { listenForBackups, requestBackup } from './control-socket.ts';
import { expectRestored, placeOrderWithFiles } from './testing.ts';

// The embedded mode is PGlite's; a PostgreSQL deployment's archive is postgres.test.ts's.
describe.runIf(inject('databaseTemplate').kind === 'pglite')('backup and restore of the embedded mode', () => {
  let shop: TestApp;
  let folder: string;

  beforeAll(async () => {
    shop = await buildTestApp({}, { photoAnalyser: fakeAnalyse });
    folder = await mkdtemp(join(tmpdir(), 'sevadocs-backup-'));
  });
  afterAll(async () => {
    await shop.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('restores a running shop’s orders, answers, files and payments into a fresh instance', async () => {
    const order = await placeOrderWithFiles(shop);

    // The running shop writes the archive itself, asked over its socket, while it keeps answering.
    const { pglite } = shop.database;
    if (!pglite) throw new Error('the embedded database is PGlite');
    const dataDir = shop.app.env.dataDir;
    const listener = await listenForBackups({
      dataDir,
      backup: (out) => writeBackup({ pglite, filesRoot: localFilesRoot(dataDir), out }),
      onError: (error) => {
        throw error;
      },
    });
    const archive = join(folder, 'shop.tar.gz');
    const [summary, meanwhile] = await Promise.all([
      requestBackup(dataDir, archive).finally(() => listener.close()),
      apiCall(shop.app, 'GET', '/users/orders', order.customer.token),
    ]);
    expect(meanwhile.statusCode).toBe(200);
    expect(summary.files).toBe(order.view.files.length);

    const restoredDir = join(folder, 'restored');
    expect(await restoreBackup({ archive, dataDir: restoredDir })).toEqual(summary);
    const database = await openDatabase(databaseConfigFor({ dataDir: restoredDir }));
    const restored = await buildTestApp({ DATA_DIR: restoredDir }, { database, photoAnalyser: fakeAnalyse });
    try {
      await expectRestored(restored, order);
    } finally {
      await restored.close();
      await database.close();
    }

    // A stopped shop is backed up from its data directory on disk, by the command's own process.
    const again = join(folder, 'again.tar.gz');
    expect(await backupDataDir(restoredDir, again)).toEqual({ ...summary, databaseBytes: expect.any(Number) });
    const againDir = join(folder, 'restored-again');
    await restoreBackup({ archive: again, dataDir: againDir });
    const database2 = await openDatabase(databaseConfigFor({ dataDir: againDir }));
    const restored2 = await buildTestApp({ DATA_DIR: againDir }, { database: database2, photoAnalyser: fakeAnalyse });
    try {
      await expectRestored(restored2, order);
    } finally {
      await restored2.close();
      await database2.close();
    }
    // Three app starts (a shop, two restored ones) on two cores.
  }, 60_000);

  it('never overwrites an existing file with an archive', async () => {
    const existing = join(folder, 'existing.tar.gz');
    await writeFile(existing, 'an earlier backup');
    const { pglite } = shop.database;
    if (!pglite) throw new Error('the embedded database is PGlite');
    const filesRoot = localFilesRoot(shop.app.env.dataDir);
    await expect(writeBackup({ pglite, filesRoot, out: existing })).rejects.toThrow(
      new BackupRefusedError(`${existing} already exists. A backup never overwrites a file: name a new one.`),
    );
    expect(await readFile(existing, 'utf8')).toBe('an earlier backup');
  });

  it('refuses to restore into a data directory that holds anything, and leaves it as it was', async () => {
    const archive = join(folder, 'any.tar.gz');
    await writeFile(archive, 'the check comes before the archive is read');
    const occupied = join(folder, 'occupied');
    await mkdir(occupied);
    await writeFile(join(occupied, 'notes.txt'), 'keep me');
    await expect(restoreBackup({ archive, dataDir: occupied })).rejects.toThrow(BackupRefusedError);
    await expect(restoreBackup({ archive, dataDir: occupied })).rejects.toThrow(
      `${occupied} is not empty. Restore only into an empty data directory`,
    );
    expect(await readdir(occupied)).toEqual(['notes.txt']);
  });

  it('leaves the data directory empty when the archive is not a backup', async () => {
    const bogus = join(folder, 'bogus.tar.gz');
    await writeFile(bogus, 'not an archive');
    const target = join(folder, 'empty');
    await expect(restoreBackup({ archive: bogus, dataDir: target })).rejects.toThrow();
    expect(await readdir(target)).toEqual([]);
  });
});

describe('an archive of one database engine', () => {
  it('is refused by the other engine’s restore, which says how to restore it', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'sevadocs-backup-'));
    try {
      const archive = join(folder, 'embedded.tar.gz');
      const files = createLocalDiskStorage({ root: join(folder, 'files') });
      const dump = Buffer.from('a pretend data directory');
      await writeArchive({
        out: archive,
        engine: 'pglite',
        dump: async () => ({ size: dump.length, body: dump }),
        files,
      });
      const database = vi.fn(async () => 0);
      await expect(readArchive({ archive, engine: 'postgres', database, files })).rejects.toThrow(
        new BackupRefusedError(
          'This archive holds an embedded (PGlite) database: restore it with DATABASE_URL unset, into an empty DATA_DIR.',
        ),
      );
      expect(database).not.toHaveBeenCalled();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
