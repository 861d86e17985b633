import { join } from 'node:path';
import type { Env } from '../env.ts';
import { createLocalDiskStorage } from './local-disk.ts';
import type { FileStorage } from './types.ts';

export type { FileStorage, PutOptions, StoredFile, StoredObject } from './types.ts';
export { StorageKeyRefusedError, StoredObjectTooLargeError } from './types.ts';

/** The folder of the local-disk storage: DATA_DIR/files, outside the web root (BUILD_DIR/client). */
export function localFilesRoot(dataDir: string): string {
  return join(dataDir, 'files');
}

/** The variables createFileStorage reads. */
export type FileStorageEnv = Pick<Env, 'dataDir' | 'FILE_STORAGE'> &
  Partial<Pick<Env, 'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'>>;

/**
 * The one place the storage backend is chosen (FILE_STORAGE): `local` keeps files under
 * DATA_DIR/files; `s3` in the bucket S3_BUCKET (docs/decisions/0071), which every server shares.
 * The AWS SDK (~6 MB of heap) loads only for `s3` (decision 0135).
 */
export async function createFileStorage(env: FileStorageEnv): Promise<FileStorage> {
  switch (env.FILE_STORAGE) {
    case 'local': {
      const storage = createLocalDiskStorage({ root: localFilesRoot(env.dataDir) });
      // Writes cut short by a crash left temporary files behind; nothing else reads them.
      void storage.removeStaleTemporaryFiles().catch(() => {});
      return storage;
    }
    case 's3': {
      const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
      // loadEnv refuses FILE_STORAGE=s3 without these; this guards other callers.
      if (!bucket || !accessKeyId || !secretAccessKey) {
        throw new Error('FILE_STORAGE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
      }
      const { createS3Storage } = await import('./s3.ts');
      return createS3Storage({
        bucket,
        region: env.S3_REGION ?? 'us-east-1',
        endpoint: env.S3_ENDPOINT,
        accessKeyId,
        secretAccessKey,
      });
    }
  }
}
