import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { databaseConfigFor, openDatabase } from '../db/client.ts';
import {
  apiCall,
  completeOciAnswers,
  requiredItems,
  startApplication,
  uploadItems,
} from '../modules/applications/testing.ts';
import { createSignedInUser, signIn } from '../modules/auth/testing.ts';
import { paymentRecords, payWithSandbox } from '../modules/payments/testing.ts';
import { fakeAnalyse } from '../modules/photos/testing.ts';
import { localFilesRoot } from '../storage/index.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { BackupRefusedError, backupDataDir, restoreBackup, writeBackup } from './archive.ts';
import { listenForBackups, requestBackup } from './control-socket.ts';

/** What a customer sees of an order: the list, the member's answers and checklist, each file's bytes. */
async function customerView(app: FastifyInstance, token: string, ref: string, memberId: number) {
  const member = `/application/order/${ref}/members/${memberId}`;
  const checklist = (await apiCall(app, 'GET', `${member}/checklist`, token)).json().data;
  const links: string[] = checklist.items.flatMap((item: { documents: { links: { download: string } }[] }) =>
    item.documents.map((document) => document.links.download),
  );
  const files = await Promise.all(
    links.map(async (url) => (await app.inject({ url, headers: { authorization: `Bearer ${token}` } })).rawPayload),
  );
  return {
    orders: (await apiCall(app, 'GET', '/users/orders', token)).json().data,
    form: (await apiCall(app, 'GET', `${member}/form`, token)).json().data,
    checklist,
    files,
  };
}

// The embedded mode is PGlite's; PostgreSQL + S3 is backed up with pg_dump and the bucket (README).
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
    const customer = await createSignedInUser(shop.app);
    const order = await startApplication(shop.app, customer.token);
    const memberId = order.members[0]?.id ?? 0;
    const ref = order.displayId;
    await payWithSandbox(shop, customer.token, ref);
    const form = `/application/order/${ref}/members/${memberId}/form`;
    const saved = await apiCall(shop.app, 'PUT', form, customer.token, {
      currentStep: 1,
      answers: completeOciAnswers('Adult'),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const items = await requiredItems(shop.app, customer.token, ref, memberId);
    await uploadItems(shop.app, customer.token, ref, memberId, items);
    const before = await customerView(shop.app, customer.token, ref, memberId);
    expect(before.files.length).toBeGreaterThan(0);
    const payments = await paymentRecords(() => shop, '').attemptsOf(order.id);
    expect(payments.map((p) => p.status)).toContain('succeeded');

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
      apiCall(shop.app, 'GET', '/users/orders', customer.token),
    ]);
    expect(meanwhile.statusCode).toBe(200);
    expect(summary.files).toBe(before.files.length);

    const restoredDir = join(folder, 'restored');
    expect(await restoreBackup({ archive, dataDir: restoredDir })).toEqual(summary);
    const database = await openDatabase(databaseConfigFor({ dataDir: restoredDir }));
    const restored = await buildTestApp({ DATA_DIR: restoredDir }, { database, photoAnalyser: fakeAnalyse });
    try {
      const token = await signIn(restored.app, customer.email, customer.password);
      expect(await customerView(restored.app, token, ref, memberId)).toEqual(before);
      expect(await paymentRecords(() => restored, '').attemptsOf(order.id)).toEqual(payments);
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
      const token = await signIn(restored2.app, customer.email, customer.password);
      expect(await customerView(restored2.app, token, ref, memberId)).toEqual(before);
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
    await expect(writeBackup({ pglite, filesRoot, out: existing })).rejects.toThrow(/EEXIST/);
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
