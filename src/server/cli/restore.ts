import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BackupRefusedError, type BackupSummary, countOfFiles, restoreBackup } from '../backup/archive.ts';
import { erasuresSince, readyRestoredShop } from '../backup/erase-again.ts';
import { backupStorageFor, databaseName, restorePostgres } from '../backup/postgres.ts';
import { TarFormatError } from '../backup/tar.ts';
import { loadEnv } from '../env.ts';

const USAGE =
  'Usage: npm run restore -- ARCHIVE [--erasures-from NEWER_ARCHIVE]...   (into DATA_DIR, or the database of DATABASE_URL and the configured storage, which must be empty)';

/**
 * `npm run restore ARCHIVE`: brings an archive of `npm run backup` back, into an empty DATA_DIR
 * (decision 0113-backups) or, with DATABASE_URL, into an empty database and empty storage
 * (decision 0117-postgres-backups); then `npm start` runs the shop on it. The accounts erased
 * after the archive was written, as the registers of the newer archives named with
 * `--erasures-from` list them, are erased again before anything serves it (decision 0137).
 */
export async function main(argv: string[], source: NodeJS.ProcessEnv = process.env): Promise<number> {
  let archive: string | undefined;
  let newer: string[];
  try {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { 'erasures-from': { type: 'string', multiple: true, default: [] } },
    });
    if (positionals.length !== 1) throw new Error('one archive');
    archive = resolve(positionals[0] ?? '');
    newer = (values['erasures-from'] ?? []).map((path) => resolve(path));
  } catch {
    console.error(USAGE);
    return 2;
  }
  const env = loadEnv(source);
  const url = env.DATABASE_URL;
  if (!url && env.FILE_STORAGE !== 'local') {
    console.error(
      '`npm run restore` covers the embedded database with its files under DATA_DIR, and PostgreSQL (DATABASE_URL) with files on the disk or in S3; not the embedded database with FILE_STORAGE=s3 (see the README, "Backups").',
    );
    return 2;
  }
  const storage = url ? await backupStorageFor(env) : null;
  let summary: BackupSummary;
  let readied: Awaited<ReturnType<typeof readyRestoredShop>>;
  let since: Awaited<ReturnType<typeof erasuresSince>>;
  try {
    // The registers are read first: a newer archive that cannot be read stops the restore before it starts.
    since = await erasuresSince(archive, newer);
    summary =
      url && storage
        ? await restorePostgres({ archive, url, storage })
        : await restoreBackup({ archive, dataDir: env.dataDir });
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    const plain = error instanceof BackupRefusedError || error instanceof TarFormatError;
    console.error(plain ? error.message : `The restore failed: ${error.message}`);
    return 1;
  }
  try {
    readied = await readyRestoredShop(env, since.records);
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    console.error(
      `The archive was restored, but readying it (erasing again the accounts erased since, signing everyone out) failed: ${error.message}. Do not start the shop on it: empty ${url ? 'the database and the storage' : 'DATA_DIR'} and run the restore again.`,
    );
    return 1;
  }
  console.log(
    url && storage
      ? `Restored the database into ${databaseName(url)} and ${countOfFiles(summary)} into ${storage.name}.`
      : `Restored the database and ${countOfFiles(summary)} into ${env.dataDir}.`,
  );
  const { erasedAgain, sessionsEnded } = readied;
  for (const path of since.notNewer) {
    console.log(`${path} was written before this archive: its register adds nothing.`);
  }
  console.log(
    newer.length > 0
      ? `Erased again ${erasedAgain} ${erasedAgain === 1 ? 'account' : 'accounts'} erased after this archive was written (${since.writtenAt}).`
      : `This archive was written ${since.writtenAt}: accounts erased after that are erased again only with --erasures-from NEWER_ARCHIVE (README, "Backups").`,
  );
  console.log(
    `Signed everyone out (${sessionsEnded} ${sessionsEnded === 1 ? 'session' : 'sessions'}) and retired the e-mailed links not used yet: the archive's would revive sign-outs and used password-reset links since. Customers sign in again, and ask again for a link.`,
  );
  console.log(
    url
      ? 'Start one process first (npm start: it migrates the database), then the others.'
      : `Start the shop on it with DATA_DIR=${env.dataDir} npm start (check it, then switch the shop's DATA_DIR to it).`,
  );
  return 0;
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
