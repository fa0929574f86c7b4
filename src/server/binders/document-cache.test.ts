import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DocumentCache } from './document-cache';

const doc = (n: number, fill = 'a') => Buffer.from(`{"x":"${fill.repeat(n)}"}`);

describe('DocumentCache', () => {
  it('stays within its byte budget, compressed forms included, dropping the least recently used', async () => {
    const cache = new DocumentCache(4000);
    cache.put('a', '1v', doc(900));
    cache.put('b', '1v', doc(900));
    cache.put('c', '1v', doc(900));
    cache.get('a'); // a is now the most recently used
    cache.put('d', '1v', doc(900));
    expect(cache.heldBytes).toBe(4 * 908);
    cache.put('e', '1v', doc(900, 'b'));
    expect(cache.heldBytes).toBeLessThanOrEqual(4000);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.version).toBe('1v');
    const before = cache.heldBytes;
    const br = await cache.get('e')!.encode('br');
    expect(zlib.brotliDecompressSync(br).equals(doc(900, 'b'))).toBe(true);
    expect(cache.heldBytes).toBe(before + br.length);
  });

  it('keeps one version per key and refuses a document larger than a quarter of the budget', () => {
    const cache = new DocumentCache(10_000);
    cache.put('a', '1o', doc(100));
    cache.put('a', '2o', doc(200));
    expect(cache.get('a')?.version).toBe('2o');
    expect(cache.heldBytes).toBe(doc(200).length);
    const huge = cache.put('h', '1v', doc(3000));
    expect(huge.body.length).toBeGreaterThan(2500);
    expect(cache.get('h')).toBeUndefined();
  });

  it('compresses once however many requests ask at the same time', async () => {
    const cache = new DocumentCache(1_000_000);
    const entry = cache.put('a', '1v', doc(50_000));
    const [x, y] = await Promise.all([entry.encode('gzip'), entry.encode('gzip')]);
    expect(x).toBe(y);
    expect(zlib.gunzipSync(x).equals(doc(50_000))).toBe(true);
  });
});
