import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { openDatabase } from '../db/client.ts';
import { erasureRegister } from '../modules/data-rights/service.ts';
import { createFileStorage, type FileStorage, type FileStorageEnv, localFilesRoot } from '../storage/index.ts';
import { BackupRefusedError, type BackupSummary, readArchive, writeArchive } from './archive.ts';

/**
 * The PostgreSQL deployment's backup (decision 0117-postgres-backups): the same archive as the
 * embedded mode's (archive.ts), its database taken with `pg_dump -Fc` and brought back with
 * `pg_restore`, its files read from and restored into the configured storage (local disk or S3).
 */

/** The storage a backup reads or a restore fills, and how to name it to the operator. */
export interface BackupStorage {
  files: FileStorage;
  /** `the bucket shop-files`, `/srv/sevadocs/files`. */
  name: string;
}

/** The storage the environment configures (FILE_STORAGE), as a backup or restore uses it. */
export async function backupStorageFor(env: FileStorageEnv): Promise<BackupStorage> {
  return {
    files: await createFileStorage(env),
    name: env.FILE_STORAGE === 's3' ? `the bucket ${env.S3_BUCKET}` : localFilesRoot(env.dataDir),
  };
}

/** A PostgreSQL database named for messages: host and database, never the password. */
export function databaseName(url: string): string {
  const parsed = new URL(url);
  return `${decodeURIComponent(parsed.pathname.slice(1)) || 'postgres'} on ${parsed.host}`;
}

/**
 * The connection a client program is given: the URL without its password, which travels in
 * PGPASSWORD instead (any user of the machine can read a process's arguments, not its environment).
 */
function clientConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs one of PostgreSQL's client programs; refuses with its own words when it fails. */
function runClient(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const name = basename(program);
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupRefusedError(
              `${name} was not found ${program.includes('/') ? `at ${program}` : 'on the PATH'}. Install PostgreSQL's client programs of your server's major version (Debian: apt-get install postgresql-client-<version>), or put their folder first on the PATH.`,
            )
          : error,
      );
    });
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new BackupRefusedError(`${name} failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`));
    });
  });
}

/**
 * Writes the archive of a PostgreSQL deployment to `out` while the shop runs: `pg_dump` takes the
 * database in one transaction (a consistent snapshot), then the files are read, in that order
 * (archive.ts says why). The dump waits in a private folder beside `out` (the archive needs its
 * size first), on the disk that will hold the archive anyway.
 */
export async function backupPostgres({
  url,
  storage,
  out,
  pgDump = 'pg_dump',
  warn = () => {},
}: {
  url: string;
  storage: BackupStorage;
  out: string;
  /** The pg_dump to run: the PATH's by default. */
  pgDump?: string;
  /** Told when some files the database names are not in the storage (the archive is still written). */
  warn?: (message: string) => void;
}): Promise<BackupSummary> {
  const { dbname, env } = clientConnection(url);
  const folder = await mkdtemp(join(dirname(out), '.sevadocs-backup-'));
  try {
    return await writeArchive({
      out,
      engine: 'postgres',
      files: storage.files,
      async checkFiles() {
        const named = await keysNamedIn(url);
        return (listed) => checkStorageIsTheShops(named, listed, storage.name, warn);
      },
      async erasures() {
        const database = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
        try {
          return await erasureRegister(database.db);
        } finally {
          await database.close();
        }
      },
      async dump() {
        const file = join(folder, 'database.dump');
        await runClient(pgDump, ['--format=custom', '--no-password', `--file=${file}`, `--dbname=${dbname}`], env);
        return { size: (await stat(file)).size, body: createReadStream(file) };
      },
    });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * The files' storage is configured apart from the database (DATA_DIR, FILE_STORAGE, S3_*): a backup
 * run without the shop's own settings would read another, empty storage and write an archive
 * whose orders have lost their documents. When none of the files the database names is there, the
 * backup is refused (the archive begun is removed); when some are missing, the operator is told how
 * many. Checked against the backup's own listing of the files, so the storage is listed once.
 */
function checkStorageIsTheShops(
  named: ReadonlySet<string>,
  stored: ReadonlySet<string>,
  storageName: string,
  warn: (message: string) => void,
) {
  if (named.size === 0) return;
  const missing = [...named].filter((key) => !stored.has(key)).length;
  const settings = 'DATA_DIR (or FILE_STORAGE and S3_*)';
  if (missing === named.size) {
    throw new BackupRefusedError(
      `The database names ${named.size} stored ${named.size === 1 ? 'file' : 'files'} and none is in ${storageName}: run the backup with the shop's own ${settings}. No archive was written.`,
    );
  }
  if (missing > 0) {
    warn(
      `${missing} of the ${named.size} files the database names ${missing === 1 ? 'is' : 'are'} not in ${storageName}; the archive holds the others. Check the shop's ${settings}.`,
    );
  }
}

/** Every stored file's key the database names: the values of each table's `storage_key` column. */
async function keysNamedIn(url: string): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.columns
       WHERE column_name = 'storage_key' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    const keys = new Set<string>();
    for (const { name } of tables) {
      const { rows } = await client.query<{ key: string }>(
        `SELECT storage_key AS key FROM ${name} WHERE storage_key IS NOT NULL`,
      );
      for (const row of rows) keys.add(row.key);
    }
    return keys;
  } finally {
    await client.end();
  }
}

/** How many tables, sequences and other relations the database holds outside PostgreSQL's own schemas. */
async function relationsIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect().catch((error: Error) => {
    throw new BackupRefusedError(`Cannot connect to the database ${databaseName(url)}: ${error.message}`);
  });
  try {
    const { rows } = await client.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%'
         AND n.nspname NOT LIKE 'pg\\_temp\\_%'`,
    );
    return rows[0]?.count ?? 0;
  } finally {
    await client.end();
  }
}

async function holdsAnyFile(files: FileStorage): Promise<boolean> {
  for await (const _ of files.keys()) return true;
  return false;
}

/**
 * Brings an archive of `backupPostgres` back into an empty database and empty storage (anything
 * else is refused: a restore never mixes with a shop's data). The files go first, as the archive
 * holds them after the dump, then `pg_restore` in one transaction; if any part fails, the
 * database is left empty (the transaction is rolled back) and the restored files are removed.
 */
export async function restorePostgres({
  archive,
  url,
  storage,
  pgRestore = 'pg_restore',
}: {
  archive: string;
  url: string;
  storage: BackupStorage;
  /** The pg_restore to run: the PATH's by default. */
  pgRestore?: string;
}): Promise<BackupSummary> {
  if (!existsSync(archive)) throw new BackupRefusedError(`There is no archive at ${archive}.`);
  const relations = await relationsIn(url);
  if (relations > 0) {
    throw new BackupRefusedError(
      `The database ${databaseName(url)} is not empty (${relations} tables and other relations). Restore only into an empty database: create one (createdb sevadocs_restored) and set DATABASE_URL to it.`,
    );
  }
  if (await holdsAnyFile(storage.files)) {
    throw new BackupRefusedError(
      `${storage.name[0]?.toUpperCase()}${storage.name.slice(1)} already holds files. Restore only into empty storage: a new bucket (S3_BUCKET) or, with FILE_STORAGE=local, a new DATA_DIR.`,
    );
  }
  const { dbname, env } = clientConnection(url);
  const folder = await mkdtemp(join(tmpdir(), 'sevadocs-restore-'));
  try {
    const file = join(folder, 'database.dump');
    const summary = await readArchive({
      archive,
      engine: 'postgres',
      files: storage.files,
      async database(body) {
        await pipeline(body, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
        return (await stat(file)).size;
      },
    });
    // --no-owner and --no-privileges: the restoring role owns what it creates, whatever role
    // owned the backed-up database (a managed server's roles differ from one instance to the next).
    await runClient(
      pgRestore,
      [
        '--exit-on-error',
        '--single-transaction',
        '--no-owner',
        '--no-privileges',
        '--no-password',
        `--dbname=${dbname}`,
        file,
      ],
      env,
    );
    return summary;
  } catch (error) {
    // The storage was empty before: everything in it now came from this archive. Listed first,
    // then deleted: a bucket's listing is paged, and deleting under it could skip a page.
    const restored: string[] = [];
    for await (const key of storage.files.keys()) restored.push(key);
    for (const key of restored) await storage.files.delete(key);
    throw error;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
