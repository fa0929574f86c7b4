/**
 * A loopback peer that speaks the Pokémon TCG API v2 (GET /v2/sets, /v2/cards with page, pageSize,
 * orderBy; envelope data/page/pageSize/count/totalCount; errors as {"error": {message, code}}) from
 * the bundled snapshot, with faults a test queues per page: 429 with Retry-After, 500, a response
 * slower than the client's timeout, a malformed body, a page that comes back short. Tests and the sync
 * bench point the `pokemontcg` adapter at it; nothing reaches the internet.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pageOf, type ApiShapedCatalogue } from '../source/snapshot';
import type { Listing } from '../source/port';

export type Fault =
  | { kind: '429'; retryAfter: string }
  | { kind: '500' }
  | { kind: 'timeout'; delayMs: number }
  | { kind: 'malformed' }
  | { kind: 'shrink'; drop: number }
  | { kind: 'delay'; delayMs: number }
  /** A 200 answer of this many bytes, streamed without a Content-Length (a flood). */
  | { kind: 'huge'; bytes: number };

export interface LoopbackApi {
  url: string;
  /** Every request: listing, page, the time it arrived, its API key header. */
  requests: { listing: Listing; page: number; pageSize: number; orderBy: string | null; at: number; apiKey: string | undefined }[];
  /** Queue faults for one page: each request for it takes the next one, then it is served normally. */
  fail(listing: Listing, page: number, ...faults: Fault[]): void;
  /** Bytes of 'huge' answers actually written before the client hung up. */
  hugeBytesSent: () => number;
  /** Make every page this slow (cancel-latency tests). */
  setDelay(ms: number): void;
  close(): Promise<void>;
}

const compareBy = (field: string) => (a: Record<string, unknown>, b: Record<string, unknown>) => {
  const desc = field.startsWith('-');
  const key = desc ? field.slice(1) : field;
  const x = String(a[key] ?? '');
  const y = String(b[key] ?? '');
  return (x < y ? -1 : x > y ? 1 : 0) * (desc ? -1 : 1);
};

export async function startLoopbackApi(catalogue: ApiShapedCatalogue): Promise<LoopbackApi> {
  const faults = new Map<string, Fault[]>();
  const requests: LoopbackApi['requests'] = [];
  const sorted = new Map<string, Record<string, unknown>[]>();
  let delay = 0;
  let hugeSent = 0;
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://loopback');
      const match = /^\/v2\/(sets|cards)$/.exec(url.pathname);
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      if (!match || req.method !== 'GET') return send(404, { error: { message: 'Not found', code: 404 } });
      const listing = match[1] as Listing;
      const page = Number(url.searchParams.get('page') ?? '1');
      const pageSize = Math.min(250, Number(url.searchParams.get('pageSize') ?? '250'));
      const orderBy = url.searchParams.get('orderBy');
      requests.push({ listing, page, pageSize, orderBy, at: Date.now(), apiKey: req.headers['x-api-key'] as string | undefined });
      if (!Number.isInteger(page) || page < 1 || !Number.isInteger(pageSize) || pageSize < 1)
        return send(400, { error: { message: 'Bad page', code: 400 } });
      if (delay) await wait(delay);
      const key = `${orderBy ?? ''}`;
      let all = catalogue[listing];
      if (orderBy) {
        const cacheKey = `${listing}:${key}`;
        if (!sorted.has(cacheKey)) sorted.set(cacheKey, [...all].sort(compareBy(orderBy.split(',')[0])));
        all = sorted.get(cacheKey)!;
      }
      const fault = faults.get(`${listing}:${page}`)?.shift();
      if (fault?.kind === '429')
        return send(429, { error: { message: 'Rate limit exceeded', code: 429 } }, { 'retry-after': fault.retryAfter });
      if (fault?.kind === '500') return send(500, { error: { message: 'Internal server error', code: 500 } });
      if (fault?.kind === 'timeout' || fault?.kind === 'delay') await wait(fault.delayMs);
      if (fault?.kind === 'malformed') return send(200, '{"data": [{"id": "base1-1", "na');
      if (fault?.kind === 'huge') {
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(256 * 1024, 0x20);
        res.write('{"data": [');
        const pump = () => {
          while (!res.destroyed && hugeSent < fault.bytes) {
            hugeSent += chunk.length;
            if (!res.write(chunk)) return res.once('drain', pump);
          }
          if (!res.destroyed) res.end('], "page": 1, "totalCount": 0}');
        };
        res.on('close', () => res.destroy());
        return pump();
      }
      const body = pageOf(all, page, pageSize);
      if (fault?.kind === 'shrink') {
        body.data = body.data.slice(0, Math.max(0, body.data.length - fault.drop));
        body.count = body.data.length;
      }
      send(200, body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    fail(listing, page, ...list) {
      faults.set(`${listing}:${page}`, [...(faults.get(`${listing}:${page}`) ?? []), ...list]);
    },
    hugeBytesSent: () => hugeSent,
    setDelay(ms) {
      delay = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
