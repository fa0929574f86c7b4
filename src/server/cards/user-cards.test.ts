import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { TUserCard } from '@contract/user-cards';
import { createTestApp, json, signedInClient, TestClient, type TestContext } from '../test/app';

let ctx: TestContext;
let photo: Buffer;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT: 'false', DATA_DIR: `.tmp/test-data-${process.pid}` });
  photo = await sharp({ create: { width: 320, height: 440, channels: 3, background: { r: 240, g: 200, b: 40 } } })
    .withExifMerge({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => ctx.close());

function cardForm(fields: Record<string, string>, files: Record<string, Buffer | Buffer[]> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [k, v] of Object.entries(files))
    for (const b of [v].flat()) form.append(k, new Blob([new Uint8Array(b)], { type: 'image/jpeg' }), `${k}.jpg`);
  return form;
}

describe('adding a card', () => {
  it('adds a catalogue card with photos, stored without metadata and readable only by the owner', async () => {
    const { client } = await signedInClient(ctx);
    const res = await client.postForm(
      '/api/user-cards',
      cardForm({ cardId: 'base1-4' }, { front: photo, back: photo, frontTopLeft: photo, details: [photo, photo] }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const card = json<TUserCard>(res);
    expect(card).toMatchObject({
      cardId: 'base1-4',
      cardName: 'Charizard',
      cardSet: 'Base',
      cardNumber: '4',
      rarity: 'Rare Holo',
      latestGrading: null,
    });
    expect(card.frontImageUrl).toMatch(new RegExp(`^/api/user-cards/${card.id}/images/front$`));

    const img = await client.get(card.frontImageUrl!);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(img.rawPayload).metadata()).exif).toBeUndefined();
    expect((await client.get(`/api/user-cards/${card.id}/images/frontTopLeft`)).statusCode).toBe(200);
    expect((await client.get(`/api/user-cards/${card.id}/images/detail-2`)).statusCode).toBe(200);

    const other = await signedInClient(ctx);
    expect((await other.client.get(card.frontImageUrl!)).statusCode).toBe(404);
    expect((await new TestClient(ctx.app).get(card.frontImageUrl!)).statusCode).toBe(404);
    expect((await other.client.get(`/api/user-cards/${card.id}`)).statusCode).toBe(404);
    expect((await other.client.request('PATCH', `/api/user-cards/${card.id}`, { personalNotes: 'x' })).statusCode).toBe(404);
    expect((await other.client.delete(`/api/user-cards/${card.id}`)).statusCode).toBe(404);
    expect(json<TUserCard[]>(await other.client.get('/api/user-cards'))).toEqual([]);
  });

  it('adds a card entered by hand and edits its notes and price', async () => {
    const { client } = await signedInClient(ctx);
    const card = json<TUserCard>(
      await client.postForm(
        '/api/user-cards',
        cardForm({ cardName: 'Promo Pikachu', cardSet: 'Local event', cardNumber: '001' }, { front: photo, back: photo }),
      ),
    );
    expect(card).toMatchObject({ cardId: null, cardName: 'Promo Pikachu', cardSet: 'Local event' });
    const updated = json<TUserCard>(
      await client.request('PATCH', `/api/user-cards/${card.id}`, { personalNotes: 'From a friend', actualPurchasePrice: '12.5' }),
    );
    expect(updated).toMatchObject({ personalNotes: 'From a friend', actualPurchasePrice: '12.50' });
    const hex = await client.request('PATCH', `/api/user-cards/${card.id}`, { actualPurchasePrice: '0x10' });
    expect(hex.statusCode).toBe(400);
    expect(json(hex)).toMatchObject({ field: 'actualPurchasePrice', message: expect.stringContaining('digits and at most two decimals') });
    expect(json<TUserCard>(await client.get(`/api/user-cards/${card.id}`)).actualPurchasePrice).toBe('12.50');
    expect(json<TUserCard[]>(await client.get('/api/user-cards')).map((c) => c.id)).toEqual([card.id]);
    expect(json(await client.delete(`/api/user-cards/${card.id}`)).message).toBe('Card removed from your collection.');
    expect(json<TUserCard[]>(await client.get('/api/user-cards'))).toEqual([]);
  });

  it('refuses missing photos, non-images and unknown cards with a message and stores nothing', async () => {
    const { client } = await signedInClient(ctx);
    const noBack = await client.postForm('/api/user-cards', cardForm({ cardId: 'base1-4' }, { front: photo }));
    expect(json(noBack)).toMatchObject({ field: 'back', message: 'Add a photo of the back of the card.' });
    const fake = await client.postForm(
      '/api/user-cards',
      cardForm({ cardId: 'base1-4' }, { front: photo, back: Buffer.from('GIF89a not really') }),
    );
    expect(fake.statusCode).toBe(415);
    expect(json(fake).message).toBe('The back photo is not a JPEG, PNG, WebP or HEIC image.');
    const unknown = await client.postForm('/api/user-cards', cardForm({ cardId: 'nope-1' }, { front: photo, back: photo }));
    expect(json(unknown).field).toBe('cardId');
    const nameless = await client.postForm('/api/user-cards', cardForm({}, { front: photo, back: photo }));
    expect(json(nameless)).toMatchObject({ field: 'cardName', message: 'Pick a card from the catalogue or enter its name' });
    expect(json<TUserCard[]>(await client.get('/api/user-cards'))).toEqual([]);
  });
});
