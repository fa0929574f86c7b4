/**
 * Fetches the catalogue image over HTTP(S) and keeps it in the image store, so each card's image is
 * fetched once for all gradings and all processes. Guarded like any download from outside: a
 * timeout, a size cap enforced while reading (not trusting Content-Length), and the bytes must decode
 * as a JPEG, PNG or WebP of sensible size (sharp reads the header; the Content-Type is not believed).
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { ImageStore } from '../storage/port';
import type { ReferenceCard, ReferenceImagePort } from './port';

export type HttpReferenceOptions = {
  images: ImageStore;
  /** Whole request, headers and body, ms. */
  timeoutMs?: number;
  maxBytes?: number;
  log?: { warn(obj: object, msg: string): void };
};

const FORMATS = new Set(['jpeg', 'png', 'webp']);
const MAX_PIXELS = 12_000_000;

/** Cache key: the image URL's hash (a changed URL is a new image); always stored as PNG. */
export const referenceKey = (url: string) => `reference-images/${createHash('sha256').update(url).digest('hex').slice(0, 40)}.png`;

export function createHttpReferenceImages(options: HttpReferenceOptions): ReferenceImagePort {
  const { images, timeoutMs = 8000, maxBytes = 5 * 1024 * 1024, log } = options;
  /** One download per URL at a time, however many gradings ask for it. */
  const inFlight = new Map<string, Promise<Buffer | null>>();

  async function download(card: ReferenceCard): Promise<Buffer | null> {
    const url = new URL(card.imageUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    const response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'follow',
      headers: { accept: 'image/png,image/jpeg,image/webp' },
    });
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new Error(`HTTP ${response.status}`);
    }
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > maxBytes) {
      await response.body.cancel();
      throw new Error(`image of ${declared} bytes is over the ${maxBytes}-byte cap`);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = response.body.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      size += part.value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw new Error(`image is over the ${maxBytes}-byte cap`);
      }
      chunks.push(part.value);
    }
    const data = Buffer.concat(chunks);
    // What the bytes are, not what the server says they are.
    const meta = await sharp(data, { limitInputPixels: MAX_PIXELS }).metadata();
    if (!meta.format || !FORMATS.has(meta.format) || !meta.width || !meta.height)
      throw new Error(`not a JPEG, PNG or WebP image (${meta.format ?? 'unknown'})`);
    return sharp(data, { limitInputPixels: MAX_PIXELS }).png().toBuffer();
  }

  async function load(card: ReferenceCard): Promise<Buffer | null> {
    const key = referenceKey(card.imageUrl);
    const cached = await images.get(key).catch(() => null);
    if (cached) return cached.data;
    try {
      const png = await download(card);
      // A cache that cannot be written costs a download next time, not this grading.
      if (png)
        await images
          .put(key, png, 'image/png')
          .catch((err: unknown) => log?.warn({ err, cardId: card.cardId }, 'reference image not cached'));
      return png;
    } catch (err) {
      log?.warn({ err: String(err), cardId: card.cardId, url: card.imageUrl }, 'reference image not fetched; grading without it');
      return null;
    }
  }

  return {
    kind: 'http',
    get(card) {
      const running = inFlight.get(card.imageUrl);
      if (running) return running;
      const job = load(card)
        .catch(() => null)
        .finally(() => inFlight.delete(card.imageUrl));
      inFlight.set(card.imageUrl, job);
      return job;
    },
  };
}
