import { type AddressInfo, createServer } from 'node:net';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../env.ts';
import { describeFileStorageContract } from '../test/file-storage-contract.ts';
import { matchS3rverBucketPaths, startTestS3Server, type TestS3Server, testS3Storage } from '../test/s3-server.ts';
import { createFileStorage } from './index.ts';
import { createS3Storage, type S3Storage } from './s3.ts';
import { StoredObjectTooLargeError } from './types.ts';

let server: TestS3Server;
beforeAll(async () => {
  server = await startTestS3Server();
});
afterAll(async () => {
  await server?.close();
});

/** Every key in the bucket. */
async function keysIn(client: S3Client, bucket: string): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
  return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
}

/** The names of the S3 operations `client` sends from now on. */
function recordOperations(client: S3Client): string[] {
  const sent: string[] = [];
  client.middlewareStack.add(
    (next, context) => (args) => {
      sent.push(String(context.commandName));
      return next(args);
    },
    { step: 'initialize', name: 'recordOperations' },
  );
  return sent;
}

describeFileStorageContract('S3 storage (s3rver on loopback)', async () => {
  const storage = testS3Storage(server);
  const { client, bucket } = storage;
  return {
    storage,
    leftovers: () => keysIn(client, bucket),
    async plantForeign(content) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: 'secret.pdf', Body: content }));
      return {
        keys: ['secret.pdf', '../secret.pdf', `${bucket}/secret.pdf`],
        async read() {
          const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: 'secret.pdf' }));
          return text(answer.Body as Readable);
        },
      };
    },
    async cleanup() {
      for (const key of await keysIn(client, bucket)) {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      }
      storage.destroy();
    },
  };
});

describe('S3 storage', () => {
  it('is chosen from the environment, path-style with checksums only where required', async () => {
    const env = loadEnv({ ...server.env, DATA_DIR: '/nonexistent-sevadocs-data' });
    const storage = (await createFileStorage(env)) as S3Storage;
    matchS3rverBucketPaths(storage.client);
    try {
      expect(storage.bucket).toBe(server.bucket);
      expect(storage.client.config.forcePathStyle).toBe(true);
      expect(await storage.client.config.requestChecksumCalculation()).toBe('WHEN_REQUIRED');
      expect(await storage.client.config.responseChecksumValidation()).toBe('WHEN_REQUIRED');
      const stored = await storage.put(Readable.from([Buffer.from('\x89PNG')]), { contentType: 'image/png' });
      expect(await keysIn(storage.client, server.bucket)).toContain(stored.key);
      expect(await storage.delete(stored.key)).toBe(true);
    } finally {
      storage.destroy();
    }
  });

  it('addresses AWS S3 itself by bucket host name when no endpoint is set', () => {
    const storage = createS3Storage({ bucket: 'b', region: 'eu-west-1', accessKeyId: 'k', secretAccessKey: 's' });
    expect(storage.client.config.forcePathStyle).toBeFalsy();
    storage.destroy();
  });

  it('aborts the multipart upload of a body refused after its first part', async () => {
    const storage = testS3Storage(server);
    const sent = recordOperations(storage.client);
    try {
      const body = Array.from({ length: 160 }, () => Buffer.alloc(64 * 1024, 7));
      await expect(
        storage.put(Readable.from(body), { contentType: 'application/pdf', maxBytes: 9 * 1024 * 1024 }),
      ).rejects.toBeInstanceOf(StoredObjectTooLargeError);
      expect(sent).toContain('CreateMultipartUploadCommand');
      expect(sent).toContain('UploadPartCommand');
      expect(sent).toContain('AbortMultipartUploadCommand');
      expect(sent).not.toContain('CompleteMultipartUploadCommand');
      expect(await keysIn(storage.client, server.bucket)).toEqual([]);
    } finally {
      storage.destroy();
    }
  });

  it("passes on the server's refusal and stores nothing", async () => {
    const storage = testS3Storage(server, 'no-such-bucket');
    try {
      await expect(
        storage.put(Readable.from([Buffer.from('%PDF-1.7')]), { contentType: 'application/pdf' }),
      ).rejects.toMatchObject({ name: 'NoSuchBucket' });
      expect(await keysIn(storage.client, server.bucket)).toEqual([]);
      // The readiness check says so before any upload does.
      await expect(storage.check()).rejects.toThrow();
    } finally {
      storage.destroy();
    }
  });

  it('fails, rather than answering "no such file", when the store cannot be reached', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const storage = testS3Storage({ ...server, endpoint: `http://127.0.0.1:${closed}` });
    try {
      const key = 'ab/ab000000000000000000000000000000.pdf';
      await expect(storage.get(key)).rejects.toThrow();
      await expect(storage.exists(key)).rejects.toThrow();
      await expect(storage.delete(key)).rejects.toThrow();
      await expect(storage.check()).rejects.toThrow();
      await expect(
        storage.put(Readable.from([Buffer.from('%PDF-1.7')]), { contentType: 'application/pdf' }),
      ).rejects.toThrow();
    } finally {
      storage.destroy();
    }
  });
});
