import fs from 'node:fs';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TGrading } from '@contract/gradings';
import type { TUserCard } from '@contract/user-cards';
import type { TUserMessage } from '@contract/notifications';
import { createS3ImageStore } from '../adapters/storage/s3';
import { createTestApp, json, signedInClient, type TestClient, type TestContext } from '../test/app';
import { startS3Peer, type S3Peer } from '../test/s3-peer';
import { generateSyntheticCard } from '../../card-fixtures/synthetic/generator';
import { createGradingWorker } from './worker';

/**
 * The whole card life on STORAGE=s3, configured only through the environment as an operator would:
 * photos and evidence go to the bucket, come back through the API, and leave with the card.
 */
let peer: S3Peer;
let ctx: TestContext;
let bucket: S3Client;
const dataDir = `.tmp/test-data-s3-${process.pid}`;

beforeAll(async () => {
  peer = await startS3Peer();
  ctx = await createTestApp({ RATE_LIMIT: 'false', DATA_DIR: dataDir, ...peer.env });
  bucket = new S3Client({ ...peer.options, credentials: { ...peer.options.credentials! } });
}, 60_000);
afterAll(async () => {
  bucket?.destroy();
  await ctx?.close();
  await peer?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const keysInBucket = async () =>
  ((await bucket.send(new ListObjectsV2Command({ Bucket: peer.options.bucket }))).Contents ?? []).map((o) => o.Key!).sort();

async function addCard(client: TestClient) {
  const { front, back } = await generateSyntheticCard(52, { defectRate: 0.3 });
  const form = new FormData();
  form.append('cardId', 'base1-4');
  for (const [k, v] of Object.entries({ front, back })) form.append(k, new Blob([new Uint8Array(v)], { type: 'image/jpeg' }), `${k}.jpg`);
  const added = await client.postForm('/api/user-cards', form);
  expect(added.statusCode, added.body).toBe(201);
  return json<TUserCard>(added);
}

it('stores photos and evidence in the bucket, serves them, and deletes them with the card', async () => {
  const { client } = await signedInClient(ctx, { credits: 2 });
  const card = await addCard(client);
  expect(await keysInBucket()).toHaveLength(2);

  const photo = await client.get(`/api/user-cards/${card.id}/images/front`);
  expect(photo.statusCode).toBe(200);
  expect(photo.headers['content-type']).toBe('image/jpeg');
  expect(photo.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');

  const started = json<TGrading>(await client.post(`/api/user-cards/${card.id}/grade`));
  while (await ctx.app.gradingWorker.runOnce()) {
    /* drain */
  }
  expect(json<TGrading>(await client.get(`/api/gradings/${started.gradingId}`)).status).toBe('completed');
  const evidence = await client.get(`/api/gradings/${started.gradingId}/images/frontAnnotated`);
  expect(evidence.statusCode).toBe(200);
  expect(evidence.rawPayload.length).toBeGreaterThan(1000);
  const stored = await keysInBucket();
  // Per face: the photo with the outline, straightened, normalised and annotated, 4 corners and 4 edges.
  expect(stored.filter((k) => k.startsWith(`gradings/${started.gradingId.toLowerCase()}/`))).toHaveLength(24);
  // Nothing went to the local disk: another machine's worker would not see it there.
  expect(fs.existsSync(`${dataDir}/images`)).toBe(false);

  expect((await client.delete(`/api/user-cards/${card.id}`)).statusCode).toBe(200);
  expect(await keysInBucket()).toEqual([]);
}, 90_000);

it('leaves nothing behind when the card is removed while it is being graded', async () => {
  const { client } = await signedInClient(ctx, { credits: 2 });
  const card = await addCard(client);
  await client.post(`/api/user-cards/${card.id}/grade`);
  // A worker of its own whose pricing call is the moment the collector removes the card: the photos
  // are already read, the engine still runs and renders its evidence.
  const images = createS3ImageStore(peer.options);
  const worker = createGradingWorker({
    db: ctx.database.db,
    images,
    clock: ctx.clock,
    pricing: {
      kind: 'embedded',
      rawValueUsd: async () => {
        expect((await client.delete(`/api/user-cards/${card.id}`)).statusCode).toBe(200);
        return { usd: 10, source: { kind: 'estimate', method: 'rarity' } };
      },
    },
  });
  expect(await worker.runOnce()).toBe(true);
  images.close();
  expect(await keysInBucket()).toEqual([]);
  const messages = json<TUserMessage[]>(await client.get('/api/user-messages'));
  expect(messages.filter((m) => m.relatedCardId === card.id)).toEqual([]);
}, 90_000);
