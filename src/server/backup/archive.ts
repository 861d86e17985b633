import { createReadStream, existsSync } from 'node:fs';
import { mkdir, open, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { type Database, databaseConfigFor, holdsEmbeddedDatabase, openDatabase } from '../db/client.ts';
import { isNotFound } from '../lib/stale-files.ts';
import { type ErasureRecord, erasureRegister } from '../modules/data-rights/service.ts';
import { type FileStorage, localFilesRoot } from '../storage/index.ts';
import { storedTypeOfKey } from '../storage/keys.ts';
import { createLocalDiskStorage } from '../storage/local-disk.ts';
import { readTar, type TarEntry, TarFormatError, writeTar } from './tar.ts';

/**
 * One backup archive (decisions 0113-backups, 0117-postgres-backups): a tar.gz holding, in this
 * order, a manifest (with the register of erased accounts, decision 0137), the database's dump
 * (PGlite's data directory, or `pg_dump -Fc` of a PostgreSQL database: backup/postgres.ts), then
 * every stored file under its storage key.
 */
const MANIFEST = 'sevadocs-backup.json';
const FILES = 'files/';
const FORMAT = 1;

export type BackupEngine = 'pglite' | 'postgres';
const DATABASE_ENTRY: Record<BackupEngine, string> = {
  pglite: 'database/pglite.tar',
  postgres: 'database/postgres.dump',
};

export interface BackupSummary {
  databaseBytes: number;
  files: number;
}

/** "1 file", "3 files": the commands' summaries. */
export function countOfFiles(summary: BackupSummary): string {
  return `${summary.files} ${summary.files === 1 ? 'file' : 'files'}`;
}

export interface Manifest {
  format: number;
  createdAt: string;
  database: BackupEngine;
  /**
   * Every account erased when the archive was written, read after the dump: a restore of an
   * older archive erases them again (absent from archives written before the register existed).
   */
  erasures?: ErasureRecord[];
}

/** The database's part of an archive. */
export interface DatabaseDump {
  size: number;
  body: AsyncIterable<Uint8Array> | Uint8Array;
}

/** The embedded database's configuration for a data directory, as the server opens it. */
function embeddedDatabase(dataDir: string) {
  const config = databaseConfigFor({ dataDir });
  if (config.kind !== 'pglite' || !config.dataDir) throw new Error('unreachable: no DATABASE_URL was given');
  return { ...config, dataDir: config.dataDir };
}

/** A backup or restore refused for a reason the operator can fix; its message says how. */
export class BackupRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefusedError';
  }
}

/**
 * Writes an archive to `out` (a new file: an existing one is never overwritten), taking the
 * database's dump first and the stored files after. An upload stores its file before the row
 * naming it, so every file the dump names is in storage when the files are read afterwards; files
 * stored meanwhile ride along unnamed, which is harmless. A failed backup leaves no file.
 */
export async function writeArchive({
  out,
  engine,
  dump,
  erasures,
  files,
  checkFiles,
}: {
  out: string;
  engine: BackupEngine;
  /** Takes the dump; called once the archive's file is opened. */
  dump: () => Promise<DatabaseDump>;
  /** The register of erased accounts; read after the dump, so it holds every erasure the dump does. */
  erasures: () => Promise<ErasureRecord[]>;
  files: Pick<FileStorage, 'keys' | 'get'>;
  /**
   * Reads what the files must include, before they are listed (a file is stored before the row
   * naming it, so whatever it reads is listed next), and answers the check of that one listing,
   * which throws to refuse the backup.
   */
  checkFiles?: () => Promise<(listed: ReadonlySet<string>) => void>;
}): Promise<BackupSummary> {
  // Opened first: a name already taken fails before the dump's work, and is never overwritten.
  const target = await open(out, 'wx', 0o600).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'EEXIST'
      ? new BackupRefusedError(`${out} already exists. A backup never overwrites a file: name a new one.`)
      : error;
  });
  try {
    const database = await dump();
    const register = await erasures();
    const checkListed = await checkFiles?.();
    const keys: string[] = [];
    for await (const key of files.keys()) keys.push(key);
    checkListed?.(new Set(keys));
    let count = 0;
    async function* entries(): AsyncGenerator<TarEntry> {
      const manifest: Manifest = {
        format: FORMAT,
        createdAt: new Date().toISOString(),
        database: engine,
        erasures: register,
      };
      const text = Buffer.from(JSON.stringify(manifest));
      yield { name: MANIFEST, size: text.length, body: text };
      yield { name: DATABASE_ENTRY[engine], ...database };
      for (const key of keys) {
        // A file deleted since the listing (a customer removing an upload) is skipped.
        const file = await files.get(key);
        if (!file) continue;
        count += 1;
        yield { name: FILES + key, size: file.size, body: file.stream };
      }
    }
    await pipeline(writeTar(entries()), createGzip(), target.createWriteStream({ flush: true }));
    return { databaseBytes: database.size, files: count };
  } catch (error) {
    await target.close().catch(() => {});
    await rm(out, { force: true });
    throw error;
  }
}

const HOW_TO_RESTORE: Record<BackupEngine, string> = {
  pglite: 'an embedded (PGlite) database: restore it with DATABASE_URL unset, into an empty DATA_DIR',
  postgres: 'a PostgreSQL database: restore it with DATABASE_URL set to an empty database',
};

/**
 * Reads an archive of `engine`: its database's dump goes to `database` (which must read it to its
 * end), each file into `files` under its key. Only well-formed keys are accepted (storage/keys.ts),
 * so no name in an archive reaches anything but a stored file.
 */
export async function readArchive({
  archive,
  engine,
  database,
  files,
}: {
  archive: string;
  engine: BackupEngine;
  database: (body: AsyncIterable<Buffer>) => Promise<number>;
  files: Pick<FileStorage, 'restore'>;
}): Promise<BackupSummary> {
  let manifest: Manifest | null = null;
  let databaseBytes: number | null = null;
  let count = 0;
  for await (const entry of readTar(createReadStream(archive).pipe(createGunzip()))) {
    if (!manifest) {
      manifest = await manifestOf(entry);
      if (manifest.database !== engine) {
        throw new BackupRefusedError(`This archive holds ${HOW_TO_RESTORE[manifest.database]}.`);
      }
    } else if (entry.name === DATABASE_ENTRY[engine] && databaseBytes === null) {
      databaseBytes = await database(entry.body);
    } else if (entry.name.startsWith(FILES) && storedTypeOfKey(entry.name.slice(FILES.length))) {
      await files.restore(entry.name.slice(FILES.length), entry.body);
      count += 1;
    } else {
      throw new TarFormatError(`it holds an unknown entry ${entry.name}`);
    }
  }
  if (databaseBytes === null) throw new TarFormatError('it holds no database');
  return { databaseBytes, files: count };
}

/** The manifest an archive starts with. */
async function manifestOf(entry: TarEntry & { body: AsyncIterable<Buffer> }): Promise<Manifest> {
  if (entry.name !== MANIFEST) throw new TarFormatError('it starts with no manifest');
  const manifest = JSON.parse((await bytesOf(entry.body)).toString('utf8')) as Manifest;
  if (manifest.format !== FORMAT || !(manifest.database in DATABASE_ENTRY)) {
    throw new TarFormatError(`its format (${manifest.format}, ${manifest.database}) is not this version's`);
  }
  return manifest;
}

/** An archive's manifest alone: only the archive's first bytes are read. */
export async function readManifest(archive: string): Promise<Manifest> {
  if (!existsSync(archive)) throw new BackupRefusedError(`There is no archive at ${archive}.`);
  const source = createReadStream(archive);
  try {
    for await (const entry of readTar(source.pipe(createGunzip()))) return await manifestOf(entry);
    throw new TarFormatError('it is empty');
  } catch (error) {
    // Several archives may be read for one restore: the message names the one at fault.
    const reason = error instanceof TarFormatError ? error.reason : error instanceof Error ? error.message : error;
    throw new TarFormatError(`${archive} (${reason})`);
  } finally {
    source.destroy();
  }
}

/**
 * Writes the embedded mode's archive to `out` while the shop runs (the server calls it when asked
 * over its backup socket).
 */
export function writeBackup({
  pglite,
  db,
  filesRoot,
  out,
}: {
  pglite: PGlite;
  /** The same database, through Drizzle: the register of erased accounts is read with it. */
  db: Database;
  filesRoot: string;
  out: string;
}): Promise<BackupSummary> {
  return writeArchive({
    out,
    engine: 'pglite',
    erasures: () => erasureRegister(db),
    files: createLocalDiskStorage({ root: filesRoot }),
    async dump() {
      // The dump copies the data directory while no statement runs (PGlite's query lock): a
      // crash-consistent copy, which PostgreSQL recovers from its WAL at the restored start. The
      // checkpoint first writes the cached pages out, so that recovery has little to replay.
      await pglite.exec('CHECKPOINT');
      const bytes = new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
      return { size: bytes.length, body: bytes };
    },
  });
}

export async function bytesOf(body: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(part);
  return Buffer.concat(parts);
}

/**
 * The archive of a stopped shop's data directory: this process opens its database (the data
 * directory's lock refuses while a server holds it) and writes the archive itself.
 */
export async function backupDataDir(dataDir: string, out: string): Promise<BackupSummary> {
  const config = embeddedDatabase(dataDir);
  if (!holdsEmbeddedDatabase(config.dataDir)) {
    throw new BackupRefusedError(`There is no embedded database in ${dataDir} to back up.`);
  }
  const database = await openDatabase(config);
  try {
    if (!database.pglite) throw new Error('unreachable: the embedded database is PGlite');
    return await writeBackup({ pglite: database.pglite, db: database.db, filesRoot: localFilesRoot(dataDir), out });
  } finally {
    await database.close();
  }
}

async function isEmptyOrMissing(folder: string): Promise<boolean> {
  try {
    return (await readdir(folder)).length === 0;
  } catch (error) {
    if (isNotFound(error)) return true;
    throw error;
  }
}

/**
 * Brings an archive back into `dataDir`, which must be empty or missing: a restore never mixes
 * with (or overwrites) a shop's data. On failure the folder is left empty again.
 */
export async function restoreBackup({
  archive,
  dataDir,
}: {
  archive: string;
  dataDir: string;
}): Promise<BackupSummary> {
  if (!existsSync(archive)) throw new BackupRefusedError(`There is no archive at ${archive}.`);
  if (!(await isEmptyOrMissing(dataDir))) {
    throw new BackupRefusedError(
      `${dataDir} is not empty. Restore only into an empty data directory: set DATA_DIR to a new folder, or move this one aside first.`,
    );
  }
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  try {
    return await restoreInto(archive, dataDir);
  } catch (error) {
    for (const name of await readdir(dataDir)) await rm(join(dataDir, name), { recursive: true, force: true });
    throw error;
  }
}

async function restoreInto(archive: string, dataDir: string): Promise<BackupSummary> {
  let dump: Buffer<ArrayBuffer> = Buffer.alloc(0);
  const summary = await readArchive({
    archive,
    engine: 'pglite',
    files: createLocalDiskStorage({ root: localFilesRoot(dataDir) }),
    async database(body) {
      // Buffer.concat's result lies on an ArrayBuffer of its own (never a shared one), as Blob needs.
      dump = (await bytesOf(body)) as Buffer<ArrayBuffer>;
      return dump.length;
    },
  });
  // PGlite unpacks the dump into the new data directory, starts on it (recovering from its WAL)
  // and writes it to disk; the shop's next start finds it there.
  const loadDataDir = new Blob([dump]);
  const database = await openDatabase({ ...embeddedDatabase(dataDir), loadDataDir });
  await database.close();
  return summary;
}
