import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createFileImageStore } from './files';
import { openImageStore } from './open';
import type { ImageStore } from './port';
import { createS3ImageStore, type S3StoreOptions } from './s3';
import { startS3Peer, type S3Peer } from '../../test/s3-peer';

/**
 * One behaviour, two stores: the embedded file store and the S3 adapter talking to s3rver, a real S3
 * protocol peer on loopback (it speaks S3's REST API and checks the access key of each signed request,
 * though not the SigV4 signature itself). Both must pass the same cases.
 */
let peer: S3Peer;
let s3: S3StoreOptions;

beforeAll(async () => {
  peer = await startS3Peer();
  s3 = peer.options;
});
afterAll(() => peer?.close());

const jpeg = (n: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(n, n % 251)]);

// Every S3 client a test opens is closed after it, so no keep-alive socket outlives the suite.
const opened: { close(): void }[] = [];
afterEach(() => opened.splice(0).forEach((c) => c.close()));
const s3store = (options: S3StoreOptions) => {
  const store = createS3ImageStore(options);
  opened.push(store);
  return store;
};

const stores: [string, () => ImageStore][] = [
  ['files', () => createFileImageStore(fs.mkdtempSync(path.join(os.tmpdir(), 'gv-files-')))],
  ['s3', () => s3store(s3)],
];

describe.each(stores)('%s image store', (_name, make) => {
  it('gives back the bytes and type it was given, and overwrites a key', async () => {
    const store = make();
    const key = 'card-1/front.jpg';
    const big = jpeg(3 * 1024 * 1024 + 17);
    await store.put(key, big, 'image/jpeg');
    const got = await store.get(key);
    expect(got?.contentType).toBe('image/jpeg');
    expect(got?.data.equals(big)).toBe(true);

    await store.put(key, jpeg(10), 'image/jpeg');
    expect((await store.get(key))?.data.equals(jpeg(10))).toBe(true);
    await store.put('card-1/evidence/front-corners.webp', Buffer.from('RIFF....WEBP'), 'image/webp');
    expect((await store.get('card-1/evidence/front-corners.webp'))?.contentType).toBe('image/webp');
  });

  it('answers null for a key it never had, and deleting twice is fine', async () => {
    const store = make();
    expect(await store.get('never-stored/front.jpg')).toBeNull();
    await store.put('card-2/back.jpg', jpeg(5), 'image/jpeg');
    await store.delete('card-2/back.jpg');
    await store.delete('card-2/back.jpg');
    expect(await store.get('card-2/back.jpg')).toBeNull();
  });

  it('refuses a key it did not make before touching storage', async () => {
    const store = make();
    for (const key of ['../etc/passwd.jpg', 'card/../../x.jpg', 'Card/front.JPG', 'card/front.exe', '/abs/front.jpg', ''])
      await expect(store.put(key, jpeg(1), 'image/jpeg'), key).rejects.toThrow('Unsafe storage key');
    await expect(store.get('../x.jpg')).rejects.toThrow('Unsafe storage key');
    await expect(store.delete('../x.jpg')).rejects.toThrow('Unsafe storage key');
  });
});

describe('S3 adapter against the peer', () => {
  it('sends its credentials: an unknown access key is refused and surfaces as an error', async () => {
    const store = s3store({ ...s3, credentials: { accessKeyId: 'NOBODY', secretAccessKey: 'x' } });
    await expect(store.put('card-3/front.jpg', jpeg(5), 'image/jpeg')).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    await expect(store.get('card-1/front.jpg')).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
  });

  it('verify() at start-up names the bucket and the reason', async () => {
    await expect(s3store(s3).verify()).resolves.toBeUndefined();
    await expect(s3store({ ...s3, bucket: 'no-such-bucket' }).verify()).rejects.toThrow(
      `S3_BUCKET "no-such-bucket" at ${s3.endpoint} is not usable: the bucket does not exist`,
    );
    await expect(s3store({ ...s3, credentials: { accessKeyId: 'NOBODY', secretAccessKey: 'x' } }).verify()).rejects.toThrow(
      'access denied: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    );
  });

  it('is what STORAGE=s3 opens, and what one process stores another reads', async () => {
    const config = loadConfig(peer.env);
    expect(config.storage).toEqual({ kind: 's3', ...s3 });
    const web = await openImageStore(config.storage);
    const worker = await openImageStore(config.storage);
    opened.push(web, worker);
    expect(web.kind).toBe('s3');
    await web.put('card-4/front.jpg', jpeg(99), 'image/jpeg');
    expect((await worker.get('card-4/front.jpg'))?.data.equals(jpeg(99))).toBe(true);
  });
});

describe('storage configuration', () => {
  it('defaults to files under DATA_DIR/images', () => {
    expect(loadConfig({ DATA_DIR: '/srv/gv' }).storage).toEqual({ kind: 'files', dir: '/srv/gv/images' });
  });

  it('stops the start with the variable named when S3 settings are incomplete', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow('S3_BUCKET: S3_BUCKET is required when STORAGE=s3');
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      'S3_SECRET_ACCESS_KEY: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together',
    );
    expect(() => loadConfig({ STORAGE: 'ftp' })).toThrow('STORAGE');
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'not a url' })).toThrow('S3_ENDPOINT');
  });

  it('uses virtual-host addressing on AWS itself and the SDK credential chain when no keys are given', () => {
    expect(loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_REGION: 'eu-west-1' }).storage).toEqual({
      kind: 's3',
      bucket: 'b',
      endpoint: undefined,
      region: 'eu-west-1',
      credentials: undefined,
      forcePathStyle: false,
    });
  });
});
