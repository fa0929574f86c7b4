/**
 * The live Pokémon TCG API v2 adapter. The API is slow and flaky (pages of several seconds, 429 with
 * Retry-After, 5xx, timeouts, outages, bodies cut short): every page is fetched with a per-request
 * timeout and retried with back-off and jitter, honouring Retry-After. A request budget caps the calls
 * one run may make (the API allows 1,000 a day without a key), so a sick API cannot eat the day's quota.
 * A page is read through a cap (`maxPageBytes`, 16 MB; a real page of 250 cards is about 1 MB): a
 * larger answer is dropped while it streams and fails the page without a retry (it would be as large
 * again), so a hostile or broken API costs the cap in memory, not the answer.
 */
import { readCappedText, ResponseTooLarge } from '../../outbound/capped';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_RETRY, backoffMs, retryAfterMs, type RetryPolicy } from './retry';
import {
  ORDER_BY,
  SourceAborted,
  SourcePageError,
  type CatalogueSource,
  type FetchPageOptions,
  type Listing,
  type SourcePage,
} from './port';

export interface PokemonTcgOptions {
  baseUrl: string;
  apiKey?: string;
  timeoutMs: number;
  /** Requests this adapter may make in all (retries count); one adapter serves one run. */
  requestBudget: number;
  retry?: Partial<RetryPolicy>;
  fetch?: typeof fetch;
  random?: () => number;
  /** The largest page body read; past it the page fails. */
  maxPageBytes?: number;
}

export const MAX_PAGE_BYTES = 16 * 1024 * 1024;

/** Why one attempt failed, and whether trying again can help. */
type Attempt = { ok: true; page: SourcePage } | { ok: false; reason: string; retryable: boolean; waitMs?: number | null };

const isEnvelope = (body: unknown): body is SourcePage => {
  const b = body as Partial<SourcePage> | null;
  return !!b && Array.isArray(b.data) && typeof b.totalCount === 'number' && typeof b.page === 'number';
};

export function createPokemonTcgSource(options: PokemonTcgOptions): CatalogueSource & { readonly requestsMade: () => number } {
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  let requests = 0;

  async function attempt(listing: Listing, page: number, pageSize: number, signal?: AbortSignal): Promise<Attempt> {
    const url = `${base}/v2/${listing}?page=${page}&pageSize=${pageSize}&orderBy=${ORDER_BY[listing]}`;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.apiKey) headers['X-Api-Key'] = options.apiKey;
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    requests += 1;
    try {
      const res = await doFetch(url, { headers, signal: combined });
      let text: string;
      try {
        text = await readCappedText(res, options.maxPageBytes ?? MAX_PAGE_BYTES, `the ${listing} page`);
      } catch (err) {
        if (err instanceof ResponseTooLarge) return { ok: false, reason: err.message, retryable: false };
        throw err;
      }
      if (res.status === 429)
        return { ok: false, reason: 'HTTP 429 Too Many Requests', retryable: true, waitMs: retryAfterMs(res.headers.get('retry-after')) };
      if (res.status >= 500)
        return { ok: false, reason: `HTTP ${res.status}`, retryable: true, waitMs: retryAfterMs(res.headers.get('retry-after')) };
      if (!res.ok) {
        // 400/402/403/404: asking again gives the same answer (a bad key, a bad query).
        let message = text.slice(0, 200);
        try {
          message = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? message;
        } catch {
          /* not JSON */
        }
        return { ok: false, reason: `HTTP ${res.status}: ${message}`, retryable: false };
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return { ok: false, reason: 'Malformed page: the body is not JSON', retryable: true };
      }
      if (!isEnvelope(body)) return { ok: false, reason: 'Malformed page: no data/page/totalCount envelope', retryable: true };
      return {
        ok: true,
        page: {
          data: body.data,
          page: body.page,
          pageSize: body.pageSize ?? pageSize,
          count: body.count ?? body.data.length,
          totalCount: body.totalCount,
        },
      };
    } catch (err) {
      if (signal?.aborted) throw new SourceAborted();
      if (timeout.aborted) return { ok: false, reason: `Timed out after ${options.timeoutMs} ms`, retryable: true };
      return { ok: false, reason: `Network error: ${(err as Error).message}`, retryable: true };
    }
  }

  return {
    kind: 'pokemontcg',
    requestsMade: () => requests,
    async fetchPage(listing, page, pageSize, opts: FetchPageOptions = {}) {
      let last = '';
      for (let n = 1; n <= policy.attempts; n++) {
        if (requests >= options.requestBudget) {
          throw new SourcePageError(
            `Request budget of ${options.requestBudget} requests used up on ${listing} page ${page}${last ? ` (last error: ${last})` : ''}`,
            { listing, page, budget: options.requestBudget },
          );
        }
        const result = await attempt(listing, page, pageSize, opts.signal);
        if (result.ok) return result.page;
        last = result.reason;
        if (!result.retryable || n === policy.attempts) break;
        const waitMs = result.waitMs != null ? Math.min(result.waitMs, policy.maxRetryAfterMs) : backoffMs(policy, n, options.random);
        opts.onRetry?.({ listing, page, attempt: n, reason: result.reason, waitMs });
        try {
          await sleep(waitMs, undefined, { signal: opts.signal });
        } catch {
          throw new SourceAborted();
        }
      }
      throw new SourcePageError(`${listing} page ${page} failed: ${last}`, { listing, page, reason: last });
    },
  };
}
