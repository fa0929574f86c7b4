import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { THealthResponse } from '@contract/health';
import type { TUserCard } from '@contract/user-cards';
import { createTestApp, json, signedInClient, TestClient, type TestContext } from '../../test/app';
import { startS3Peer, type S3Peer } from '../../test/s3-peer';
import { createFileImageStore } from './files';
import { STORAGE_UNAVAILABLE_MESSAGE } from './guard';
import type { ImageStore } from './port';

/** A storage outage answers 503 with a sentence (never 500), and the health check says so. */
let photo: Buffer;
beforeAll(async () => {
  photo = await sharp({ create: { width: 320, height: 440, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .toBuffer();
});

function cardForm() {
  const form = new FormData();
  form.append('cardId', 'base1-4');
  for (const k of ['front', 'back']) form.append(k, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `${k}.jpg`);
  return form;
}

describe('a store that fails', () => {
  let ctx: TestContext;
  let down = false;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gv-outage-'));
  const files = createFileImageStore(dir);
  const outage = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 10.0.0.9:443'), { code: 'ECONNREFUSED' }));
  // The embedded store, with a switch that makes every call fail as an unreachable store does.
  const flaky: ImageStore = {
    kind: 'files',
    put: (...a) => (down ? outage() : files.put(...a)),
    get: (...a) => (down ? outage() : files.get(...a)),
    delete: (...a) => (down ? outage() : files.delete(...a)),
    check: (...a) => (down ? outage() : files.check(...a)),
  };
  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMIT: 'false' }, undefined, { images: flaky });
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 with a sentence for uploads and photos, stores no card, and the health check turns 503 and back', async () => {
    const { client } = await signedInClient(ctx);
    const health = async () => ({ res: await new TestClient(ctx.app).get('/api/health') });
    const first = (await health()).res;
    expect(first.statusCode).toBe(200);
    expect(json<THealthResponse>(first)).toEqual({
      status: 'ok',
      database: ctx.database.kind,
      imageStore: { kind: 'files', status: 'ok' },
    });
    const card = json<TUserCard>(await client.postForm('/api/user-cards', cardForm()));

    down = true;
    const upload = await client.postForm('/api/user-cards', cardForm());
    expect(upload.statusCode, upload.body).toBe(503);
    expect(json(upload).message).toBe(STORAGE_UNAVAILABLE_MESSAGE);
    const image = await client.get(card.frontImageUrl!);
    expect(image.statusCode).toBe(503);
    expect(json(image).message).toBe(STORAGE_UNAVAILABLE_MESSAGE);
    expect(json<TUserCard[]>(await client.get('/api/user-cards')).map((c) => c.id)).toEqual([card.id]);

    // The health answer is kept a few seconds; after that it is checked again.
    expect((await health()).res.statusCode).toBe(200);
    ctx.clock.advance(6000);
    const sick = (await health()).res;
    expect(sick.statusCode).toBe(503);
    expect(json<THealthResponse>(sick)).toMatchObject({ status: 'unavailable', imageStore: { kind: 'files', status: 'unavailable' } });
    expect(sick.body).not.toContain('ECONNREFUSED');

    down = false;
    ctx.clock.advance(6000);
    expect((await health()).res.statusCode).toBe(200);
    expect((await client.get(card.frontImageUrl!)).statusCode).toBe(200);
  });
});

describe('S3 with its server stopped', () => {
  let peer: S3Peer;
  let ctx: TestContext;
  beforeAll(async () => {
    peer = await startS3Peer();
    ctx = await createTestApp({ RATE_LIMIT: 'false', ...peer.env });
  });
  afterAll(async () => {
    await ctx.close();
    await peer.close().catch(() => undefined);
  });

  it('answers 503 with a sentence, and the health check reports the store down', async () => {
    const { client } = await signedInClient(ctx);
    const added = await client.postForm('/api/user-cards', cardForm());
    expect(added.statusCode, added.body).toBe(201);
    const card = json<TUserCard>(added);
    expect((await client.get(card.frontImageUrl!)).statusCode).toBe(200);

    await peer.close();
    const image = await client.get(card.frontImageUrl!);
    expect(image.statusCode).toBe(503);
    expect(json(image).message).toBe(STORAGE_UNAVAILABLE_MESSAGE);
    const upload = await client.postForm('/api/user-cards', cardForm());
    expect(upload.statusCode).toBe(503);
    ctx.clock.advance(6000);
    const health = await new TestClient(ctx.app).get('/api/health');
    expect(health.statusCode).toBe(503);
    expect(json<THealthResponse>(health).imageStore).toEqual({ kind: 's3', status: 'unavailable' });
  }, 60_000);
});
