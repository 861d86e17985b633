import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { BackupRefusedError, type BackupSummary, backupDataDir, countOfFiles } from '../backup/archive.ts';
import { NoServerListeningError, requestBackup } from '../backup/control-socket.ts';
import { backupPostgres, backupStorageFor, databaseName } from '../backup/postgres.ts';
import { loadEnv } from '../env.ts';

/**
 * `npm run backup [ARCHIVE]`: one archive of the shop's database and files, while it runs.
 * Embedded mode (decision 0113-backups): a running server writes it itself, asked over its backup
 * socket; with none running, this process opens the data directory and writes it. With
 * DATABASE_URL (decision 0117-postgres-backups): `pg_dump`, then the configured storage's files.
 */
export async function main(argv: string[], source: NodeJS.ProcessEnv = process.env): Promise<number> {
  if (argv.length > 1) {
    console.error('Usage: npm run backup [ARCHIVE]   (default: sevadocs-backup-<date and time>.tar.gz here)');
    return 2;
  }
  const env = loadEnv(source);
  const url = env.DATABASE_URL;
  if (!url && env.FILE_STORAGE !== 'local') {
    console.error(
      '`npm run backup` covers the embedded database with its files under DATA_DIR, and PostgreSQL (DATABASE_URL) with files on the disk or in S3; not the embedded database with FILE_STORAGE=s3 (see the README, "Backups").',
    );
    return 2;
  }
  const out = resolve(argv[0] ?? `sevadocs-backup-${new Date().toISOString().replaceAll(':', '-')}.tar.gz`);
  if (!existsSync(dirname(out))) {
    console.error(
      `The folder ${dirname(out)} does not exist: create it first, or name an archive in a folder that does.`,
    );
    return 1;
  }
  const storage = url ? await backupStorageFor(env) : null;
  let summary: BackupSummary;
  try {
    summary =
      url && storage
        ? await backupPostgres({ url, storage, out, warn: (message) => console.warn(message) })
        : await requestBackup(env.dataDir, out).catch((error: unknown) => {
            if (error instanceof NoServerListeningError) return backupDataDir(env.dataDir, out);
            throw error;
          });
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    console.error(error instanceof BackupRefusedError ? error.message : `The backup failed: ${error.message}`);
    return 1;
  }
  const megabytes = (summary.databaseBytes / 1e6).toFixed(1);
  const database = url ? `the database ${databaseName(url)}` : 'the database';
  const files = storage ? `${countOfFiles(summary)} from ${storage.name}` : countOfFiles(summary);
  console.log(`Backed up ${database} (${megabytes} MB) and ${files} to ${out}`);
  return 0;
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
