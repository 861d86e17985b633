import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { main as restoreCommand } from '../cli/restore.ts';
import { type DatabaseHandle, databaseConfigFor, openDatabase } from '../db/client.ts';
import { applicationDocuments } from '../modules/applications/tables.ts';
import { apiCall } from '../modules/applications/testing.ts';
import { auditLog } from '../modules/audit/tables.ts';
import { bearer, createSignedInUser, signIn, tokenFromMail } from '../modules/auth/testing.ts';
import { deletionRequests } from '../modules/data-rights/tables.ts';
import { eraseOwnAccount } from '../modules/data-rights/testing.ts';
import { orders } from '../modules/orders/tables.ts';
import { fakeAnalyse } from '../modules/photos/testing.ts';
import { users } from '../modules/users/tables.ts';
import { localFilesRoot } from '../storage/index.ts';
import { createLocalDiskStorage } from '../storage/local-disk.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { createTestDatabase } from '../test/database.ts';
import {
  BackupRefusedError,
  backupDataDir,
  readArchive,
  readManifest,
  restoreBackup,
  writeArchive,
  writeBackup,
} from './archive.ts';
import { listenForBackups, requestBackup } from './control-socket.ts';
import { erasuresSince } from './erase-again.ts';
import { TarFormatError } from './tar.ts';
import { expectRestored, placeOrderWithFiles } from './testing.ts';

// The embedded mode is PGlite's; a PostgreSQL deployment's archive is postgres.test.ts's.
describe.runIf(inject('databaseTemplate').kind === 'pglite')('backup and restore of the embedded mode', () => {
  let shop: TestApp;
  let folder: string;

  let shopDatabase: DatabaseHandle;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'sevadocs-backup-'));
    // The shop's database on disk in its DATA_DIR, as the embedded server keeps it.
    const shopDir = join(folder, 'shop');
    const config = databaseConfigFor({ dataDir: shopDir });
    shopDatabase = await createTestDatabase({ onDisk: config.kind === 'pglite' ? config.dataDir : undefined });
    shop = await buildTestApp({ DATA_DIR: shopDir }, { database: shopDatabase, photoAnalyser: fakeAnalyse });
  });
  afterAll(async () => {
    await shop.close();
    await shopDatabase.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('restores a running shop’s orders, answers, files and payments into a fresh instance', async () => {
    const order = await placeOrderWithFiles(shop);

    // The running shop writes the archive itself, asked over its socket, while it keeps answering.
    const { pglite, db } = shop.database;
    if (!pglite) throw new Error('the embedded database is PGlite');
    const dataDir = shop.app.env.dataDir;
    const listener = await listenForBackups({
      dataDir,
      backup: (out) => writeBackup({ pglite, db, dataDir, out }),
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

  it('erases again, when an older archive is restored, the accounts a newer archive says were erased since, files and all', async () => {
    const order = await placeOrderWithFiles(shop);
    await shop.database.db.update(orders).set({ status: 'Completed' }).where(eq(orders.id, order.orderId));
    const keys = (
      await shop.database.db
        .select({ key: applicationDocuments.storageKey })
        .from(applicationDocuments)
        .where(eq(applicationDocuments.orderId, order.orderId))
    ).map((row) => row.key ?? '');
    expect(keys.length).toBeGreaterThan(0);
    const stays = await createSignedInUser(shop.app);
    // A reset link of the day, not used yet when the archive is written (used, say, just after).
    await shop.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password/request',
      payload: { email: stays.email },
    });
    await shop.runJobs();
    const resetLink = await tokenFromMail(shop.app, stays.email, '/create-password');
    const { pglite, db } = shop.database;
    if (!pglite) throw new Error('the embedded database is PGlite');
    const dataDir = shop.app.env.dataDir;
    const older = join(folder, 'before-the-erasure.tar.gz');
    await writeBackup({ pglite, db, dataDir, out: older });
    expect((await readManifest(older)).erasures).not.toContainEqual(
      expect.objectContaining({ userId: order.customer.id }),
    );

    // The customer erases their account (no open order: at once); the next backup's register says so.
    await eraseOwnAccount(shop.app, order.customer);
    const newer = join(folder, 'after-the-erasure.tar.gz');
    await writeBackup({ pglite, db, dataDir, out: newer });
    const register = (await readManifest(newer)).erasures ?? [];
    expect(register).toContainEqual({ userId: order.customer.id, erasedAt: expect.any(String) });

    // The older archive restored with the newer one's register: the customer is erased again
    // before the shop starts; the other customer is not touched.
    const restoredDir = join(folder, 'restored-with-erasures');
    const said = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      const code = await restoreCommand([older, '--erasures-from', newer], {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: restoredDir,
      });
      expect(code).toBe(0);
      expect(said.mock.calls.flat().join('\n')).toContain(
        'Erased again 1 account erased after this archive was written',
      );
      expect(said.mock.calls.flat().join('\n')).toMatch(/Signed everyone out \(\d+ sessions?\)/);
      // The folder it restored into, not the default ./data a bare `npm start` would open.
      expect(said.mock.calls.flat().join('\n')).toContain(
        `Start the shop on it with DATA_DIR=${resolve(restoredDir)} npm start`,
      );
    } finally {
      said.mockRestore();
    }
    const database = await openDatabase(databaseConfigFor({ dataDir: restoredDir }));
    const restored = await buildTestApp({ DATA_DIR: restoredDir }, { database, photoAnalyser: fakeAnalyse });
    try {
      await expect(signIn(restored.app, order.customer.email, order.customer.password)).rejects.toThrow(
        'sign-in failed',
      );
      // The archive's sessions and links do not come back to life: a sign-out since, a used link.
      const archived = await restored.app.inject({ url: '/api/v1/users/profile', headers: bearer(stays.token) });
      expect(archived.statusCode).toBe(401);
      const reset = (app: TestApp) =>
        app.app.inject({
          method: 'POST',
          url: '/api/v1/auth/reset-password',
          payload: { token: resetLink, password: 'An0ther!Pass' },
        });
      expect((await reset(restored)).statusCode).toBe(400);
      // The same link still works in the shop the archive was written from: it was the restore.
      expect((await reset(shop)).statusCode).toBe(200);
      expect(await signIn(restored.app, stays.email, stays.password)).toEqual(expect.any(String));
      const [account] = await database.db.select().from(users).where(eq(users.id, order.customer.id));
      expect(account?.email).toBe(`erased-${order.customer.id}@erased.invalid`);
      const restoredFiles = createLocalDiskStorage({ root: localFilesRoot(restoredDir) });
      for (const key of keys) expect(await restoredFiles.get(key), key).toBeNull();
      const [request] = await database.db
        .select()
        .from(deletionRequests)
        .where(and(eq(deletionRequests.userId, order.customer.id), eq(deletionRequests.state, 'erased')));
      expect(request).toBeDefined();
      const audited = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'data-rights.erase'), eq(auditLog.subjectId, String(order.customer.id))));
      expect(audited.map((entry) => entry.after)).toContainEqual(
        expect.objectContaining({
          erasedAgainAfterRestore: true,
          firstErasedAt: register.find((r) => r.userId === order.customer.id)?.erasedAt,
        }),
      );
    } finally {
      await restored.close();
      await database.close();
    }

    // A register only counts from an archive newer than the one restored.
    const since = await erasuresSince(newer, [older]);
    expect(since.notNewer).toEqual([older]);
    await expect(erasuresSince(older, [join(folder, 'missing.tar.gz')])).rejects.toThrow(BackupRefusedError);
    const bogus = join(folder, 'not-an-archive.tar.gz');
    await writeFile(bogus, 'not an archive');
    await expect(erasuresSince(older, [bogus])).rejects.toThrow(
      new TarFormatError(`${bogus} (incorrect header check)`),
    );
  }, 60_000);

  it('leaves no copy of the database behind, written or refused', async () => {
    const { pglite, db } = shop.database;
    if (!pglite) throw new Error('the embedded database is PGlite');
    const dataDir = shop.app.env.dataDir;
    const out = join(folder, 'no-copy-left.tar.gz');
    await writeBackup({ pglite, db, dataDir, out });
    await expect(writeBackup({ pglite, db, dataDir, out })).rejects.toThrow(BackupRefusedError);
    expect(await readdir(join(dataDir, 'backup-work'))).toEqual([]);
  });

  it('never overwrites an existing file with an archive', async () => {
    const existing = join(folder, 'existing.tar.gz');
    await writeFile(existing, 'an earlier backup');
    const { pglite, db } = shop.database;
    if (!pglite) throw new Error('the embedded database is PGlite');
    const dataDir = shop.app.env.dataDir;
    await expect(writeBackup({ pglite, db, dataDir, out: existing })).rejects.toThrow(
      new BackupRefusedError(`${existing} already exists. A backup never overwrites a file: name a new one.`),
    );
    expect(await readFile(existing, 'utf8')).toBe('an earlier backup');
  });

  it('holds no copy of an erased customer’s name, phone or address in a backup written after the erasure', async () => {
    const customer = await createSignedInUser(shop.app, { name: 'Zubeida Quarshie', phone: '+1-4155550987' });
    const saved = await apiCall(shop.app, 'POST', '/users/addresses', customer.token, {
      type: 'home',
      fullName: 'Zubeida Quarshie',
      addressLine: '8 Xylophone Quay',
      city: 'San Jose',
      state: 'CA',
      postalCode: '95112',
      country: 'US',
    });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    const { pglite, db } = shop.database;
    if (!pglite) throw new Error('the embedded database is PGlite');
    const dataDir = shop.app.env.dataDir;
    const before = join(folder, 'before-erasing-zubeida.tar.gz');
    await writeBackup({ pglite, db, dataDir, out: before });
    const traces = ['Zubeida Quarshie', '4155550987', '8 Xylophone Quay'];
    const found = async (archive: string) => {
      const bytes = gunzipSync(await readFile(archive));
      return traces.filter((trace) => bytes.includes(trace));
    };
    // The archive is the data directory as it lies: what the database holds, the archive holds.
    expect(await found(before)).toEqual(traces);

    await eraseOwnAccount(shop.app, customer);
    const after = join(folder, 'after-erasing-zubeida.tar.gz');
    await writeBackup({ pglite, db, dataDir, out: after });
    expect(await found(after)).toEqual([]);
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

describe('the register of erased accounts in an archive', () => {
  it('is refused when malformed, naming the archive', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'sevadocs-backup-'));
    try {
      const files = createLocalDiskStorage({ root: join(folder, 'files') });
      const dump = Buffer.from('a pretend data directory');
      const write = (out: string, erasures: object[]) =>
        writeArchive({
          out,
          engine: 'pglite',
          dump: async () => ({ size: dump.length, body: dump }),
          erasures: async () => erasures as never,
          files,
        });
      const restored = join(folder, 'restored.tar.gz');
      await write(restored, []);
      const crafted = join(folder, 'crafted.tar.gz');
      await write(crafted, [{ userId: -1, erasedAt: 'yesterday' }]);
      await expect(erasuresSince(restored, [crafted])).rejects.toThrow(
        new TarFormatError(`${crafted} (its register of erased accounts is malformed)`),
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
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
        erasures: async () => [],
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
