import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3StoreOptions } from '../../config';
import { assertSafeKey, type ImageStore } from './port';

export type { S3StoreOptions };

/** True when S3 says the object (or bucket) is not there, whatever the store calls it. */
const isNotFound = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/**
 * Real adapter: objects in one bucket of any S3-compatible store, so that web and worker processes on
 * different machines see the same images (STORAGE=s3).
 */
export function createS3ImageStore(opts: S3StoreOptions): ImageStore & { verify(): Promise<void>; close(): void } {
  const client = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle,
    // A copy: the SDK marks the object it is given (`$source`), and the caller's config stays as read.
    credentials: opts.credentials && { ...opts.credentials },
    // The SDK's default CRC32 checksums are refused by several S3-compatible stores; S3 itself does not
    // require them for a plain PUT, so send them only where an operation demands one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // The SDK waits forever by default: a store that drops packets would hang start-up or a grading.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const Bucket = opts.bucket;
  return {
    kind: 's3',
    async put(key, data, contentType) {
      assertSafeKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentType, ContentLength: data.length }));
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!res.Body) return null;
        const data = Buffer.from(await res.Body.transformToByteArray());
        return { data, contentType: res.ContentType ?? 'application/octet-stream' };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      // S3 answers 204 for a key that is not there, so deleting twice is fine.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async check(signal) {
      await client.send(new HeadBucketCommand({ Bucket }), { abortSignal: signal });
    },
    /** Called at start-up: a wrong bucket, endpoint or key stops the process with a message, not the first upload. */
    async verify() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        const where = opts.endpoint ?? `AWS region ${opts.region}`;
        const why = isNotFound(err)
          ? 'the bucket does not exist'
          : err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 403 || err.$metadata.httpStatusCode === 401)
            ? 'access denied: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY'
            : (err as Error).message || (err as Error).name;
        throw new Error(`S3_BUCKET "${Bucket}" at ${where} is not usable: ${why}`);
      }
    },
    close() {
      client.destroy();
    },
  };
}
