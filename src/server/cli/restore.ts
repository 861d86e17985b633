import { resolve } from 'node:path';
import { BackupRefusedError, restoreBackup } from '../backup/archive.ts';
import { TarFormatError } from '../backup/tar.ts';
import { loadEnv } from '../env.ts';

/**
 * `npm run restore ARCHIVE`: brings an archive of `npm run backup` back into DATA_DIR, which must
 * be empty (decision 0113-backups); then `npm start` runs the shop on it.
 */
export async function main(argv: string[]): Promise<number> {
  const [archive] = argv;
  if (argv.length !== 1 || !archive) {
    console.error('Usage: npm run restore ARCHIVE   (into DATA_DIR, which must be empty)');
    return 2;
  }
  const env = loadEnv();
  if (env.DATABASE_URL || env.FILE_STORAGE !== 'local') {
    console.error(
      '`npm run restore` is for the embedded mode (PGlite and files under DATA_DIR). With DATABASE_URL or FILE_STORAGE=s3, restore with pg_restore and the bucket: see the README, "Backups".',
    );
    return 2;
  }
  try {
    const summary = await restoreBackup({ archive: resolve(archive), dataDir: env.dataDir });
    console.log(`Restored the database and ${summary.files} files into ${env.dataDir}. Start the shop with npm start.`);
    return 0;
  } catch (error) {
    if (error instanceof BackupRefusedError || error instanceof TarFormatError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
