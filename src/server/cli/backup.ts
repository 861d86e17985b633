import { resolve } from 'node:path';
import { BackupRefusedError, type BackupSummary, backupDataDir } from '../backup/archive.ts';
import { NoServerListeningError, requestBackup } from '../backup/control-socket.ts';
import { loadEnv } from '../env.ts';

/**
 * `npm run backup [ARCHIVE]`: one archive of the embedded mode (decision 0113-backups). A running
 * server writes it itself, asked over its backup socket, while the shop runs; with none running,
 * this process opens the data directory and writes it.
 */
export async function main(argv: string[]): Promise<number> {
  if (argv.length > 1) {
    console.error('Usage: npm run backup [ARCHIVE]   (default: sevadocs-backup-<date and time>.tar.gz here)');
    return 2;
  }
  const env = loadEnv();
  if (env.DATABASE_URL || env.FILE_STORAGE !== 'local') {
    console.error(
      '`npm run backup` is for the embedded mode (PGlite and files under DATA_DIR). With DATABASE_URL or FILE_STORAGE=s3, back up with pg_dump and the bucket: see the README, "Backups".',
    );
    return 2;
  }
  const out = resolve(argv[0] ?? `sevadocs-backup-${new Date().toISOString().replaceAll(':', '-')}.tar.gz`);
  let summary: BackupSummary;
  try {
    summary = await requestBackup(env.dataDir, out).catch((error: unknown) => {
      if (error instanceof NoServerListeningError) return backupDataDir(env.dataDir, out);
      throw error;
    });
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    console.error(error instanceof BackupRefusedError ? error.message : `The backup failed: ${error.message}`);
    return 1;
  }
  const megabytes = (summary.databaseBytes / 1e6).toFixed(1);
  console.log(`Backed up the database (${megabytes} MB) and ${summary.files} files to ${out}`);
  return 0;
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
