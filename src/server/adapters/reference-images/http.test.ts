import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { loadConfig } from '../../config';
import { createFileImageStore } from '../storage/files';
import { generateSyntheticCard, renderReferenceImage } from '../../grading/engine/synthetic/generator';
import { gradeCard } from '../../grading/engine';
import { createHttpReferenceImages, referenceKey } from './http';
import { noReferenceImages } from './none';

/**
 * The http adapter against a real image host on loopback (node:http on 127.0.0.1, port 0) that serves
 * the generator's pristine card as the catalogue image, plus the ways a host goes wrong.
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
    if (url === '/slow.png') return setTimeout(() => res.writeHead(200).end(reference), 3000);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
}, 60_000);
afterAll(() => new Promise<void>((resolve) => host.close(() => resolve())));

const tempStore = () => createFileImageStore(fs.mkdtempSync(path.join(os.tmpdir(), 'ref-images-')));

describe('http reference images', () => {
  it('fetches the catalogue image once, caches it as PNG in the image store and serves later gradings from the cache', async () => {
    const images = tempStore();
    const port = createHttpReferenceImages({ images });
    const url = `${base}/card.png`;
    const [a, b] = await Promise.all([port.get({ cardId: 'base1-4', imageUrl: url }), port.get({ cardId: 'base1-4', imageUrl: url })]);
    expect(hits['/card.png']).toBe(1);
    expect((await sharp(a!).metadata()).format).toBe('png');
    expect(b!.equals(a!)).toBe(true);
    expect((await images.get(referenceKey(url)))?.contentType).toBe('image/png');
    // A second adapter (another process) on the same store does not download again.
    const again = await createHttpReferenceImages({ images }).get({ cardId: 'base1-4', imageUrl: url });
    expect(again!.equals(a!)).toBe(true);
    expect(hits['/card.png']).toBe(1);
  });

  it('sniffs the format from the bytes: a JPEG sent as octet-stream is taken, HTML sent as image/png is not', async () => {
    const port = createHttpReferenceImages({ images: tempStore() });
    expect(await port.get({ cardId: 'x', imageUrl: `${base}/card.jpg` })).not.toBeNull();
    expect(await port.get({ cardId: 'x', imageUrl: `${base}/html.png` })).toBeNull();
  });

  it('gives up on missing, oversized and slow images, and on non-HTTP addresses, without throwing', async () => {
    const port = createHttpReferenceImages({ images: tempStore(), timeoutMs: 500, maxBytes: 1024 * 1024 });
    expect(await port.get({ cardId: 'x', imageUrl: `${base}/missing.png` })).toBeNull();
    expect(await port.get({ cardId: 'x', imageUrl: `${base}/huge.png` })).toBeNull();
    const t0 = Date.now();
    expect(await port.get({ cardId: 'x', imageUrl: `${base}/slow.png` })).toBeNull();
    expect(Date.now() - t0).toBeLessThan(2500);
    expect(await port.get({ cardId: 'x', imageUrl: 'file:///etc/passwd' })).toBeNull();
    expect(await noReferenceImages.get({ cardId: 'x', imageUrl: `${base}/card.png` })).toBeNull();
  });

  it('the fetched image is what the engine compares with: the grading says it was compared and matched', async () => {
    const image = await createHttpReferenceImages({ images: tempStore() }).get({ cardId: 'x', imageUrl: `${base}/card.jpg` });
    const { report } = await gradeCard({ front: card.front, back: card.back, reference: image! });
    expect(report.surfaceDecisionLog.basis).toMatchObject({ referenceGiven: true, matched: true });
    expect(report.surfaceDecisionLog.frontIssues).toEqual([]);
  }, 60_000);

  it('REFERENCE_IMAGES is validated: http or none, none by default', () => {
    expect(loadConfig({}).referenceImages).toBe('none');
    expect(loadConfig({ REFERENCE_IMAGES: 'http' }).referenceImages).toBe('http');
    expect(() => loadConfig({ REFERENCE_IMAGES: 'ftp' })).toThrow(/REFERENCE_IMAGES/);
  });
});
