import { createReadStream, existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, open, readdir, rm, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { addAbortSignal } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { DAY_MS } from '../../domain/time.ts';
import { type Database, databaseConfigFor, holdsEmbeddedDatabase, openDatabase } from '../db/client.ts';
import { isNotFound, removeStaleFiles } from '../lib/stale-files.ts';
import { type ErasureRecord, erasureRegister } from '../modules/data-rights/service.ts';
import { type FileStorage, localFilesRoot } from '../storage/index.ts';
import { storedTypeOfKey } from '../storage/keys.ts';
import { createLocalDiskStorage } from '../storage/local-disk.ts';
import { readTar, type TarEntry, TarFormatError, tarSize, writeTar } from './tar.ts';

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
  /** Called once the archive is written or abandoned: removes what the dump left to read from. */
  release?: () => Promise<void>;
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
 * stored meanwhile ride along unnamed, which is harmless. A failed backup leaves no file, and
 * neither does one `signal` aborts (a server stopping): a truncated archive under the operator's
 * name would pass for a backup.
 */
export async function writeArchive({
  out,
  engine,
  dump,
  erasures,
  files,
  checkFiles,
  signal,
}: {
  out: string;
  signal?: AbortSignal;
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
  let database: DatabaseDump | null = null;
  try {
    database = await dump();
    const register = await erasures();
    const checkListed = await checkFiles?.();
    const keys: string[] = [];
    for await (const key of files.keys()) keys.push(key);
    checkListed?.(new Set(keys));
    let count = 0;
    const { size: databaseBytes, body } = database;
    async function* entries(): AsyncGenerator<TarEntry> {
      const manifest: Manifest = {
        format: FORMAT,
        createdAt: new Date().toISOString(),
        database: engine,
        erasures: register,
      };
      const text = Buffer.from(JSON.stringify(manifest));
      yield { name: MANIFEST, size: text.length, body: text };
      yield { name: DATABASE_ENTRY[engine], size: databaseBytes, body };
      for (const key of keys) {
        // A file deleted since the listing (a customer removing an upload) is skipped.
        const file = await files.get(key);
        if (!file) continue;
        count += 1;
        // The file being read ends with the archive: an aborted pipeline waits for the entry in progress.
        yield { name: FILES + key, size: file.size, body: signal ? addAbortSignal(signal, file.stream) : file.stream };
      }
    }
    await pipeline(writeTar(entries()), createGzip(), target.createWriteStream({ flush: true }), { signal });
    return { databaseBytes, files: count };
  } catch (error) {
    await target.close().catch(() => {});
    await rm(out, { force: true });
    throw error;
  } finally {
    await database?.release?.();
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
  dataDir,
  out,
  signal,
}: {
  /** The shop's embedded database, open on its folder in `dataDir`. */
  pglite: PGlite;
  /** The same database, through Drizzle: the register of erased accounts is read with it. */
  db: Database;
  dataDir: string;
  out: string;
  /** Aborted: the archive is abandoned and its file removed. */
  signal?: AbortSignal;
}): Promise<BackupSummary> {
  return writeArchive({
    out,
    signal,
    engine: 'pglite',
    erasures: () => erasureRegister(db),
    files: createLocalDiskStorage({ root: localFilesRoot(dataDir) }),
    dump: () => dumpDatabaseFolder(pglite, dataDir),
  });
}

/** Where a backup copies the embedded database's folder; beside it, so on the same disk. */
const BACKUP_WORK = 'backup-work';
/** A copy this old was left by a backup that died with its process. */
const STALE_COPY_MS = DAY_MS;

/**
 * The embedded database's folder as a tar, the format PGlite loads (`loadDataDir`). The folder is
 * copied while no statement runs (PGlite's query lock, which its own `dumpDataDir` takes): a
 * crash-consistent copy, which PostgreSQL recovers from its WAL at the restored start; the
 * checkpoint first writes the cached pages out, so that recovery has little to replay. The tar is
 * then streamed from the copy: `dumpDataDir` built it in memory, about four copies of the database
 * (~220 MB of a 46 MB shop) that the server kept until its heap was next collected.
 */
async function dumpDatabaseFolder(pglite: PGlite, dataDir: string): Promise<DatabaseDump> {
  const work = join(dataDir, BACKUP_WORK);
  await removeStaleFiles(work, STALE_COPY_MS);
  await mkdir(work, { recursive: true, mode: 0o700 });
  const copy = await mkdtemp(join(work, 'database-'));
  const release = () => rm(copy, { recursive: true, force: true });
  try {
    await pglite.exec('CHECKPOINT');
    await pglite._runExclusiveQuery(() => copyFolder(embeddedDatabase(dataDir).dataDir, copy));
    const entries = await folderEntries(copy);
    return { size: tarSize(entries), body: writeTar(entries), release };
  } catch (error) {
    await release();
    throw error;
  }
}

/** Files copied side by side: libuv's four threads; one at a time (`fs.cp`) held requests ~2× longer. */
const COPY_LANES = 4;

/** Copies the folder `from` (its subfolders and files) into the existing empty folder `to`. */
async function copyFolder(from: string, to: string) {
  const found = await readdir(from, { recursive: true, withFileTypes: true });
  const files: string[] = [];
  for (const item of found) {
    const name = relative(from, join(item.parentPath, item.name));
    if (item.isDirectory()) await mkdir(join(to, name), { recursive: true, mode: 0o700 });
    else if (item.isFile()) files.push(name);
  }
  let next = 0;
  const lane = async () => {
    for (let name = files[next++]; name !== undefined; name = files[next++])
      await copyFile(join(from, name), join(to, name));
  };
  await Promise.all(Array.from({ length: COPY_LANES }, lane));
}

/** Every folder and file under `root`, parents first, named relative to it; a file is opened when read. */
async function folderEntries(root: string): Promise<TarEntry[]> {
  const found = await readdir(root, { recursive: true, withFileTypes: true });
  const entries: TarEntry[] = [];
  for (const item of found) {
    const path = join(item.parentPath, item.name);
    const name = relative(root, path).split(sep).join('/');
    if (item.isDirectory()) entries.push({ name, size: 0, body: new Uint8Array(0), folder: true });
    else if (item.isFile()) {
      entries.push({
        name,
        size: (await stat(path)).size,
        body: (async function* () {
          yield* createReadStream(path);
        })(),
      });
    }
  }
  return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
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
    return await writeBackup({ pglite: database.pglite, db: database.db, dataDir, out });
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
