import { join } from 'node:path';
import type { Env } from '../env.ts';
import { createLocalDiskStorage } from './local-disk.ts';
import type { FileStorage } from './types.ts';

export type { FileStorage, PutOptions, StoredFile, StoredObject } from './types.ts';
export { StoredObjectTooLargeError } from './types.ts';

/** The folder of the local-disk storage: DATA_DIR/files, outside the web root (BUILD_DIR/client). */
export function localFilesRoot(dataDir: string): string {
  return join(dataDir, 'files');
}

/**
 * The one place the storage backend is chosen (FILE_STORAGE). `local`, the only backend for now,
 * keeps files under DATA_DIR/files; the scale-out issue adds `s3` here behind the same interface.
 */
export function createFileStorage(env: Pick<Env, 'dataDir' | 'FILE_STORAGE'>): FileStorage {
  switch (env.FILE_STORAGE) {
    case 'local': {
      const storage = createLocalDiskStorage({ root: localFilesRoot(env.dataDir) });
      // Writes cut short by a crash left temporary files behind; nothing else reads them.
      void storage.removeStaleTemporaryFiles().catch(() => {});
      return storage;
    }
  }
}
