import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { main as restoreCommand } from '../cli/restore.ts';
import { openDatabase } from '../db/client.ts';
import { apiCall } from '../modules/applications/testing.ts';
import { createSignedInUser, signIn } from '../modules/auth/testing.ts';
import { eraseOwnAccount } from '../modules/data-rights/testing.ts';
import { fakeAnalyse } from '../modules/photos/testing.ts';
import { createFileStorage } from '../storage/index.ts';
import type { S3Storage } from '../storage/s3.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { startTestS3Server, type TestS3Server, testS3Storage } from '../test/s3-server.ts';
import { BackupRefusedError, readManifest } from './archive.ts';
import { backupPostgres, restorePostgres } from './postgres.ts';
import { expectRestored, placeOrderWithFiles } from './testing.ts';

const template = inject('databaseTemplate');
// pg_dump and pg_restore of the test server's own version (scripts/with-postgres.sh names its
// pg_ctl); against a server of one's own, the PATH's.
const pgBin = process.env.TEST_PG_CTL ? dirname(process.env.TEST_PG_CTL) : null;
const pgDump = pgBin ? join(pgBin, 'pg_dump') : 'pg_dump';
const pgRestore = pgBin ? join(pgBin, 'pg_restore') : 'pg_restore';

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  if (template.kind !== 'postgres') throw new Error('unreachable: this suite runs on PostgreSQL');
  const client = new pg.Client({ connectionString: template.adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The tables a database holds outside PostgreSQL's own schemas. */
async function tablesIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
    );
    return rows[0]?.n ?? -1;
  } finally {
    await client.end();
  }
}

describe.runIf(template.kind === 'postgres')(
  'backup and restore of a PostgreSQL + S3 deployment (runs only on PostgreSQL: TEST_DATABASE_URL, as npm run test:postgres sets)',
  () => {
    let shopFiles: TestS3Server;
    let restoredFiles: TestS3Server;
    let shop: TestApp;
    let shopBucket: S3Storage;
    let restoredBucket: S3Storage;
    let folder: string;
    let emptyName: string;
    let emptyUrl: string;

    beforeAll(async () => {
      [shopFiles, restoredFiles] = await Promise.all([
        startTestS3Server('sevadocs-shop'),
        startTestS3Server('sevadocs-restored'),
      ]);
      shopBucket = testS3Storage(shopFiles);
      restoredBucket = testS3Storage(restoredFiles);
      shop = await buildTestApp(shopFiles.env, { photoAnalyser: fakeAnalyse });
      folder = await mkdtemp(join(tmpdir(), 'sevadocs-pg-backup-'));
      // A fresh, empty database on the same server (CREATE DATABASE copies the empty template1).
      emptyName = `sevadocs_restored_${randomBytes(6).toString('hex')}`;
      await admin((c) => c.query(`CREATE DATABASE ${emptyName}`));
      const url = new URL(template.kind === 'postgres' ? template.adminUrl : '');
      url.pathname = `/${emptyName}`;
      emptyUrl = url.toString();
    });
    afterAll(async () => {
      await shop?.close();
      shopBucket?.destroy();
      restoredBucket?.destroy();
      await Promise.all([shopFiles?.close(), restoredFiles?.close()]);
      if (emptyName) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${emptyName} WITH (FORCE)`));
      await rm(folder, { recursive: true, force: true });
    });

    it('restores a running shop’s orders, answers, files and payments into a fresh database and bucket', async () => {
      const order = await placeOrderWithFiles(shop);
      const url = shop.database.connectionString ?? '';
      // An account erased before the backup: the archive's register lists it (decision 0137).
      const gone = await createSignedInUser(shop.app);
      await eraseOwnAccount(shop.app, gone);

      const archive = join(folder, 'shop.tar.gz');
      const shopStorage = { files: shopBucket, name: 'the bucket sevadocs-shop' };
      // Taken beside the running shop, which keeps answering.
      const warnings: string[] = [];
      const [summary, meanwhile] = await Promise.all([
        backupPostgres({ url, storage: shopStorage, out: archive, pgDump, warn: (m) => warnings.push(m) }),
        apiCall(shop.app, 'GET', '/users/orders', order.customer.token),
      ]);
      expect(meanwhile.statusCode).toBe(200);
      expect(summary.files).toBe(order.view.files.length);
      expect(warnings).toEqual([]);
      expect((await readManifest(archive)).erasures).toContainEqual({ userId: gone.id, erasedAt: expect.any(String) });
      // The dump's temporary folder beside the archive is gone.
      expect(await readdir(folder)).toEqual(['shop.tar.gz']);

      // Restoring over a shop's data is refused, before anything is written.
      await expect(
        restorePostgres({ archive, url, storage: { files: restoredBucket, name: 'the new bucket' }, pgRestore }),
      ).rejects.toThrow(/is not empty \(\d+ tables and other relations\)\. Restore only into an empty database/);
      await expect(restorePostgres({ archive, url: emptyUrl, storage: shopStorage, pgRestore })).rejects.toThrow(
        new BackupRefusedError(
          'The bucket sevadocs-shop already holds files. Restore only into empty storage: a new bucket (S3_BUCKET) or, with FILE_STORAGE=local, a new DATA_DIR.',
        ),
      );

      const restoredStorage = { files: restoredBucket, name: 'the bucket sevadocs-restored' };
      expect(await restorePostgres({ archive, url: emptyUrl, storage: restoredStorage, pgRestore })).toEqual(summary);
      const database = await openDatabase({ kind: 'postgres', url: emptyUrl, poolSize: 4 });
      const restored = await buildTestApp(restoredFiles.env, { database, photoAnalyser: fakeAnalyse });
      try {
        await expectRestored(restored, order);
      } finally {
        await restored.close();
        await database.close();
      }
      // Two app starts and two client programs on two cores.
    }, 60_000);

    it('erases again, through npm run restore, the accounts erased after the archive (a newer archive names them)', async () => {
      const url = shop.database.connectionString ?? '';
      const shopStorage = { files: shopBucket, name: 'the bucket sevadocs-shop' };
      const [leaver, stayer] = [await createSignedInUser(shop.app), await createSignedInUser(shop.app)];
      const older = join(folder, 'before-the-erasure.tar.gz');
      await backupPostgres({ url, storage: shopStorage, out: older, pgDump });
      await eraseOwnAccount(shop.app, leaver);
      const newer = join(folder, 'after-the-erasure.tar.gz');
      await backupPostgres({ url, storage: shopStorage, out: newer, pgDump });

      // The command, as an operator runs it: a new database, pg_restore on the PATH. The files go to
      // a new folder (FILE_STORAGE=local: the command's own S3 client signs listings as AWS does,
      // which the test S3 server refuses; erasure from a bucket is data-rights/routes.test.ts's).
      const name = `sevadocs_again_${randomBytes(6).toString('hex')}`;
      await admin((c) => c.query(`CREATE DATABASE ${name}`));
      const target = new URL(emptyUrl);
      target.pathname = `/${name}`;
      const files = { FILE_STORAGE: 'local', DATA_DIR: join(folder, 'erased-again') };
      const path = process.env.PATH;
      if (pgBin) process.env.PATH = `${pgBin}:${path}`;
      try {
        const code = await restoreCommand([older, '--erasures-from', newer], {
          ...files,
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          DATABASE_URL: target.toString(),
        });
        expect(code).toBe(0);
        const database = await openDatabase({ kind: 'postgres', url: target.toString(), poolSize: 4 });
        const restored = await buildTestApp(files, { database, photoAnalyser: fakeAnalyse });
        try {
          await expect(signIn(restored.app, leaver.email, leaver.password)).rejects.toThrow('sign-in failed');
          expect(await signIn(restored.app, stayer.email, stayer.password)).toEqual(expect.any(String));
        } finally {
          await restored.close();
          await database.close();
        }
      } finally {
        process.env.PATH = path;
        await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      }
    }, 60_000);

    it('refuses a backup whose storage holds none of the files the database names (not the shop’s settings), and leaves no archive', async () => {
      await placeOrderWithFiles(shop);
      const elsewhere = await mkdtemp(join(tmpdir(), 'sevadocs-other-data-'));
      try {
        const otherFiles = await createFileStorage({ FILE_STORAGE: 'local', dataDir: elsewhere });
        const out = join(folder, 'without-files.tar.gz');
        await expect(
          backupPostgres({
            url: shop.database.connectionString ?? '',
            storage: { files: otherFiles, name: join(elsewhere, 'files') },
            out,
            pgDump,
          }),
        ).rejects.toThrow(
          new RegExp(
            `^The database names \\d+ stored files and none is in ${join(elsewhere, 'files')}: run the backup with the shop's own DATA_DIR \\(or FILE_STORAGE and S3_\\*\\)\\. No archive was written\\.$`,
          ),
        );
        expect(await readdir(folder)).not.toContain('without-files.tar.gz');
      } finally {
        await rm(elsewhere, { recursive: true, force: true });
      }
    });

    it('says plainly when pg_dump is missing, and leaves no archive', async () => {
      const out = join(folder, 'never.tar.gz');
      await expect(
        backupPostgres({
          url: shop.database.connectionString ?? '',
          storage: { files: shopBucket, name: 'the bucket sevadocs-shop' },
          out,
          pgDump: '/nonexistent/pg_dump',
        }),
      ).rejects.toThrow(
        new BackupRefusedError(
          "pg_dump was not found at /nonexistent/pg_dump. Install PostgreSQL's client programs of your server's major version (Debian: apt-get install postgresql-client-<version>), or put their folder first on the PATH.",
        ),
      );
      expect(await readdir(folder)).not.toContain('never.tar.gz');
    });

    it('leaves the database and the bucket empty when pg_restore fails half-way', async () => {
      // A dump missing its last bytes: pg_restore creates every table and loads the data of all
      // but the last, then fails, so the tables were there until the transaction was rolled back.
      const cutDump = join(folder, 'cut-pg-dump');
      await writeFile(
        cutDump,
        `#!/bin/sh\n"${pgDump}" "$@" || exit 1\nfor a; do case "$a" in --file=*) f="\${a#--file=}";; esac; done\n` +
          'truncate -s -64 "$f"\n',
        { mode: 0o700 },
      );
      const archive = join(folder, 'cut.tar.gz');
      const url = shop.database.connectionString ?? '';
      await backupPostgres({
        url,
        storage: { files: shopBucket, name: 'the shop bucket' },
        out: archive,
        pgDump: cutDump,
      });
      const target = `sevadocs_failed_${randomBytes(6).toString('hex')}`;
      await admin((c) => c.query(`CREATE DATABASE ${target}`));
      const targetUrl = new URL(emptyUrl);
      targetUrl.pathname = `/${target}`;
      const bucket = await startTestS3Server('sevadocs-failed');
      const files = testS3Storage(bucket);
      try {
        await expect(
          restorePostgres({ archive, url: targetUrl.toString(), storage: { files, name: 'a bucket' }, pgRestore }),
        ).rejects.toThrow(/^pg_restore failed \(exit 1\): pg_restore: error: /);
        const relations = await tablesIn(targetUrl.toString());
        expect(relations).toBe(0);
        const left: string[] = [];
        for await (const key of files.keys()) left.push(key);
        expect(left).toEqual([]);
      } finally {
        files.destroy();
        await bucket.close();
        await admin((c) => c.query(`DROP DATABASE IF EXISTS ${target} WITH (FORCE)`));
      }
    });
  },
);
