/**
 * Catalogue pictures through our own server (issue 24): the browser asks /api/catalogue/cards/{id}/image/{size}
 * and never calls the catalogue's image host. The image is fetched once through guardedGet (the
 * REFERENCE_IMAGE_HOSTS allow-list, public addresses only, the checked address connected to, every
 * redirect checked), capped in size while it is read, sniffed (sharp reads the bytes; the
 * Content-Type is not believed), and kept in the image store, so later requests and other processes
 * read it from there. When the host cannot be reached the route serves a placeholder instead.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { guardedGet, type GuardedGetOptions } from '../outbound/guarded-get';
import type { ImageStore } from '../adapters/storage/port';
import { DEFAULT_REFERENCE_IMAGE_HOSTS } from '../adapters/reference-images/http';

export type CatalogueImage = { data: Buffer; contentType: string };
export interface CatalogueThumbnails {
  /** The image at `url`, from the store or fetched and stored; null when it cannot be had. */
  get(url: string): Promise<CatalogueImage | null>;
}

export type CatalogueThumbnailOptions = {
  images: ImageStore;
  allowedHosts?: readonly string[];
  timeoutMs?: number;
  /** A catalogue image is a few hundred KB; anything past this is refused while it is read. */
  maxBytes?: number;
  log?: { warn(obj: object, msg: string): void };
  /** Tests only: plain HTTP, a loopback peer and a stand-in resolver (see GuardedGetOptions). */
  network?: Pick<GuardedGetOptions, 'protocols' | 'isAllowedAddress' | 'resolve'>;
};

const FORMATS = {
  jpeg: { ext: 'jpg', type: 'image/jpeg' },
  png: { ext: 'png', type: 'image/png' },
  webp: { ext: 'webp', type: 'image/webp' },
};
const MAX_PIXELS = 12_000_000;
const keyOf = (url: string, ext: string) => `catalogue-images/${createHash('sha256').update(url).digest('hex').slice(0, 40)}.${ext}`;

export function createCatalogueThumbnails(options: CatalogueThumbnailOptions): CatalogueThumbnails {
  const { images, timeoutMs = 8000, maxBytes = 2 * 1024 * 1024, log } = options;
  const inFlight = new Map<string, Promise<CatalogueImage | null>>();

  async function cached(url: string): Promise<CatalogueImage | null> {
    for (const f of Object.values(FORMATS)) {
      const hit = await images.get(keyOf(url, f.ext)).catch(() => null);
      if (hit) return { data: hit.data, contentType: f.type };
    }
    return null;
  }

  async function fetchAndStore(url: string): Promise<CatalogueImage | null> {
    try {
      const response = await guardedGet(url, {
        allowedHosts: options.allowedHosts ?? DEFAULT_REFERENCE_IMAGE_HOSTS,
        maxBytes,
        timeoutMs,
        headers: { accept: 'image/png,image/jpeg,image/webp' },
        ...options.network,
      });
      if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
      // What the bytes are, not what the server says they are.
      const meta = await sharp(response.body, { limitInputPixels: MAX_PIXELS }).metadata();
      const format = meta.format && meta.width && meta.height ? FORMATS[meta.format as keyof typeof FORMATS] : undefined;
      if (!format) throw new Error(`not a JPEG, PNG or WebP image (${meta.format ?? 'unknown'})`);
      // A store that cannot be written costs a fetch next time, not this picture.
      await images
        .put(keyOf(url, format.ext), response.body, format.type)
        .catch((err: unknown) => log?.warn({ err, url }, 'catalogue image not cached'));
      return { data: response.body, contentType: format.type };
    } catch (err) {
      log?.warn({ err: String(err), url }, 'catalogue image not fetched; serving the placeholder');
      return null;
    }
  }

  return {
    async get(url) {
      const hit = await cached(url);
      if (hit) return hit;
      const running = inFlight.get(url);
      if (running) return running;
      const job = fetchAndStore(url).finally(() => inFlight.delete(url));
      inFlight.set(url, job);
      return job;
    },
  };
}

/** A card-shaped grey outline with a crossed picture: what a thumbnail shows when the host is unreachable. */
export const PLACEHOLDER_SVG = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="245" height="342" viewBox="0 0 245 342"><rect x="4" y="4" width="237" height="334" rx="12" fill="#f1f5f9" stroke="#cbd5e1" stroke-width="8"/><g fill="none" stroke="#64748b" stroke-width="8" stroke-linecap="round"><rect x="82" y="131" width="81" height="64" rx="6"/><path d="M70 120l105 86"/></g></svg>`,
);
