import { createHash } from 'node:crypto';
import { pipeline, Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { newStorageKey, storedTypeOfKey } from './keys.ts';
import { type FileStorage, StorageKeyRefusedError, type StoredFile, StoredObjectTooLargeError } from './types.ts';

/** S3's smallest part (5 MiB): a body up to this goes up in one PutObject, a larger one in parts. */
const MIN_PART_BYTES = 5 * 1024 * 1024;

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, Ceph, Garage, a test server); unset for AWS S3 itself. */
  endpoint?: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bytes per part of a multipart upload (at least 5 MiB); two parts are in memory at a time. */
  partSize?: number;
  /** Further client settings (tests shorten retries). */
  clientConfig?: Partial<S3ClientConfig>;
}

export interface S3Storage extends FileStorage {
  readonly bucket: string;
  readonly client: S3Client;
  /** Closes the client's connections. */
  destroy(): void;
}

/** A 404 from S3: GetObject says NoSuchKey, HeadObject (no body) only NotFound. */
function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * Files in an S3-compatible bucket (FILE_STORAGE=s3; docs/decisions/0071), under the same random
 * keys as the local disk (keys.ts), so the bucket holds nothing a user named. A body is streamed
 * through a meter (size, SHA-256, `maxBytes`) into `@aws-sdk/lib-storage`'s Upload: one PutObject
 * up to 5 MiB, a multipart upload above, with at most two parts in memory. S3 publishes an object
 * only when its PutObject or CompleteMultipartUpload succeeds, so a failed or refused body leaves
 * no object; its parts are aborted (and a bucket lifecycle rule removes what a crash leaves).
 * Reads stream the object's body through the app, after the caller's ownership check.
 */
export function createS3Storage({
  bucket,
  region,
  endpoint,
  accessKeyId,
  secretAccessKey,
  partSize = MIN_PART_BYTES,
  clientConfig = {},
}: S3StorageOptions): S3Storage {
  const client = new S3Client({
    region,
    credentials: { accessKeyId, secretAccessKey },
    ...(endpoint
      ? // Self-hosted stores answer at https://host/bucket/key, not at a bucket sub-domain.
        { endpoint, forcePathStyle: true }
      : {}),
    // Checksums only where S3 requires them: self-hosted stores reject or ignore the CRC
    // trailers SDK v3 now sends by default; our own SHA-256 is computed while streaming.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An unreachable or stalled store fails the request instead of holding it open: 5 s to
    // connect, 30 s without a byte either way (the SDK's defaults wait for ever). No limit on the
    // whole exchange: a download streams at the customer's pace.
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 30_000 },
    ...clientConfig,
  });

  async function head(key: string): Promise<boolean> {
    try {
      await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  return {
    bucket,
    client,
    destroy: () => client.destroy(),

    async put(body, { contentType, maxBytes }) {
      const key = newStorageKey(contentType);
      const hash = createHash('sha256');
      let size = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (maxBytes !== undefined && size > maxBytes) return done(new StoredObjectTooLargeError(maxBytes));
          hash.update(chunk);
          done(null, chunk);
        },
      });
      // The body's own failure (or the meter's refusal) is the one to report, not the upload's
      // echo of it, nor a failure to abort the parts that follows it.
      let bodySettled: (error: Error | null) => void = () => {};
      const bodyDone = new Promise<Error | null>((resolve) => {
        bodySettled = resolve;
      });
      const metered = pipeline(body, meter, (error) => bodySettled(error ?? null));
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: metered, ContentType: contentType },
        partSize: Math.max(partSize, MIN_PART_BYTES),
        queueSize: 2,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (uploadError) {
        // S3 failed first: stop reading the body.
        metered.destroy();
        const bodyError = await bodyDone;
        // Nothing was published, but make sure of it should the failure have come after.
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })).catch(() => {});
        const ownFailure = bodyError && (bodyError as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE';
        throw ownFailure ? bodyError : uploadError;
      }
      const bodyError = await bodyDone;
      if (bodyError) {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })).catch(() => {});
        throw bodyError;
      }
      return { key, size, sha256: hash.digest('hex'), contentType };
    },

    async get(key): Promise<StoredFile | null> {
      const contentType = storedTypeOfKey(key);
      if (!contentType) return null;
      let answer: GetObjectCommandOutput;
      try {
        answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      const stream = answer.Body;
      if (!(stream instanceof Readable) || answer.ContentLength === undefined) {
        if (stream instanceof Readable) stream.destroy();
        throw new Error(`S3 answered GetObject ${key} without a readable body and its length`);
      }
      return { stream, size: answer.ContentLength, contentType };
    },

    async delete(key) {
      if (!storedTypeOfKey(key)) return false;
      // S3's DeleteObject answers the same whether or not there was an object: ask first.
      if (!(await head(key))) return false;
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      return true;
    },

    async exists(key) {
      if (!storedTypeOfKey(key)) return false;
      return head(key);
    },

    // HeadBucket: the bucket exists and these credentials reach it (AWS asks s3:ListBucket for it).
    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },

    async *keys() {
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket })) {
        for (const { Key: key } of page.Contents ?? []) if (key && storedTypeOfKey(key)) yield key;
      }
    },

    async restore(key, body) {
      const contentType = storedTypeOfKey(key);
      if (!contentType) throw new StorageKeyRefusedError(key, 'not a storage key');
      // Restores go into an empty bucket (backup/postgres.ts checks); this guards other callers.
      if (await head(key)) throw new StorageKeyRefusedError(key, 'already stored');
      const upload = new Upload({
        client,
        params: {
          Bucket: bucket,
          Key: key,
          Body: body instanceof Readable ? body : Readable.from(body),
          ContentType: contentType,
        },
        partSize: Math.max(partSize, MIN_PART_BYTES),
        queueSize: 2,
        leavePartsOnError: false,
      });
      await upload.done();
    },
  };
}
