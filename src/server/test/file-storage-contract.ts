import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FileStorage, StorageKeyRefusedError, StoredObjectTooLargeError } from '../storage/index.ts';

/** One backend under test, made fresh (and empty) for each test. */
export interface FileStorageFixture {
  storage: FileStorage;
  /** Everything the backend holds now, complete or not: stored keys, temporary files, parts. */
  leftovers(): Promise<string[]>;
  /** Puts `content` where no key of ours leads; answers keys that might reach it. */
  plantForeign(content: string): Promise<{ keys: string[]; read(): Promise<string> }>;
  cleanup(): Promise<void>;
}

async function* failingBody() {
  yield Buffer.from('half of a file');
  throw new Error('connection lost');
}

/** `count` chunks of 64 KiB, each filled with its own byte. */
function chunks(count: number): Buffer[] {
  return Array.from({ length: count }, (_, i) => Buffer.alloc(64 * 1024, i % 251));
}

/**
 * The FileStorage contract (types.ts; docs/decisions/0049, 0071), one suite run against every
 * backend: the local disk (local-disk.test.ts) and S3 (s3.test.ts).
 */
export function describeFileStorageContract(name: string, setup: () => Promise<FileStorageFixture>) {
  describe(`${name}: the FileStorage contract`, () => {
    let fixture: FileStorageFixture;
    let storage: FileStorage;

    beforeEach(async () => {
      fixture = await setup();
      storage = fixture.storage;
    });
    afterEach(async () => {
      await fixture.cleanup();
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
      expect(await fixture.leftovers()).toEqual([stored.key]);
    });

    it('streams a body larger than one upload part (8 MiB) and reads back the same bytes', async () => {
      const body = chunks(128);
      const whole = Buffer.concat(body);
      const stored = await storage.put(Readable.from(body), { contentType: 'image/jpeg', maxBytes: 10 * 1024 * 1024 });
      expect(stored.size).toBe(whole.length);
      expect(stored.sha256).toBe(createHash('sha256').update(whole).digest('hex'));
      const file = await storage.get(stored.key);
      expect(file?.size).toBe(whole.length);
      expect((await buffer(file?.stream ?? Readable.from([]))).equals(whole)).toBe(true);
      expect(await fixture.leftovers()).toEqual([stored.key]);
    });

    it('leaves nothing behind when the body fails half-way', async () => {
      await expect(storage.put(failingBody(), { contentType: 'application/pdf' })).rejects.toThrow('connection lost');
      expect(await fixture.leftovers()).toEqual([]);
    });

    it('refuses a body over maxBytes and keeps nothing of it', async () => {
      const chunks = Array.from({ length: 10 }, () => Buffer.alloc(1024, 1));
      await expect(
        storage.put(Readable.from(chunks), { contentType: 'application/pdf', maxBytes: 4096 }),
      ).rejects.toBeInstanceOf(StoredObjectTooLargeError);
      expect(await fixture.leftovers()).toEqual([]);
    });

    it('refuses a large body once it passes maxBytes, after a first part went up, and keeps nothing', async () => {
      await expect(
        storage.put(Readable.from(chunks(160)), { contentType: 'image/png', maxBytes: 9 * 1024 * 1024 }),
      ).rejects.toBeInstanceOf(StoredObjectTooLargeError);
      expect(await fixture.leftovers()).toEqual([]);
    });

    it('deletes an object once', async () => {
      const stored = await storage.put(Readable.from([Buffer.from('x')]), { contentType: 'image/jpeg' });
      expect(await storage.delete(stored.key)).toBe(true);
      expect(await storage.delete(stored.key)).toBe(false);
      expect(await storage.exists(stored.key)).toBe(false);
      expect(await storage.get(stored.key)).toBeNull();
      expect(await fixture.leftovers()).toEqual([]);
    });

    it('passes its readiness check, before any file is stored too', async () => {
      await expect(storage.check()).resolves.toBeUndefined();
    });

    it('lists every stored key for a backup, never a foreign object', async () => {
      const keys = [];
      for (const type of ['application/pdf', 'image/png'] as const) {
        keys.push((await storage.put(Readable.from([Buffer.from('x')]), { contentType: type })).key);
      }
      await fixture.plantForeign('secret');
      const listed = [];
      for await (const key of storage.keys()) listed.push(key);
      expect(listed.sort()).toEqual(keys.sort());
    });

    it('restores a body under the key a backup gives, never over a stored one nor outside its keys', async () => {
      const { key } = await storage.put(Readable.from([Buffer.from('first')]), { contentType: 'application/pdf' });
      await expect(storage.restore(key, Readable.from([Buffer.from('second')]))).rejects.toThrow(
        new StorageKeyRefusedError(key, 'already stored'),
      );
      expect(await text((await storage.get(key))?.stream ?? Readable.from([]))).toBe('first');

      const restored = 'ab/ab0123456789abcdef0123456789abcd.jpg';
      await storage.restore(restored, Readable.from([Buffer.from('from a backup')]));
      const file = await storage.get(restored);
      expect(file?.contentType).toBe('image/jpeg');
      expect(await text(file?.stream ?? Readable.from([]))).toBe('from a backup');
      for (const bad of ['../secret.pdf', 'ab/ab0000000000000000000000000000.exe', '']) {
        await expect(storage.restore(bad, Readable.from([Buffer.from('x')]))).rejects.toBeInstanceOf(
          StorageKeyRefusedError,
        );
      }
      expect((await fixture.leftovers()).sort()).toEqual([key, restored].sort());
    });

    it('never reaches anything but its own keys, whatever key it is given', async () => {
      const foreign = await fixture.plantForeign('secret');
      for (const key of [...foreign.keys, 'ab/ab0000000000000000000000000000.exe', '/etc/passwd', '']) {
        expect(await storage.get(key), key).toBeNull();
        expect(await storage.exists(key), key).toBe(false);
        expect(await storage.delete(key), key).toBe(false);
      }
      expect(await foreign.read()).toBe('secret');
    });
  });
}
