import { randomBytes } from 'node:crypto';
import type { StoredFileType } from '../../domain/uploads/file-types.ts';

const EXTENSION_BY_TYPE: Record<StoredFileType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};
const TYPE_BY_EXTENSION = new Map(
  Object.entries(EXTENSION_BY_TYPE).map(([type, extension]) => [extension, type as StoredFileType]),
);

/** `ab/ab12…(32 hex).pdf`: a two-character shard folder, 128 random bits and the stored type. */
const KEY = /^([0-9a-f]{2})\/\1[0-9a-f]{30}\.(jpg|png|pdf)$/;

/**
 * A new storage key: random (128 bits), sharded into 256 folders so none grows huge, ending in
 * the extension of the type we stored (decided by our own checks, never by the upload's name), so
 * any backend can tell an object's type from its key alone.
 */
export function newStorageKey(contentType: StoredFileType): string {
  const id = randomBytes(16).toString('hex');
  return `${id.slice(0, 2)}/${id}.${EXTENSION_BY_TYPE[contentType]}`;
}

/** The stored type of a well-formed key, or null for anything that is not a key we issue. */
export function storedTypeOfKey(key: string): StoredFileType | null {
  const match = KEY.exec(key);
  return match ? (TYPE_BY_EXTENSION.get(match[2] as string) ?? null) : null;
}
