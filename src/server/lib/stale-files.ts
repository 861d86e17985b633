import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** The error of a file or folder that is not there. */
export function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === 'ENOENT';
}

/**
 * Removes the entries of `folder` last changed more than `olderThanMs` ago: the leftovers of
 * writes that died with their process. A missing folder holds nothing; an entry that vanishes
 * meanwhile is skipped. Returns how many were removed.
 */
export async function removeStaleFiles(folder: string, olderThanMs: number): Promise<number> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if (isNotFound(error)) return 0;
    throw error;
  }
  const cutoff = Date.now() - olderThanMs;
  let removed = 0;
  for (const name of names) {
    const path = join(folder, name);
    try {
      if ((await stat(path)).mtimeMs > cutoff) continue;
      await rm(path, { force: true, recursive: true });
      removed += 1;
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }
  return removed;
}
