/**
 * Catalogue pictures through our own route (issue 24), against a real image host on loopback
 * (node:http on 127.0.0.1, port 0) called `images.test` through a stand-in resolver; nothing reaches
 * the internet. The browser only ever sees /api/catalogue/cards/{id}/image/{size}.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TCatalogueSearchResponse } from '@contract/catalogue';
import { createFileImageStore } from '../adapters/storage/files';
import { cards } from '../db/schema';
import { createTestApp, signedInClient, type TestContext } from '../test/app';
import { openPrivateTestDatabase } from '../test/private-database';
import { createCatalogueThumbnails } from './thumbnails';
import { TestClient } from '../test/app';

let host: http.Server;
let port: number;
let png: Buffer;
const hits: Record<string, number> = {};
let ctx: TestContext;
let client: TestClient;
const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-images-'));

beforeAll(async () => {
  png = await sharp({ create: { width: 245, height: 342, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  host = http.createServer((req, res) => {
    const url = req.url ?? '/';
    hits[url] = (hits[url] ?? 0) + 1;
    // The bytes decide, not the header.
    if (url === '/ok.png') return res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(png);
    if (url === '/html.png') return res.writeHead(200, { 'content-type': 'image/png' }).end('<html>not an image</html>');
    if (url === '/huge.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(3 * 1024 * 1024, 7));
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  port = (host.address() as AddressInfo).port;
  const images = createFileImageStore(storeDir);
  const thumbnails = createCatalogueThumbnails({
    images,
    allowedHosts: ['images.test', 'down.test'],
    timeoutMs: 2000,
    network: {
      protocols: ['http:'],
      isAllowedAddress: (address) => address === '127.0.0.1',
      resolve: async (name) => {
        if (name === 'images.test' || name === 'down.test') return [{ address: '127.0.0.1', family: 4 }];
        throw new Error(`ENOTFOUND ${name}`);
      },
    },
  });
  ctx = await createTestApp({ RATE_LIMIT: 'false' }, undefined, {
    database: await openPrivateTestDatabase(),
    images,
    catalogueThumbnails: thumbnails,
  });
  const db = ctx.database.db;
  const at = (file: string, h = 'images.test', p = port) => `http://${h}:${p}/${file}`;
  await db
    .update(cards)
    .set({ imageSmall: at('ok.png'), imageLarge: at('html.png') })
    .where(eq(cards.id, 'base1-4'));
  await db
    .update(cards)
    .set({ imageSmall: at('huge.png'), imageLarge: at('nothing.png', 'unknown.test') })
    .where(eq(cards.id, 'base1-2'));
  // A host that accepts no connection: the port of a server closed at once.
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const closedPort = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  await db
    .update(cards)
    .set({ imageSmall: at('ok.png', 'down.test', closedPort) })
    .where(eq(cards.id, 'base1-3'));
  client = (await signedInClient(ctx)).client;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await new Promise<void>((resolve) => host.close(() => resolve()));
});

const isPlaceholder = (res: Awaited<ReturnType<TestClient['get']>>) =>
  res.statusCode === 200 &&
  res.headers['content-type'] === 'image/svg+xml' &&
  res.headers['cache-control'] === 'no-store' &&
  res.headers['x-catalogue-image'] === 'placeholder';

it('names our own image route in the catalogue answers, never the catalogue host', async () => {
  const found = (await client.get('/api/catalogue/search?q=charizard&limit=5')).json<TCatalogueSearchResponse>();
  const charizard = found.cards.find((c) => c.id === 'base1-4')!;
  expect(charizard.imageSmall).toBe('/api/catalogue/cards/base1-4/image/small');
  expect(charizard.imageLarge).toBe('/api/catalogue/cards/base1-4/image/large');
  expect(JSON.stringify(found)).not.toMatch(/images\.test|pokemontcg/);
  expect((await client.get('/api/catalogue/cards/base1-4')).json()).toMatchObject({
    imageSmall: '/api/catalogue/cards/base1-4/image/small',
  });
});

it('fetches a picture once, keeps it in the image store and serves it with cache headers', async () => {
  const first = await client.get('/api/catalogue/cards/base1-4/image/small');
  expect(first.statusCode).toBe(200);
  expect(first.headers['content-type']).toBe('image/png');
  expect(first.headers['cache-control']).toMatch(/max-age=604800/);
  expect(first.rawPayload.equals(png)).toBe(true);
  const again = await client.get('/api/catalogue/cards/base1-4/image/small');
  expect(again.rawPayload.equals(png)).toBe(true);
  expect(hits['/ok.png']).toBe(1);
  expect(fs.readdirSync(path.join(storeDir, 'catalogue-images'))).toHaveLength(1);
});

it('serves the placeholder for bytes that are not an image, an oversized body, an unknown or unreachable host', async () => {
  expect(isPlaceholder(await client.get('/api/catalogue/cards/base1-4/image/large'))).toBe(true);
  expect(isPlaceholder(await client.get('/api/catalogue/cards/base1-2/image/small'))).toBe(true);
  expect(isPlaceholder(await client.get('/api/catalogue/cards/base1-2/image/large'))).toBe(true);
  expect(isPlaceholder(await client.get('/api/catalogue/cards/base1-3/image/small'))).toBe(true);
  // Nothing bad was kept: the next view tries again.
  expect(fs.readdirSync(path.join(storeDir, 'catalogue-images'))).toHaveLength(1);
});

it('answers 404 for an unknown card or size, and 401 without a session', async () => {
  expect((await client.get('/api/catalogue/cards/nope-1/image/small')).statusCode).toBe(404);
  expect((await client.get('/api/catalogue/cards/base1-4/image/huge')).statusCode).toBe(400);
  expect((await new TestClient(ctx.app).get('/api/catalogue/cards/base1-4/image/small')).statusCode).toBe(401);
});
