import { createHash, randomBytes } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { access, link, mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { PassThrough, type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isNotFound, removeStaleFiles } from '../lib/stale-files.ts';
import { newStorageKey, storedTypeOfKey } from './keys.ts';
import { type FileStorage, StorageKeyRefusedError, type StoredFile, StoredObjectTooLargeError } from './types.ts';

/** Where bodies are written before they are complete; never an object's folder. */
export const TEMP_FOLDER = '.tmp';
/** A temporary file this old belongs to a write that died with its process (a crash, a kill). */
const STALE_TEMP_MS = 60 * 60 * 1000;
/**
 * Written in the folder the first time a process checks it: while that process runs, a folder
 * without it is not the one it started with (a volume unmounted, the folder deleted), whatever a
 * write has made in its place since. Not a storage key, so never listed, backed up or served.
 */
export const FOLDER_MARKER = '.sevadocs-files';

export interface LocalDiskStorage extends FileStorage {
  /** The folder objects live in (DATA_DIR/files by default). */
  readonly root: string;
  /** Removes temporary files left by writes that died with their process; returns how many. */
  removeStaleTemporaryFiles(olderThanMs?: number): Promise<number>;
}

/**
 * Files on the local disk under `root`, which must lie outside any folder served over HTTP. A body
 * is written to `root/.tmp` and renamed into place only once it is complete and flushed, so a
 * refused, aborted or crashed write never leaves a partial object; folders are private to this
 * user (0700) and files readable by it alone (0600).
 */
export function createLocalDiskStorage({ root }: { root: string }): LocalDiskStorage {
  const base = resolve(root);
  const tempFolder = join(base, TEMP_FOLDER);
  // Whether this process has marked the folder (FOLDER_MARKER) as the one it serves.
  let adopted = false;

  /** The file of a key, or null when the key is not one we issue (so never a path outside `base`). */
  function pathOf(key: string): string | null {
    if (storedTypeOfKey(key) === null) return null;
    const path = resolve(base, key);
    return path.startsWith(base + sep) ? path : null;
  }

  async function syncFolder(folder: string) {
    const handle = await open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  /**
   * Writes `body` (through `meter`) to a new file in the temporary folder and, once it is complete
   * and flushed, `place`s it at `finalPath`; whatever fails, the temporary file never stays.
   */
  async function writeInPlace(
    body: Readable | AsyncIterable<Uint8Array>,
    meter: Transform,
    finalPath: string,
    place: (tempPath: string, finalPath: string) => Promise<void>,
  ) {
    await mkdir(tempFolder, { recursive: true, mode: 0o700 });
    const tempPath = join(tempFolder, `${randomBytes(16).toString('hex')}.part`);
    try {
      // `wx`: never follow or reuse an existing file; `flush`: on disk before it is placed.
      await pipeline(body, meter, createWriteStream(tempPath, { flags: 'wx', mode: 0o600, flush: true }));
      await mkdir(dirname(finalPath), { recursive: true, mode: 0o700 });
      await place(tempPath, finalPath);
    } finally {
      // After a rename there is nothing left to remove; after a link, the temporary name.
      await rm(tempPath, { force: true });
    }
    // The new name itself survives a power cut once the folder is flushed.
    await syncFolder(dirname(finalPath));
  }

  return {
    root: base,

    async put(body, { contentType, maxBytes }) {
      const key = newStorageKey(contentType);
      const hash = createHash('sha256');
      let size = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (maxBytes !== undefined && size > maxBytes) return done(new StoredObjectTooLargeError(maxBytes));
          hash.update(chunk);
          done(null, chunk);
        },
      });
      await writeInPlace(body, meter, join(base, key), rename);
      return { key, size, sha256: hash.digest('hex'), contentType };
    },

    async get(key): Promise<StoredFile | null> {
      const path = pathOf(key);
      const contentType = storedTypeOfKey(key);
      if (!path || !contentType) return null;
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(path, 'r');
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) {
          await handle.close();
          return null;
        }
        // The stream owns the handle from here: it closes it when read to the end or destroyed.
        return { stream: handle.createReadStream(), size: stats.size, contentType };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async delete(key) {
      const path = pathOf(key);
      if (!path) return false;
      try {
        await rm(path);
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },

    async exists(key) {
      const path = pathOf(key);
      if (!path) return false;
      try {
        return (await stat(path)).isFile();
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },

    async check() {
      if (!adopted) {
        // A fresh data directory has no files folder until the first upload: that is no fault.
        await mkdir(base, { recursive: true, mode: 0o700 });
        await writeFile(join(base, FOLDER_MARKER), '', { mode: 0o600 });
        adopted = true;
      }
      // Never made again here: a folder that vanished must show as down, not be replaced by an empty one.
      await access(join(base, FOLDER_MARKER));
      await access(base, constants.W_OK);
    },

    async *keys() {
      let names: string[];
      try {
        names = await readdir(base, { recursive: true });
      } catch (error) {
        if (isNotFound(error)) return;
        throw error;
      }
      for (const name of names) {
        const key = name.split(sep).join('/');
        if (storedTypeOfKey(key) !== null) yield key;
      }
    },

    async restore(key, body) {
      const finalPath = pathOf(key);
      if (!finalPath) throw new StorageKeyRefusedError(key, 'not a storage key');
      // A link, unlike a rename, never replaces a file already under that name.
      await writeInPlace(body, new PassThrough(), finalPath, (temp, final) =>
        link(temp, final).catch((error: NodeJS.ErrnoException) => {
          throw error.code === 'EEXIST' ? new StorageKeyRefusedError(key, 'already stored') : error;
        }),
      );
    },

    removeStaleTemporaryFiles(olderThanMs = STALE_TEMP_MS) {
      return removeStaleFiles(tempFolder, olderThanMs);
    },
  };
}
