import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTOS_LOCKED_MESSAGE, type TUserCard } from '@contract/user-cards';
import { userCards } from '../db/schema';
import { createTestApp, json, signedInClient, type TestContext } from '../test/app';
import { userCardImageUrl } from './image-urls';

const DATA_DIR = `.tmp/test-data-replace-${process.pid}`;
let ctx: TestContext;
let yellow: Buffer;
let blue: Buffer;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT: 'false', DATA_DIR });
  const solid = (b: number) =>
    sharp({ create: { width: 320, height: 440, channels: 3, background: { r: 240, g: 200, b } } })
      .jpeg()
      .toBuffer();
  [yellow, blue] = await Promise.all([solid(40), solid(240)]);
});
afterAll(() => ctx.close());

function photoForm(files: Record<string, Buffer | Buffer[]>, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [k, v] of Object.entries(files))
    for (const b of [v].flat()) form.append(k, new Blob([new Uint8Array(b)], { type: 'image/jpeg' }), `${k}.jpg`);
  return form;
}
const stored = (key: string) => existsSync(path.join(DATA_DIR, 'images', key));
const keysOf = async (id: string) =>
  (await ctx.database.db.select({ images: userCards.images }).from(userCards).where(eq(userCards.id, id)))[0].images;
/** The blue channel's mean of a photo as the API serves it: tells the yellow photo from the blue one. */
const blueness = async (body: Buffer) => (await sharp(body).stats()).channels[2].mean;

async function cardWithPhotos() {
  const owner = await signedInClient(ctx, { credits: 2 });
  const card = json<TUserCard>(
    await owner.client.postForm(
      '/api/user-cards',
      photoForm({ front: yellow, back: yellow, frontTopLeft: yellow, details: [yellow, yellow] }, { cardId: 'base1-4' }),
    ),
  );
  return { ...owner, card };
}

describe('POST /api/user-cards/{id}/photos', () => {
  it('replaces only the photos sent, serves the new ones at a new URL and deletes the replaced files', async () => {
    const { client, card } = await cardWithPhotos();
    const before = await keysOf(card.id);
    const res = await client.postForm(`/api/user-cards/${card.id}/photos`, photoForm({ front: blue, details: [blue] }));
    expect(res.statusCode, res.body).toBe(200);
    const updated = json<TUserCard>(res);
    const after = await keysOf(card.id);

    // The front is new, under a fresh folder whose name is in the URL (browsers cache photos an hour).
    expect(after.front).not.toBe(before.front);
    expect(updated.frontImageUrl).toMatch(new RegExp(`^/api/user-cards/${card.id}/images/front\\?v=[0-9a-f]{8}$`));
    expect(updated.frontImageUrl).toBe(userCardImageUrl(card.id, after.front));
    expect(await blueness((await client.get(updated.frontImageUrl!)).rawPayload)).toBeGreaterThan(200);
    // Back and corner untouched; details replaced as a list (two became one).
    expect(after.back).toBe(before.back);
    expect(updated.backImageUrl).toBe(card.backImageUrl);
    expect(after.corners).toEqual(before.corners);
    expect(after.details).toHaveLength(1);
    expect((await client.get(`/api/user-cards/${card.id}/images/detail-2`)).statusCode).toBe(404);
    // The replaced files are gone from storage; the kept ones and the new ones are there.
    expect([before.front, ...before.details!].map((k) => stored(k!))).toEqual([false, false, false]);
    expect([after.front, after.back, after.corners!.frontTopLeft, after.details![0]].map((k) => stored(k!))).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  it('answers 404 for someone else’s card and changes nothing', async () => {
    const { card } = await cardWithPhotos();
    const before = await keysOf(card.id);
    const other = await signedInClient(ctx);
    const res = await other.client.postForm(`/api/user-cards/${card.id}/photos`, photoForm({ front: blue }));
    expect(res.statusCode).toBe(404);
    expect(await keysOf(card.id)).toEqual(before);
  });

  it('refuses with 409 while a grading is queued, and works again once it has finished', async () => {
    const { client, card } = await cardWithPhotos();
    const before = await keysOf(card.id);
    expect((await client.post(`/api/user-cards/${card.id}/grade`)).statusCode).toBe(202);
    const res = await client.postForm(`/api/user-cards/${card.id}/photos`, photoForm({ front: blue }));
    expect([res.statusCode, json(res).message]).toEqual([409, PHOTOS_LOCKED_MESSAGE]);
    expect(await keysOf(card.id)).toEqual(before);
    while (await ctx.app.gradingWorker.runOnce()) {
      /* the plain-yellow "photos" are refused by the engine: the grading fails, the card is free again */
    }
    expect((await client.postForm(`/api/user-cards/${card.id}/photos`, photoForm({ front: blue }))).statusCode).toBe(200);
  });

  it('refuses no photos, text fields and non-images with a sentence, keeping the old photos', async () => {
    const { client, card } = await cardWithPhotos();
    const before = await keysOf(card.id);
    const none = await client.postForm(`/api/user-cards/${card.id}/photos`, photoForm({}));
    expect([none.statusCode, json(none).message]).toEqual([400, 'Add at least one photo to replace.']);
    const renamed = await client.postForm(`/api/user-cards/${card.id}/photos`, photoForm({ front: blue }, { cardName: 'Blastoise' }));
    expect([renamed.statusCode, json(renamed).field]).toEqual([400, 'cardName']);
    expect(json(renamed).message).toMatch(/Only photos can be replaced here/);
    const fake = await client.postForm(
      `/api/user-cards/${card.id}/photos`,
      photoForm({ front: blue, back: Buffer.from('GIF89a not really') }),
    );
    expect([fake.statusCode, json(fake).message]).toEqual([415, 'The back photo is not a JPEG, PNG, WebP or HEIC image.']);
    const json415 = await client.post(`/api/user-cards/${card.id}/photos`, { front: 'x' });
    expect(json415.statusCode).toBe(415);
    expect(await keysOf(card.id)).toEqual(before);
    expect(stored(before.front!)).toBe(true);
  });
});
