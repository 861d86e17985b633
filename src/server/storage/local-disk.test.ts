import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileStorage, localFilesRoot } from './index.ts';
import { newStorageKey, storedTypeOfKey } from './keys.ts';
import { createLocalDiskStorage, type LocalDiskStorage } from './local-disk.ts';
import { StoredObjectTooLargeError } from './types.ts';

/** Every file under `folder`, as paths relative to it. */
async function filesUnder(folder: string): Promise<string[]> {
  try {
    const entries = await readdir(folder, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(folder.length + 1));
  } catch {
    return [];
  }
}

async function* failingBody() {
  yield Buffer.from('half of a file');
  throw new Error('connection lost');
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

  it('stores a streamed body and reads it back with its size and type', async () => {
    const body = Buffer.from('%PDF-1.7 pretend document');
    const stored = await storage.put(Readable.from([body.subarray(0, 5), body.subarray(5)]), {
      contentType: 'application/pdf',
    });
    expect(stored.size).toBe(body.length);
    expect(stored.sha256).toBe(createHash('sha256').update(body).digest('hex'));
    expect(stored.contentType).toBe('application/pdf');
    expect(await storage.exists(stored.key)).toBe(true);

    const file = await storage.get(stored.key);
    expect(file?.size).toBe(body.length);
    expect(file?.contentType).toBe('application/pdf');
    expect(await text(file?.stream ?? Readable.from([]))).toBe(body.toString());
    expect(await filesUnder(storage.root)).toEqual([stored.key]);
  });

  it('keeps files private to the server user', async () => {
    const stored = await storage.put(Readable.from([Buffer.from('x')]), { contentType: 'image/png' });
    expect((await stat(join(storage.root, stored.key))).mode & 0o777).toBe(0o600);
    expect((await stat(storage.root)).mode & 0o777).toBe(0o700);
  });

  it('leaves nothing behind when the body fails half-way', async () => {
    await expect(storage.put(failingBody(), { contentType: 'application/pdf' })).rejects.toThrow('connection lost');
    expect(await filesUnder(storage.root)).toEqual([]);
  });

  it('refuses a body over maxBytes and keeps nothing of it', async () => {
    const chunks = Array.from({ length: 10 }, () => Buffer.alloc(1024, 1));
    await expect(
      storage.put(Readable.from(chunks), { contentType: 'application/pdf', maxBytes: 4096 }),
    ).rejects.toBeInstanceOf(StoredObjectTooLargeError);
    expect(await filesUnder(storage.root)).toEqual([]);
  });

  it('deletes an object once', async () => {
    const stored = await storage.put(Readable.from([Buffer.from('x')]), { contentType: 'image/jpeg' });
    expect(await storage.delete(stored.key)).toBe(true);
    expect(await storage.delete(stored.key)).toBe(false);
    expect(await storage.exists(stored.key)).toBe(false);
    expect(await storage.get(stored.key)).toBeNull();
  });

  it('never reaches outside its folder, whatever key it is given', async () => {
    await writeFile(join(dir, 'secret.pdf'), 'secret');
    for (const key of ['../secret.pdf', '..%2Fsecret.pdf', '/etc/passwd', '']) {
      expect(await storage.get(key), key).toBeNull();
      expect(await storage.exists(key), key).toBe(false);
      expect(await storage.delete(key), key).toBe(false);
    }
    expect(await readFile(join(dir, 'secret.pdf'), 'utf8')).toBe('secret');
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

  it('is chosen from the environment: local files under DATA_DIR/files', async () => {
    const chosen = createFileStorage({ dataDir: dir, FILE_STORAGE: 'local' });
    const stored = await chosen.put(Readable.from([Buffer.from('x')]), { contentType: 'image/png' });
    expect(await filesUnder(localFilesRoot(dir))).toEqual([stored.key]);
  });
});
