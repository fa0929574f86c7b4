import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StoreOptions } from '../adapters/storage/s3';

export type S3Peer = {
  /** Options for createS3ImageStore that reach this peer. */
  options: S3StoreOptions;
  /** The same, as the environment variables an operator would set. */
  env: Record<string, string>;
  close(): Promise<void>;
};

/**
 * s3rver on a free loopback port with one empty bucket: a real S3 protocol peer (REST API, XML errors,
 * access-key check) for the S3 adapter's tests. Its files live in a temporary folder removed on close.
 */
export async function startS3Peer(bucket = 'gradevault-test'): Promise<S3Peer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'gv-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    options: {
      bucket,
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    },
    env: { STORAGE: 's3', S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
