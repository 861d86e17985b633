import { resolve } from 'node:path';
import { BackupRefusedError, type BackupSummary, countOfFiles, restoreBackup } from '../backup/archive.ts';
import { backupStorageFor, databaseName, restorePostgres } from '../backup/postgres.ts';
import { TarFormatError } from '../backup/tar.ts';
import { loadEnv } from '../env.ts';

/**
 * `npm run restore ARCHIVE`: brings an archive of `npm run backup` back, into an empty DATA_DIR
 * (decision 0113-backups) or, with DATABASE_URL, into an empty database and empty storage
 * (decision 0117-postgres-backups); then `npm start` runs the shop on it.
 */
export async function main(argv: string[]): Promise<number> {
  const [archive] = argv;
  if (argv.length !== 1 || !archive) {
    console.error(
      'Usage: npm run restore ARCHIVE   (into DATA_DIR, or the database of DATABASE_URL and the configured storage, which must be empty)',
    );
    return 2;
  }
  const env = loadEnv();
  const url = env.DATABASE_URL;
  if (!url && env.FILE_STORAGE !== 'local') {
    console.error(
      '`npm run restore` covers the embedded database with its files under DATA_DIR, and PostgreSQL (DATABASE_URL) with files on the disk or in S3; not the embedded database with FILE_STORAGE=s3 (see the README, "Backups").',
    );
    return 2;
  }
  const storage = url ? await backupStorageFor(env) : null;
  let summary: BackupSummary;
  try {
    summary =
      url && storage
        ? await restorePostgres({ archive: resolve(archive), url, storage })
        : await restoreBackup({ archive: resolve(archive), dataDir: env.dataDir });
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    const plain = error instanceof BackupRefusedError || error instanceof TarFormatError;
    console.error(plain ? error.message : `The restore failed: ${error.message}`);
    return 1;
  }
  if (url && storage) {
    console.log(
      `Restored the database into ${databaseName(url)} and ${countOfFiles(summary)} into ${storage.name}. Start one process first (npm start: it migrates the database), then the others.`,
    );
  } else {
    console.log(
      `Restored the database and ${countOfFiles(summary)} into ${env.dataDir}. Start the shop with npm start.`,
    );
  }
  return 0;
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
