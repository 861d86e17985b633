import type { Readable } from 'node:stream';
import type { StoredFileType } from '../../domain/uploads/file-types.ts';

/** What `put` reports about the bytes it stored. */
export interface StoredObject {
  /** A random key (keys.ts), never derived from anything a user sent. */
  key: string;
  size: number;
  /** Hex SHA-256 of the stored bytes. */
  sha256: string;
  contentType: StoredFileType;
}

/** A stored file opened for reading. The caller must consume or destroy `stream`. */
export interface StoredFile {
  stream: Readable;
  size: number;
  contentType: StoredFileType;
}

export interface PutOptions {
  contentType: StoredFileType;
  /** Refuse (and keep nothing) once the body passes this many bytes. */
  maxBytes?: number;
}

/**
 * Where accepted files live, outside the web root and never served statically: the local disk
 * under DATA_DIR/files (local-disk.ts) or an S3-compatible bucket (s3.ts), chosen in one place
 * (index.ts). Both pass one contract of tests (src/server/test/file-storage-contract.ts). A `put` either stores the whole body under a new key or stores
 * nothing: a failed or aborted body leaves no object and no partial file behind.
 */
export interface FileStorage {
  /** Streams `body` into a new object and returns its key, size and SHA-256. */
  put(body: Readable | AsyncIterable<Uint8Array>, options: PutOptions): Promise<StoredObject>;
  /** Opens an object for reading, or null when there is none under `key` (or `key` is not one of ours). */
  get(key: string): Promise<StoredFile | null>;
  /** Removes an object; false when there was none. */
  delete(key: string): Promise<boolean>;
  exists(key: string): Promise<boolean>;
  /** Resolves when the store answers and can take files; rejects with why not (the readiness check). */
  check(): Promise<void>;
  /**
   * Every stored key (never a write in progress, nor anything not named as we name keys), in no
   * particular order. For backups (decision 0117-postgres-backups); the shop never lists.
   */
  keys(): AsyncIterable<string>;
  /**
   * Stores `body` under `key`, a key of ours not yet taken (refused otherwise, keeping nothing):
   * a backup's file brought back under the name its database rows give it. For restores only.
   */
  restore(key: string, body: Readable | AsyncIterable<Uint8Array>): Promise<void>;
}

/** `restore` was given a key that is not one of ours, or one already taken. */
export class StorageKeyRefusedError extends Error {
  constructor(key: string, why: 'not a storage key' | 'already stored') {
    super(`Cannot restore ${JSON.stringify(key)}: ${why}`);
    this.name = 'StorageKeyRefusedError';
  }
}

/** The stored body passed `PutOptions.maxBytes`. */
export class StoredObjectTooLargeError extends Error {
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    super(`The stored body passed ${maxBytes} bytes`);
    this.maxBytes = maxBytes;
    this.name = 'StoredObjectTooLargeError';
  }
}
