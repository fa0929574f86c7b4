import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { promisify } from 'node:util';
/** The compressed forms a document is kept in (http/accept-encoding.ts picks one from the request). */
export type ContentCoding = 'br' | 'gzip';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Brotli quality 5 and gzip level 6: for a 320 KB binder document about as small as the maximum
 * settings give within a few per cent, at a tenth of their time. The work runs on libuv's thread
 * pool (async zlib), never on the event loop, and once per document version thanks to the cache.
 */
const COMPRESS: Record<ContentCoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => gzip(body, { level: 6 }),
};

/** Bodies smaller than this go out as they are: compressing them saves less than the headers cost. */
export const MIN_COMPRESS_BYTES = 1024;

/** One version of a JSON document: its bytes, and each compressed form once someone has asked for it. */
export class CachedDocument {
  private readonly encoded = new Map<ContentCoding, Promise<Buffer>>();
  /** Bytes held: the body plus every compressed form made so far. */
  size: number;
  constructor(
    readonly version: string,
    readonly body: Buffer,
    private readonly onGrow: (bytes: number) => void = () => undefined,
  ) {
    this.size = body.length;
  }

  /** The body in `coding`, compressed on first use; concurrent first requests share one compression. */
  encode(coding: ContentCoding): Promise<Buffer> {
    let pending = this.encoded.get(coding);
    if (!pending) {
      pending = COMPRESS[coding](this.body).then((bytes) => {
        this.size += bytes.length;
        this.onGrow(bytes.length);
        return bytes;
      });
      this.encoded.set(coding, pending);
    }
    return pending;
  }
}

/**
 * Documents by key, least recently used first out, bounded by the bytes they hold (compressed forms
 * included): lru-cache with `maxSize`, a document's size recounted each time it grows. A key holds one
 * version: a newer version replaces the older one. What a key names is the caller's business: for
 * binders, the binder and whether the viewer is its owner, so an owner's document (notes, prices) can
 * only ever be served to a request the database has just found to come from the owner.
 */
export class DocumentCache {
  private readonly entries: LRUCache<string, CachedDocument>;
  constructor(readonly maxBytes: number) {
    this.entries = new LRUCache({ maxSize: maxBytes, sizeCalculation: (doc) => Math.max(1, doc.size) });
  }

  get(key: string): CachedDocument | undefined {
    return this.entries.get(key);
  }

  /**
   * Stores a new version under `key` and returns it. A document larger than a quarter of the cache is
   * returned without being kept, so one huge binder cannot flush everything else.
   */
  put(key: string, version: string, body: Buffer): CachedDocument {
    this.entries.delete(key);
    if (body.length * 4 > this.maxBytes) return new CachedDocument(version, body);
    const doc: CachedDocument = new CachedDocument(version, body, () => {
      // Stored again to recount its size (lru-cache keeps the size of a value set twice), evicting the
      // least recently used past the budget.
      if (this.entries.peek(key) !== doc) return;
      this.entries.delete(key);
      this.entries.set(key, doc);
    });
    this.entries.set(key, doc);
    return doc;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  get heldBytes(): number {
    return this.entries.calculatedSize;
  }
}
