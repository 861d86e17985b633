import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, open, readdir, rm } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { databaseConfigFor, openDatabase } from '../db/client.ts';
import { isNotFound } from '../lib/stale-files.ts';
import { localFilesRoot } from '../storage/index.ts';
import { storedTypeOfKey } from '../storage/keys.ts';
import { readTar, type TarEntry, TarFormatError, writeTar } from './tar.ts';

/**
 * One archive of the embedded mode (decision 0113-backups): a tar.gz holding, in this order, a
 * manifest, PGlite's dump of its data directory, then every uploaded file under its storage key.
 */
const MANIFEST = 'sevadocs-backup.json';
const DATABASE = 'database/pglite.tar';
const FILES = 'files/';
const FORMAT = 1;

export interface BackupSummary {
  databaseBytes: number;
  files: number;
}

interface Manifest {
  format: number;
  createdAt: string;
  database: 'pglite';
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

/** The storage keys under the local files folder (never its `.tmp` writes in progress). */
async function storedKeys(filesRoot: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(filesRoot, { recursive: true });
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
  return names.map((name) => name.split(sep).join('/')).filter((key) => storedTypeOfKey(key) !== null);
}

/** A stored file as a tar entry, or null when it went (deleted since the listing). */
async function fileEntry(filesRoot: string, key: string): Promise<TarEntry | null> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(join(filesRoot, key), 'r');
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
  const { size } = await handle.stat();
  return { name: FILES + key, size, body: handle.createReadStream() };
}

/**
 * Writes the archive to `out` (a new file: an existing one is never overwritten) while the shop
 * runs. The database comes first: an upload stores its file before the row naming it, so every file
 * the dump names is on disk when the files are read afterwards; files stored meanwhile ride along
 * unnamed, which is harmless.
 */
export async function writeBackup({
  pglite,
  filesRoot,
  out,
}: {
  pglite: PGlite;
  filesRoot: string;
  out: string;
}): Promise<BackupSummary> {
  // Opened first: a name already taken fails before the dump's work, and is never overwritten.
  const target = await open(out, 'wx', 0o600);
  try {
    // The dump copies the data directory while no statement runs (PGlite's query lock): a
    // crash-consistent copy, which PostgreSQL recovers from its WAL at the restored start. The
    // checkpoint first writes the cached pages out, so that recovery has little to replay.
    await pglite.exec('CHECKPOINT');
    const dump = new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
    const keys = await storedKeys(filesRoot);
    let files = 0;
    async function* entries(): AsyncGenerator<TarEntry> {
      const manifest: Manifest = { format: FORMAT, createdAt: new Date().toISOString(), database: 'pglite' };
      const text = Buffer.from(JSON.stringify(manifest));
      yield { name: MANIFEST, size: text.length, body: text };
      yield { name: DATABASE, size: dump.length, body: dump };
      for (const key of keys) {
        const entry = await fileEntry(filesRoot, key);
        if (!entry) continue;
        files += 1;
        yield entry;
      }
    }
    await pipeline(writeTar(entries()), createGzip(), target.createWriteStream({ flush: true }));
    return { databaseBytes: dump.length, files };
  } catch (error) {
    await target.close().catch(() => {});
    await rm(out, { force: true });
    throw error;
  }
}

async function bytesOf(body: AsyncIterable<Buffer>): Promise<Buffer> {
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
  if (!existsSync(join(config.dataDir, 'PG_VERSION'))) {
    throw new BackupRefusedError(`There is no embedded database in ${dataDir} to back up.`);
  }
  const database = await openDatabase(config);
  try {
    if (!database.pglite) throw new Error('unreachable: the embedded database is PGlite');
    return await writeBackup({ pglite: database.pglite, filesRoot: localFilesRoot(dataDir), out });
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
  const filesRoot = localFilesRoot(dataDir);
  let manifest: Manifest | null = null;
  let dump: Buffer | null = null;
  let files = 0;
  for await (const entry of readTar(createReadStream(archive).pipe(createGunzip()))) {
    if (!manifest) {
      if (entry.name !== MANIFEST) throw new TarFormatError('it starts with no manifest');
      manifest = JSON.parse((await bytesOf(entry.body)).toString('utf8')) as Manifest;
      if (manifest.format !== FORMAT || manifest.database !== 'pglite') {
        throw new TarFormatError(`its format (${manifest.format}, ${manifest.database}) is not this version's`);
      }
    } else if (entry.name === DATABASE) {
      dump = await bytesOf(entry.body);
    } else if (entry.name.startsWith(FILES) && storedTypeOfKey(entry.name.slice(FILES.length))) {
      // Only well-formed keys (storage/keys.ts) are written, so no name leads outside the folder.
      const path = join(filesRoot, entry.name.slice(FILES.length));
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      await pipeline(entry.body, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
      files += 1;
    } else {
      throw new TarFormatError(`it holds an unknown entry ${entry.name}`);
    }
  }
  if (!dump) throw new TarFormatError('it holds no database');
  // PGlite unpacks the dump into the new data directory, starts on it (recovering from its WAL)
  // and writes it to disk; the shop's next start finds it there.
  // Buffer.concat's result lies on an ArrayBuffer of its own (never a shared one), as Blob needs.
  const loadDataDir = new Blob([dump as Buffer<ArrayBuffer>]);
  const database = await openDatabase({ ...embeddedDatabase(dataDir), loadDataDir });
  await database.close();
  return { databaseBytes: dump.length, files };
}
