import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { loadConfig } from '../../config';
import { createFileImageStore } from '../storage/files';
import { generateSyntheticCard, renderReferenceImage } from '../../../card-fixtures/synthetic/generator';
import { gradeCard } from '../../../engine';
import { createHttpReferenceImages, referenceKey, type HttpReferenceOptions } from './http';
import { noReferenceImages } from './none';

/**
 * The http adapter against a real image host on loopback (node:http on 127.0.0.1, port 0) that serves
 * the generator's pristine card as the catalogue image, plus the ways a host goes wrong. The host is
 * called `images.test`: a stand-in resolver maps it to 127.0.0.1 and only that address counts as
 * public here, so every other loopback, private or metadata address stays refused as in production.
 */
let host: http.Server;
let base: string;
let reference: Buffer;
let card: Awaited<ReturnType<typeof generateSyntheticCard>>;
const hits: Record<string, number> = {};

beforeAll(async () => {
  card = await generateSyntheticCard(61, { defectRate: 0 });
  reference = await renderReferenceImage(card.truth.front);
  const jpeg = await sharp(reference).flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer();
  host = http.createServer((req, res) => {
    const url = req.url ?? '/';
    hits[url] = (hits[url] ?? 0) + 1;
    if (url === '/card.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(reference);
    // The bytes decide, not the header: a JPEG served as octet-stream is still an image.
    if (url === '/card.jpg') return res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(jpeg);
    if (url === '/html.png') return res.writeHead(200, { 'content-type': 'image/png' }).end('<html>not an image</html>');
    if (url === '/huge.png') {
      // No Content-Length: the cap must hold while reading.
      res.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.alloc(64 * 1024, 7);
      let sent = 0;
      const pump = () => {
        while (sent < 4 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return res.once('drain', pump);
        }
        res.end();
      };
      return pump();
    }
    if (url === '/trickle.png') {
      // Headers at once, then a byte every 100 ms: the timeout must cover the body too.
      res.writeHead(200, { 'content-type': 'image/png' });
      const timer = setInterval(() => res.write('x'), 100);
      res.on('close', () => clearInterval(timer));
      return;
    }
    if (url.startsWith('/redirect?to=')) return res.writeHead(302, { location: decodeURIComponent(url.slice(13)) }).end();
    if (url === '/slow.png') return setTimeout(() => res.writeHead(200).end(reference), 3000);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  port = (host.address() as AddressInfo).port;
  base = `http://images.test:${port}`;
}, 60_000);
let port: number;
const lookups: string[] = [];
/** The loopback image host stands in for the internet: `images.test` and 127.0.0.1 only. */
const network: HttpReferenceOptions['network'] = {
  protocols: ['http:', 'https:'],
  isAllowedAddress: (address) => address === '127.0.0.1',
  resolve: async (name) => {
    lookups.push(name);
    if (name === 'images.test') return [{ address: '127.0.0.1', family: 4 }];
    if (name === 'rebind.test')
      return [
        { address: '127.0.0.1', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ];
    if (name === 'metadata.test') return [{ address: '::ffff:169.254.169.254', family: 6 }];
    throw new Error(`ENOTFOUND ${name}`);
  },
};
const allowedHosts = ['images.test', 'rebind.test', 'metadata.test', '127.0.0.1', '127.0.0.2', '169.254.169.254', '::1'];
const adapter = (options: Partial<HttpReferenceOptions> = {}) =>
  createHttpReferenceImages({ images: tempStore(), allowedHosts, network, ...options });
afterAll(() => new Promise<void>((resolve) => host.close(() => resolve())));

const tempStore = () => createFileImageStore(fs.mkdtempSync(path.join(os.tmpdir(), 'ref-images-')));

describe('http reference images', () => {
  it('fetches the catalogue image once, caches it as PNG in the image store and serves later gradings from the cache', async () => {
    const images = tempStore();
    const port = createHttpReferenceImages({ images, allowedHosts, network });
    const url = `${base}/card.png`;
    const [a, b] = await Promise.all([port.get({ cardId: 'base1-4', imageUrl: url }), port.get({ cardId: 'base1-4', imageUrl: url })]);
    expect(hits['/card.png']).toBe(1);
    expect((await sharp(a!).metadata()).format).toBe('png');
    expect(b!.equals(a!)).toBe(true);
    expect((await images.get(referenceKey(url)))?.contentType).toBe('image/png');
    // A second adapter (another process) on the same store does not download again.
    const again = await createHttpReferenceImages({ images, allowedHosts, network }).get({ cardId: 'base1-4', imageUrl: url });
    expect(again!.equals(a!)).toBe(true);
    expect(hits['/card.png']).toBe(1);
  });

  it('sniffs the format from the bytes: a JPEG sent as octet-stream is taken, HTML sent as image/png is not', async () => {
    const port = adapter();
    expect(await port.get({ cardId: 'x', imageUrl: `${base}/card.jpg` })).not.toBeNull();
    expect(await port.get({ cardId: 'x', imageUrl: `${base}/html.png` })).toBeNull();
  });

  it('gives up on missing, oversized and slow images, and on non-HTTP addresses, without throwing', async () => {
    const port = adapter({ timeoutMs: 500, maxBytes: 1024 * 1024 });
    expect(await port.get({ cardId: 'x', imageUrl: `${base}/missing.png` })).toBeNull();
    expect(await port.get({ cardId: 'x', imageUrl: `${base}/huge.png` })).toBeNull();
    const t0 = Date.now();
    expect(await port.get({ cardId: 'x', imageUrl: `${base}/slow.png` })).toBeNull();
    expect(Date.now() - t0).toBeLessThan(2500);
    const t1 = Date.now();
    expect(await port.get({ cardId: 'x', imageUrl: `${base}/trickle.png` })).toBeNull();
    expect(Date.now() - t1).toBeLessThan(2500);
    expect(await port.get({ cardId: 'x', imageUrl: 'file:///etc/passwd' })).toBeNull();
    expect(await noReferenceImages.get({ cardId: 'x', imageUrl: `${base}/card.png` })).toBeNull();
  });

  it('the fetched image is what the engine compares with: the grading says it was compared and matched', async () => {
    const image = await adapter().get({ cardId: 'x', imageUrl: `${base}/card.jpg` });
    const { report } = await gradeCard({ front: card.front, back: card.back, reference: image! });
    expect(report.surfaceDecisionLog.basis).toMatchObject({ referenceGiven: true, matched: true });
    expect(report.surfaceDecisionLog.frontIssues).toEqual([]);
  }, 60_000);

  it('refuses loopback, private, link-local and metadata addresses in every spelling, before connecting', async () => {
    const before = hits['/card.png'] ?? 0;
    // The production adapter: https only, the catalogue's host only, public addresses only.
    const production = createHttpReferenceImages({ images: tempStore() });
    expect(await production.get({ cardId: 'x', imageUrl: `http://127.0.0.1:${port}/card.png` })).toBeNull();
    // Even with the host allow-listed and plain HTTP allowed, the address decides.
    const open = createHttpReferenceImages({ images: tempStore(), allowedHosts, network: { protocols: ['http:'] } });
    for (const url of [
      `http://127.0.0.1:${port}/card.png`,
      `http://[::1]:${port}/card.png`,
      `http://2130706433:${port}/card.png`, // 127.0.0.1 as one number
      `http://0x7f.0.0.1:${port}/card.png`,
      `http://169.254.169.254/latest/meta-data/`,
    ])
      expect(await open.get({ cardId: 'x', imageUrl: url }), url).toBeNull();
    // A name whose addresses include a private one, and a name resolving to mapped metadata.
    expect(await adapter().get({ cardId: 'x', imageUrl: `http://rebind.test:${port}/card.png` })).toBeNull();
    expect(await adapter().get({ cardId: 'x', imageUrl: `http://metadata.test:${port}/card.png` })).toBeNull();
    expect(hits['/card.png'] ?? 0).toBe(before);
  });

  it('checks every redirect again: to a private address, to a host off the allow-list, too many', async () => {
    const to = (target: string) => `${base}/redirect?to=${encodeURIComponent(target)}`;
    const before = hits['/card.png'] ?? 0;
    // 127.0.0.2 is loopback too (Linux routes 127/8 to lo) but not the one stand-in public address.
    expect(await adapter().get({ cardId: 'x', imageUrl: to(`http://127.0.0.2:${port}/card.png`) })).toBeNull();
    expect(await adapter().get({ cardId: 'x', imageUrl: to('http://169.254.169.254/latest/meta-data/') })).toBeNull();
    expect(await adapter().get({ cardId: 'x', imageUrl: to(`http://elsewhere.test:${port}/card.png`) })).toBeNull();
    expect(await adapter().get({ cardId: 'x', imageUrl: to(`file:///etc/passwd`) })).toBeNull();
    expect(hits['/card.png'] ?? 0).toBe(before);
    // A redirect to an allowed public place is followed.
    expect(await adapter().get({ cardId: 'x', imageUrl: to(`${base}/card.png`) })).not.toBeNull();
    expect(hits['/card.png']).toBe(before + 1);
    const loop = `${base}/redirect?to=${encodeURIComponent(to(to(to(`${base}/card.png`))))}`;
    expect(await adapter().get({ cardId: 'x', imageUrl: loop })).toBeNull();
  });

  it('connects to the address it checked: one lookup per hop, none by the system resolver', async () => {
    lookups.length = 0;
    // `images.test` exists nowhere but in the stand-in resolver: the fetch works only if the socket
    // used the checked address instead of looking the name up again.
    expect(await adapter().get({ cardId: 'x', imageUrl: `${base}/card.jpg` })).not.toBeNull();
    expect(lookups).toEqual(['images.test']);
  });

  it('REFERENCE_IMAGE_HOSTS is the allow-list: the catalogue image host by default', () => {
    expect(loadConfig({}).referenceImageHosts).toEqual(['images.pokemontcg.io']);
    expect(loadConfig({ REFERENCE_IMAGE_HOSTS: 'images.pokemontcg.io, CDN.example.com' }).referenceImageHosts).toEqual([
      'images.pokemontcg.io',
      'cdn.example.com',
    ]);
    expect(() => loadConfig({ REFERENCE_IMAGE_HOSTS: 'http://x/' })).toThrow(/REFERENCE_IMAGE_HOSTS/);
  });

  it('REFERENCE_IMAGES is validated: http or none, none by default', () => {
    expect(loadConfig({}).referenceImages).toBe('none');
    expect(loadConfig({ REFERENCE_IMAGES: 'http' }).referenceImages).toBe('http');
    expect(() => loadConfig({ REFERENCE_IMAGES: 'ftp' })).toThrow(/REFERENCE_IMAGES/);
  });
});
