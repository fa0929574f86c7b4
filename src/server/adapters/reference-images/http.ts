/**
 * Fetches the catalogue image over HTTPS and keeps it in the image store, so each card's image is
 * fetched once for all gradings and all processes. The URL comes from outside data (the catalogue
 * source), so it is fetched through guardedGet: only hosts on the allow-list
 * (REFERENCE_IMAGE_HOSTS, by default the catalogue's image host), only public addresses, connected to
 * the address that was checked, every redirect checked again (outbound/guarded-get.ts). Then the
 * usual guards of a download: a timeout, a size cap enforced while reading (not trusting
 * Content-Length), and the bytes must decode as a JPEG, PNG or WebP of sensible size (sharp reads the
 * header; the Content-Type is not believed).
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { guardedGet, type GuardedGetOptions } from '../../outbound/guarded-get';
import type { ImageStore } from '../storage/port';
import type { ReferenceCard, ReferenceImagePort } from './port';

export type HttpReferenceOptions = {
  images: ImageStore;
  /** Whole request, headers and body, ms. */
  timeoutMs?: number;
  maxBytes?: number;
  log?: { warn(obj: object, msg: string): void };
  /** Host names the images may come from (redirects included). */
  allowedHosts?: readonly string[];
  /** Tests only: plain HTTP, loopback peers and a stand-in resolver (see GuardedGetOptions). */
  network?: Pick<GuardedGetOptions, 'protocols' | 'isAllowedAddress' | 'resolve'>;
};

/** The catalogue's image host (Pokémon TCG API `images.large`): the default allow-list. */
export const DEFAULT_REFERENCE_IMAGE_HOSTS = ['images.pokemontcg.io'];

const FORMATS = new Set(['jpeg', 'png', 'webp']);
const MAX_PIXELS = 12_000_000;

/** Cache key: the image URL's hash (a changed URL is a new image); always stored as PNG. */
export const referenceKey = (url: string) => `reference-images/${createHash('sha256').update(url).digest('hex').slice(0, 40)}.png`;

export function createHttpReferenceImages(options: HttpReferenceOptions): ReferenceImagePort {
  const { images, timeoutMs = 8000, maxBytes = 5 * 1024 * 1024, log } = options;
  /** One download per URL at a time, however many gradings ask for it. */
  const inFlight = new Map<string, Promise<Buffer | null>>();

  async function download(card: ReferenceCard): Promise<Buffer | null> {
    const response = await guardedGet(card.imageUrl, {
      allowedHosts: options.allowedHosts ?? DEFAULT_REFERENCE_IMAGE_HOSTS,
      maxBytes,
      timeoutMs,
      headers: { accept: 'image/png,image/jpeg,image/webp' },
      ...options.network,
    });
    if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
    const data = response.body;
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
