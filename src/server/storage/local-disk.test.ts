import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeFileStorageContract } from '../test/file-storage-contract.ts';
import { createFileStorage, localFilesRoot } from './index.ts';
import { newStorageKey, storedTypeOfKey } from './keys.ts';
import { createLocalDiskStorage, type LocalDiskStorage } from './local-disk.ts';

/** Every file under `folder`, as paths relative to it. */
async function filesUnder(folder: string): Promise<string[]> {
  try {
    const entries = await readdir(folder, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(folder.length + 1));
  } catch {
    return [];
  }
}

describe('storage keys', () => {
  it('are random, sharded and carry only the stored type', () => {
    const a = newStorageKey('application/pdf');
    const b = newStorageKey('application/pdf');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}\.pdf$/);
    expect(a.slice(0, 2)).toBe(a.slice(3, 5));
    expect(storedTypeOfKey(a)).toBe('application/pdf');
    expect(storedTypeOfKey(newStorageKey('image/jpeg'))).toBe('image/jpeg');
  });

  it('refuse anything that is not a key we issue', () => {
    for (const key of [
      '../../etc/passwd',
      'ab/ab0000000000000000000000000000.exe',
      'ab/cd000000000000000000000000000000.pdf',
      '/ab/ab000000000000000000000000000000.pdf',
      'ab/ab000000000000000000000000000000.pdf/..',
      'AB/AB000000000000000000000000000000.pdf',
    ]) {
      expect(storedTypeOfKey(key), key).toBeNull();
    }
  });
});

// Every file under the root, temporary ones included, counts as left over.
describeFileStorageContract('local-disk storage', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'sevadocs-storage-'));
  const storage = createLocalDiskStorage({ root: join(dir, 'files') });
  return {
    storage,
    leftovers: () => filesUnder(storage.root),
    async plantForeign(content) {
      await writeFile(join(dir, 'secret.pdf'), content);
      return { keys: ['../secret.pdf', '..%2Fsecret.pdf'], read: () => readFile(join(dir, 'secret.pdf'), 'utf8') };
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
});

describe('local-disk storage', () => {
  let dir: string;
  let storage: LocalDiskStorage;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sevadocs-storage-'));
    storage = createLocalDiskStorage({ root: join(dir, 'files') });
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps files private to the server user', async () => {
    const stored = await storage.put(Readable.from([Buffer.from('x')]), { contentType: 'image/png' });
    expect((await stat(join(storage.root, stored.key))).mode & 0o777).toBe(0o600);
    expect((await stat(storage.root)).mode & 0o777).toBe(0o700);
  });

  it('removes temporary files left by a crashed write, and only stale ones', async () => {
    const temp = join(storage.root, '.tmp');
    await mkdir(temp, { recursive: true });
    await writeFile(join(temp, 'old.part'), 'crashed');
    await writeFile(join(temp, 'new.part'), 'in progress');
    const hourAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(join(temp, 'old.part'), hourAgo, hourAgo);
    expect(await storage.removeStaleTemporaryFiles()).toBe(1);
    expect(await readdir(temp)).toEqual(['new.part']);
  });

  it('fails its readiness check when its folder cannot be made', async () => {
    await writeFile(join(dir, 'not-a-folder'), '');
    const blocked = createLocalDiskStorage({ root: join(dir, 'not-a-folder', 'files') });
    await expect(blocked.check()).rejects.toMatchObject({ code: 'ENOTDIR' });
  });

  it('shows as down when its folder vanishes while it runs, even once a write has made a new one', async () => {
    const fresh = createLocalDiskStorage({ root: join(dir, 'fresh', 'files') });
    await expect(fresh.check()).resolves.toBeUndefined();
    for await (const key of fresh.keys()) throw new Error(`the marker is listed as a file: ${key}`);
    await rm(fresh.root, { recursive: true });
    await expect(fresh.check()).rejects.toMatchObject({ code: 'ENOENT' });
    await fresh.put(Readable.from([Buffer.from('x')]), { contentType: 'image/png' });
    await expect(fresh.check()).rejects.toMatchObject({ code: 'ENOENT' });
    // A restart takes the folder it finds.
    await expect(createLocalDiskStorage({ root: fresh.root }).check()).resolves.toBeUndefined();
  });

  it('is chosen from the environment: local files under DATA_DIR/files', async () => {
    const chosen = await createFileStorage({ dataDir: dir, FILE_STORAGE: 'local' });
    const stored = await chosen.put(Readable.from([Buffer.from('x')]), { contentType: 'image/png' });
    expect(await filesUnder(localFilesRoot(dir))).toEqual([stored.key]);
  });
});
