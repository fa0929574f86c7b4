import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBinder } from '@contract/binders';
import { ZPublicBinderResponse, ZPublicCardResponse, type TPublicBinderResponse, type TPublicCardResponse } from '@contract/share';
import type { ImageStore } from '../adapters/storage/port';
import { createTestApp, json, signedInClient, TestClient, type TestContext } from '../test/app';
import { buildGrading, buildUserCard } from '../test/factories';
import { cardCountAndValue, escapeHtml, withShareTags } from './page';

const WEB_DIST = path.resolve(`.tmp/share-web-${process.pid}`);
const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="description" content="Site blurb" /><title>GradeVault: card grading you can check</title></head><body><div id="root"></div></body></html>';

/** An image store in memory: the share route must read a photo only through a public binder. */
const stored = new Map<string, Buffer>();
const memoryImages: ImageStore = {
  kind: 'files',
  put: async (key, data) => void stored.set(key, data),
  get: async (key) => (stored.has(key) ? { data: stored.get(key)!, contentType: 'image/jpeg' } : null),
  delete: async (key) => void stored.delete(key),
  check: async () => undefined,
};

let ctx: TestContext;
let anonymous: TestClient;
beforeAll(async () => {
  fs.mkdirSync(WEB_DIST, { recursive: true });
  fs.writeFileSync(path.join(WEB_DIST, 'index.html'), INDEX_HTML);
  ctx = await createTestApp({ RATE_LIMIT: 'false', PUBLIC_URL: 'https://grades.example' }, undefined, {
    images: memoryImages,
    webDist: WEB_DIST,
  });
  anonymous = new TestClient(ctx.app);
}, 60_000);
afterAll(async () => {
  await ctx.close();
  fs.rmSync(WEB_DIST, { recursive: true, force: true });
});

/** An owner with two graded cards (notes and prices on both) in one binder, public or not. */
async function binderWithCards(name: string, isPublic: boolean, on: TestContext = ctx) {
  const owner = await signedInClient(on);
  const db = on.database.db;
  const first = await buildUserCard(db, owner.user.id, {
    images: { front: 'share-a/front.jpg', back: 'share-a/back.jpg', corners: { frontTopLeft: 'share-a/fronttopleft.jpg' } },
    personalNotes: 'Bought from Dave, haggled hard',
    purchasePriceCents: 987654,
    edition: 'first_edition',
    finish: 'holofoil',
  });
  const second = await buildUserCard(db, owner.user.id, { cardName: 'Blastoise', cardNumber: '2', images: {} });
  await buildGrading(db, first);
  await buildGrading(db, second, { recommendedPlatform: 'BGS', bgsGrade: 8.5, bgsEstimatedValue: '1000.50' });
  stored.set('share-a/front.jpg', Buffer.from('front bytes'));
  stored.set('share-a/back.jpg', Buffer.from('back bytes'));
  stored.set('share-a/fronttopleft.jpg', Buffer.from('corner bytes'));
  const binder = json<TBinder>(await owner.client.post('/api/binders', { name, description: 'My best', isPublic }));
  for (const card of [first, second]) await owner.client.post(`/api/binders/${binder.id}/cards`, { userCardId: card.id });
  await owner.client.request('PATCH', `/api/user-cards/${second.id}`, { personalNotes: 'Secret note', actualPurchasePrice: 3141.59 });
  return { ...owner, binder, first, second };
}

describe('the public binder API', () => {
  it('answers a public binder to anyone, with picked fields only: no notes, prices, owner ids or emails', async () => {
    const { binder, first, second, user } = await binderWithCards('Vintage holos', true);
    const res = await anonymous.get(`/api/shared/binders/${binder.id}`);
    expect(res.statusCode).toBe(200);
    const body = json<TPublicBinderResponse>(res);
    expect(ZPublicBinderResponse.strict().parse(body)).toEqual(body);
    expect(body.binder).toMatchObject({
      id: binder.id,
      name: 'Vintage holos',
      cardCount: 2,
      totalValue: '1120.50',
      ownerUsername: user.username,
    });
    expect(body.cards.map((c) => c.userCardId).sort()).toEqual([first.id, second.id].sort());
    const a = body.cards.find((c) => c.userCardId === first.id)!;
    expect(a).toMatchObject({ edition: 'first_edition', finish: 'holofoil', psaGrade: 9, psaEstimatedValue: '120.00' });
    expect(a.frontImageUrl).toBe(`/api/shared/binders/${binder.id}/cards/${first.id}/images/front`);
    expect(body.cards.find((c) => c.userCardId === second.id)!.frontImageUrl).toBeNull();
    for (const secret of [
      'Bought from Dave',
      'Secret note',
      '9876.54',
      '3141.59',
      user.email,
      user.id,
      'personalNotes',
      'PurchasePrice',
      'gradingId',
    ])
      expect([secret, res.body.includes(secret)]).toEqual([secret, false]);
    // The same for a signed-in stranger and for the owner: the answer never depends on who asks.
    const stranger = await signedInClient(ctx);
    expect((await stranger.client.get(`/api/shared/binders/${binder.id}`)).body).toBe(res.body);
  });

  it('answers 404 for a private binder (its owner included), a missing one and a card not in the binder', async () => {
    const priv = await binderWithCards('Private stash', false);
    const pub = await binderWithCards('Open binder', true);
    for (const [client, url] of [
      [anonymous, `/api/shared/binders/${priv.binder.id}`],
      [priv.client, `/api/shared/binders/${priv.binder.id}`],
      [anonymous, `/api/shared/binders/00000000-0000-4000-8000-000000000000`],
      [anonymous, `/api/shared/binders/${priv.binder.id}/cards/${priv.first.id}`],
      // Another owner's card through a public binder that does not hold it.
      [anonymous, `/api/shared/binders/${pub.binder.id}/cards/${priv.first.id}`],
      [anonymous, `/api/shared/binders/${pub.binder.id}/cards/${priv.first.id}/images/front`],
      [anonymous, `/api/shared/binders/${priv.binder.id}/cards/${priv.first.id}/images/front`],
    ] as const) {
      const res = await client.get(url);
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.body).not.toContain('Private stash');
    }
    // Both 404s read the same: no hint that the private binder exists.
    const missing = await anonymous.get('/api/shared/binders/00000000-0000-4000-8000-000000000000');
    expect(json(await anonymous.get(`/api/shared/binders/${priv.binder.id}`))).toEqual(json(missing));
  });

  it('stops answering once the owner makes the binder private', async () => {
    const { client, binder, first } = await binderWithCards('Soon private', true);
    expect((await anonymous.get(`/api/shared/binders/${binder.id}/cards/${first.id}/images/front`)).statusCode).toBe(200);
    await client.request('PATCH', `/api/binders/${binder.id}`, { isPublic: false });
    expect((await anonymous.get(`/api/shared/binders/${binder.id}`)).statusCode).toBe(404);
    expect((await anonymous.get(`/api/shared/binders/${binder.id}/cards/${first.id}/images/front`)).statusCode).toBe(404);
  });

  it('shows one card: photos, grades, sub-grades and values, never notes or price', async () => {
    const { binder, first } = await binderWithCards('Card view', true);
    const res = await anonymous.get(`/api/shared/binders/${binder.id}/cards/${first.id}`);
    expect(res.statusCode).toBe(200);
    const body = json<TPublicCardResponse>(res);
    expect(ZPublicCardResponse.parse(body)).toEqual(body);
    expect(body.binder).toEqual({ id: binder.id, name: 'Card view', ownerUsername: expect.any(String) });
    expect(body.card).toMatchObject({
      cardName: 'Charizard',
      centeringScore: 9,
      cornersScore: 9.5,
      confidence: 0.9,
      backImageUrl: `/api/shared/binders/${binder.id}/cards/${first.id}/images/back`,
    });
    expect(res.body).not.toContain('Bought from Dave');
    expect(res.body).not.toContain('9876.54');
  });

  it('serves the front and back through the public binder only, never the close-ups', async () => {
    const { binder, first } = await binderWithCards('Photos', true);
    const front = await anonymous.get(`/api/shared/binders/${binder.id}/cards/${first.id}/images/front`);
    expect(front.statusCode).toBe(200);
    expect(front.headers['content-type']).toBe('image/jpeg');
    expect(front.headers['cache-control']).toBe('private, max-age=300');
    expect(front.body).toBe('front bytes');
    expect((await anonymous.get(`/api/shared/binders/${binder.id}/cards/${first.id}/images/back`)).body).toBe('back bytes');
    expect((await anonymous.get(`/api/shared/binders/${binder.id}/cards/${first.id}/images/frontTopLeft`)).statusCode).toBe(400);
  });

  it("gives others only the front and back through the collector's image route too, the owner every photo", async () => {
    const { binder, first, client } = await binderWithCards('Close-ups', true);
    expect((await anonymous.get(`/api/user-cards/${first.id}/images/front`)).statusCode).toBe(200);
    expect((await anonymous.get(`/api/user-cards/${first.id}/images/frontTopLeft`)).statusCode).toBe(404);
    expect((await client.get(`/api/user-cards/${first.id}/images/frontTopLeft`)).body).toBe('corner bytes');
    await client.request('PATCH', `/api/binders/${binder.id}`, { isPublic: false });
    expect((await anonymous.get(`/api/user-cards/${first.id}/images/front`)).statusCode).toBe(404);
  });
});

describe('the share page HTML (Open Graph and Twitter tags)', () => {
  it('serves index.html with the binder name, card count and value, URL and cover image', async () => {
    const { binder, first, user } = await binderWithCards('Vintage holos', true);
    const res = await anonymous.get(`/shared/binders/${binder.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain('<meta property="og:title" content="Vintage holos" />');
    expect(html).toContain(
      `<meta property="og:description" content="2 graded cards worth $1,120.50 in total, shared by ${user.username}. My best" />`,
    );
    expect(html).toContain(`<meta property="og:url" content="https://grades.example/shared/binders/${binder.id}" />`);
    expect(html).toContain(
      `<meta property="og:image" content="https://grades.example/api/shared/binders/${binder.id}/cards/${first.id}/images/front" />`,
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain('<title>Vintage holos · GradeVault</title>');
    // One description: the site's own blurb gives way to the binder's.
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('Bought from Dave');
  });

  it("never takes the site's address from the Host header: PUBLIC_URL, or no absolute tags at all", async () => {
    const { binder } = await binderWithCards('Host games', true);
    const forged = await ctx.app.inject({ method: 'GET', url: `/shared/binders/${binder.id}`, headers: { host: 'evil.example' } });
    expect(forged.body).toContain(`<meta property="og:url" content="https://grades.example/shared/binders/${binder.id}" />`);
    expect(forged.body).not.toContain('evil.example');
    const bare = await createTestApp({ RATE_LIMIT: 'false' }, undefined, { webDist: WEB_DIST });
    try {
      const { binder: other } = await binderWithCards('No public URL', true, bare);
      const html = (await bare.app.inject({ method: 'GET', url: `/shared/binders/${other.id}`, headers: { host: 'evil.example' } })).body;
      expect(html).toContain('<meta property="og:title" content="No public URL" />');
      expect(html).not.toContain('evil.example');
      expect(html).not.toContain('og:url');
      expect(html).not.toContain('og:image');
    } finally {
      await bare.close();
    }
  });

  it('escapes a binder name that tries to be markup', async () => {
    const { binder } = await binderWithCards('<script>alert("x")</script> & "friends"', true);
    const html = (await anonymous.get(`/shared/binders/${binder.id}`)).body;
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('content="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;friends&quot;"');
    expect(html).toContain('<title>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;friends&quot; · GradeVault</title>');
  });

  it('has no tags and answers 404 for a private or missing binder, and for a card not in it', async () => {
    const priv = await binderWithCards('Private stash', false);
    for (const url of [
      `/shared/binders/${priv.binder.id}`,
      `/shared/binders/${priv.binder.id}/cards/${priv.first.id}`,
      '/shared/binders/00000000-0000-4000-8000-000000000000',
      '/shared/binders/not-a-uuid',
    ]) {
      const res = await anonymous.get(url);
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.body).toBe(INDEX_HTML);
    }
  });

  it("tags a card's page with its grade and value, and falls back to the default picture", async () => {
    const { binder, second } = await binderWithCards('Card tags', true);
    const html = (await anonymous.get(`/shared/binders/${binder.id}/cards/${second.id}`)).body;
    expect(html).toContain('<meta property="og:title" content="Blastoise · Base #2" />');
    expect(html).toContain('content="BGS 8.5, estimated $1,000.50. From Card tags, shared by');
    expect(html).toContain('<meta property="og:image" content="https://grades.example/og-default.png" />');
  });

  it('formats counts and values in en-US and escapes the five characters', () => {
    expect(cardCountAndValue(1, '1234.5')).toBe('1 graded card worth $1,234.50 in total');
    expect(cardCountAndValue(0, '0.00')).toBe('0 graded cards worth $0.00 in total');
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const html = withShareTags(INDEX_HTML, { title: 'T', description: 'D', url: 'https://u', image: 'https://i' });
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
  });
});
