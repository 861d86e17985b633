import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';
import type { S3Client } from '@aws-sdk/client-s3';
import { createS3Storage, type S3Storage } from '../storage/s3.ts';

/** What a test needs to reach the fake S3 server: its endpoint, bucket and (its fixed) keys. */
export interface TestS3Server {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The server's files (objects, and the parts of multipart uploads). */
  directory: string;
  /** The S3_* variables for `loadEnv` / `buildTestApp` with FILE_STORAGE=s3. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * An S3-compatible server (@20minutes/s3rver) on 127.0.0.1 at a free port, keeping its objects in
 * a temporary folder of its own, with one empty bucket; `close` stops it and removes the folder.
 */
export async function startTestS3Server(bucket = 'sevadocs-test'): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'sevadocs-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's one account.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    endpoint,
    bucket,
    region: 'us-east-1',
    ...credentials,
    directory,
    env: {
      FILE_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * s3rver signs bucket-level requests (ListObjectsV2) over `/bucket`, SDK v3 over `/bucket/`: this
 * drops the slash before signing, for the tests' own listings. Object requests need nothing.
 */
export function matchS3rverBucketPaths(client: S3Client): void {
  client.middlewareStack.add(
    (next) => (args) => {
      const request = args.request as { path?: string };
      if (request.path && /^\/[^/]+\/$/.test(request.path)) request.path = request.path.slice(0, -1);
      return next(args);
    },
    { step: 'build', name: 'matchS3rverBucketPaths' },
  );
}

/** The app's S3 storage on a test server's bucket, failing at once (no retries), its listings signed as s3rver needs. */
export function testS3Storage(target: TestS3Server, bucket = target.bucket): S3Storage {
  const storage = createS3Storage({
    bucket,
    region: target.region,
    endpoint: target.endpoint,
    accessKeyId: target.accessKeyId,
    secretAccessKey: target.secretAccessKey,
    clientConfig: { maxAttempts: 1 },
  });
  matchS3rverBucketPaths(storage.client);
  return storage;
}
