import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like, max, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { cardPrices, cards, syncEvents, syncLogs } from '../db/schema';
import { openPrivateTestDatabase } from '../test/private-database';
import { systemClock } from '../deps';
import { createEmbeddedPricing } from '../pricing/embedded';
import { createSnapshotMarketPrices } from '../pricing/snapshot-prices';
import { createSyncedMarketPrices, firstMarketPrice, SYNCED_PROVIDER } from '../pricing/synced-prices';
import { createPokemonTcgSource } from './source/pokemontcg';
import { createSnapshotSource } from './source/snapshot';
import { createSyncWorker, type SyncWorkerDeps } from './worker';
import { createCatalogueSyncService } from './service';
import { startLoopbackApi, type LoopbackApi } from './test/loopback-api';
import { catalogueFingerprint, smallCatalogue } from './test/helpers';

const PAGE = 100;
const catalogue = smallCatalogue();
const CARD_PAGES = Math.ceil(catalogue.cards.length / PAGE);
let api: LoopbackApi;

beforeAll(async () => {
  api = await startLoopbackApi(catalogue);
});
afterAll(() => api.close());

const liveSource = () =>
  createPokemonTcgSource({
    baseUrl: api.url,
    apiKey: 'test-key',
    timeoutMs: 400,
    requestBudget: 200,
    retry: { baseDelayMs: 5, maxDelayMs: 20 },
  });

/** A database in the state of a deployment whose catalogue is out of date: some cards renamed, no prices. */
async function staleDatabase(): Promise<Database> {
  const database = await openPrivateTestDatabase();
  await database.db.execute(sql`update cards set name = name || ' (old)' where set_id = 'base2'`);
  await database.db.execute(sql`update card_sets set name = 'Old name' where id = 'base3'`);
  return database;
}

function worker(database: Database, over: Partial<SyncWorkerDeps> = {}) {
  const w = createSyncWorker({ db: database.db, clock: systemClock, openSource: liveSource, pageSize: PAGE, ...over });
  const service = createCatalogueSyncService({ db: database.db, abortLocal: (id) => w.abortLocal(id) });
  return { worker: w, service };
}

const logOf = async (database: Database, id: string) => (await database.db.select().from(syncLogs).where(eq(syncLogs.id, id)))[0];
const eventsOf = async (database: Database, id: string) =>
  database.db.select().from(syncEvents).where(eq(syncEvents.syncLogId, id)).orderBy(syncEvents.id);

describe('catalogue sync from the Pokémon TCG API (loopback)', () => {
  let clean: Database;
  let reference: Awaited<ReturnType<typeof catalogueFingerprint>>;

  beforeAll(async () => {
    clean = await staleDatabase();
    const { worker: w, service } = worker(clean);
    const { syncLogId } = await service.start('full');
    await w.runOnce();
    const done = await logOf(clean, syncLogId);
    expect(done.status).toBe('completed');
    // A finished run names its last page (the cards listing's), not page 1 (issue 24.9).
    expect(done.metadata).toMatchObject({ phase: 'cards', currentPage: Math.ceil(catalogue.cards.length / PAGE) });
    expect(Math.ceil(catalogue.cards.length / PAGE)).toBeGreaterThan(1);
    reference = await catalogueFingerprint(clean.db);
  });
  afterAll(() => clean.close());

  it('a full sync through 429 with Retry-After, a 500, a timeout, a malformed page and a shrinking page completes with every record', async () => {
    const database = await staleDatabase();
    try {
      api.fail('cards', 2, { kind: '429', retryAfter: '0.3' }, { kind: 'shrink', drop: 7 });
      api.fail('cards', 3, { kind: '500' }, { kind: '500' });
      api.fail('cards', 4, { kind: 'timeout', delayMs: 1000 });
      api.fail('cards', 5, { kind: 'malformed' });
      const before = api.requests.length;
      const { worker: w, service } = worker(database);
      const { syncLogId } = await service.start('full');
      await w.runOnce();
      const log = await logOf(database, syncLogId);
      expect(log.status).toBe('completed');
      expect(log.totalRecords).toBe(catalogue.sets.length + catalogue.cards.length);
      expect(log.processedRecords).toBe(log.totalRecords);
      // The two records the sync cannot store are warnings and count as errors; nothing crashed.
      expect(log.errorCount).toBe(2);
      expect(log.lastError).toMatch(/skipped/);
      const events = await eventsOf(database, syncLogId);
      const messages = events.map((e) => e.message);
      expect(messages.some((m) => /unknown set zz-unknown/.test(m))).toBe(true);
      expect(messages.some((m) => /base3-zz-nameless skipped: name/.test(m))).toBe(true);
      expect(messages.filter((m) => /^Retrying cards page 3/.test(m))).toHaveLength(2);
      expect(messages.some((m) => /^Retrying cards page 4 .*Timed out/.test(m))).toBe(true);
      expect(messages.some((m) => /^Retrying cards page 5 .*Malformed/.test(m))).toBe(true);
      expect(messages.some((m) => /cards page 2 came back with 93 of 100/.test(m))).toBe(true);
      expect(events.at(-1)).toMatchObject({ eventType: 'success' });
      // Retry-After was honoured: the retry of page 2 came at least 0.3 s after the 429.
      const page2 = api.requests.slice(before).filter((r) => r.listing === 'cards' && r.page === 2);
      expect(page2[1].at - page2[0].at).toBeGreaterThanOrEqual(290);
      expect(api.requests.slice(before).every((r) => r.apiKey === 'test-key' && r.pageSize === PAGE && r.orderBy === 'id')).toBe(true);
      expect(await catalogueFingerprint(database.db)).toEqual(reference);
    } finally {
      await database.close();
    }
  });

  it('stores the prices where the API put them, and the pricing port values Base Set Charizard on them', async () => {
    const [row] = await clean.db
      .select()
      .from(cardPrices)
      .where(sql`${cardPrices.cardId} = 'base1-4' and ${cardPrices.variant} = 'holofoil'`);
    expect(row).toMatchObject({ source: 'tcgplayer', currency: 'USD', market: 352.72, updatedAt: '2024-08-02' });
    const pricing = createEmbeddedPricing(firstMarketPrice(createSyncedMarketPrices(clean.db), createSnapshotMarketPrices()));
    const value = await pricing.rawValueUsd({ cardId: 'base1-4', cardName: 'Charizard', rarity: 'Rare Holo' });
    expect(value).toEqual({
      usd: 352.72,
      source: { kind: 'market', provider: SYNCED_PROVIDER, asOf: '2024-08-02', variant: 'holofoil', marketUsd: 352.72 },
    });
    // A card the sync has not priced falls back to the bundled snapshot, then to the rarity guess.
    const other = await pricing.rawValueUsd({ cardId: 'swsh7-215', cardName: 'Umbreon VMAX', rarity: 'Rare Secret' });
    expect(other.source).toMatchObject({ kind: 'market', provider: 'TCGplayer market', marketUsd: 841.98 });
    expect((await pricing.rawValueUsd({ cardId: null, cardName: 'Homemade', rarity: 'Common' })).source).toEqual({
      kind: 'estimate',
      method: 'rarity',
    });
  });

  it('a second run with nothing changed writes 0 rows', async () => {
    const { worker: w, service } = worker(clean);
    const { syncLogId } = await service.start('full');
    await w.runOnce();
    const log = await logOf(clean, syncLogId);
    expect(log.status).toBe('completed');
    expect(log.metadata.rowsWritten).toBe(0);
    expect(await catalogueFingerprint(clean.db)).toEqual(reference);
  });

  it('a page that fails after its retries fails the run there; Resume starts at that page and ends equal to a clean sync', async () => {
    const database = await staleDatabase();
    try {
      api.fail('cards', 3, { kind: '500' }, { kind: '500' }, { kind: '500' }, { kind: '500' }, { kind: '500' });
      const { worker: w, service } = worker(database);
      const { syncLogId } = await service.start('cards');
      await w.runOnce();
      const failed = await logOf(database, syncLogId);
      expect(failed).toMatchObject({ status: 'failed', metadata: { phase: 'cards', currentPage: 3 } });
      expect(failed.lastError).toMatch(/cards page 3 failed: HTTP 500/);
      expect(failed.processedRecords).toBe(2 * PAGE);
      const before = api.requests.length;
      expect((await service.resume(syncLogId)).message).toBe('Cards sync resumed from page 3.');
      await w.runOnce();
      expect(
        api.requests
          .slice(before)
          .filter((r) => r.listing === 'cards')
          .map((r) => r.page)[0],
      ).toBe(3);
      const done = await logOf(database, syncLogId);
      expect(done.status).toBe('completed');
      expect(done.processedRecords).toBe(catalogue.cards.length);
      // Sets were not part of this run: the stale set name stays; the cards equal the clean sync's.
      const fp = await catalogueFingerprint(database.db);
      expect({ cards: fp.cards, prices: fp.prices }).toEqual({ cards: reference.cards, prices: reference.prices });
    } finally {
      await database.close();
    }
  });

  it('a run abandoned mid-way by a dead process shows failed at the next start and resumes without duplicates', async () => {
    const database = await staleDatabase();
    try {
      let freeze: () => void = () => undefined;
      const frozen = new Promise<void>((resolve) => (freeze = resolve));
      // The first process stops dead after committing cards page 2 (as if killed: no more writes).
      const first = worker(database, { afterPage: ({ listing, page }) => (listing === 'cards' && page === 2 ? frozen : undefined) });
      const { syncLogId } = await first.service.start('full');
      const run = first.worker.runOnce();
      while ((await logOf(database, syncLogId)).metadata.currentPage !== 3) await new Promise((r) => setTimeout(r, 20));
      // The restarted process (the embedded database has one process) finds the run it lost.
      const second = worker(database);
      expect(await second.worker.failAbandoned(true)).toBe(1);
      const failed = await logOf(database, syncLogId);
      expect(failed).toMatchObject({ status: 'failed', metadata: { phase: 'cards', currentPage: 3 } });
      expect(failed.lastError).toMatch(/server stopped/);
      // The dead process wakes up: its writes are fenced off by the claim it lost.
      freeze();
      await run;
      expect((await logOf(database, syncLogId)).status).toBe('failed');
      await second.service.resume(syncLogId);
      await second.worker.runOnce();
      const done = await logOf(database, syncLogId);
      expect(done.status).toBe('completed');
      expect(done.processedRecords).toBe(catalogue.sets.length + catalogue.cards.length);
      const pages = (await eventsOf(database, syncLogId)).filter((e) => /^Cards page \d+ of/.test(e.message)).map((e) => e.details!.page);
      expect(pages).toEqual(Array.from({ length: CARD_PAGES }, (_, i) => i + 1));
      expect(await catalogueFingerprint(database.db)).toEqual(reference);
    } finally {
      await database.close();
    }
  });

  it('cancel is honoured within one page, and a cancelled run resumes', async () => {
    const database = await staleDatabase();
    try {
      api.setDelay(150);
      const { worker: w, service } = worker(database);
      const { syncLogId } = await service.start('cards');
      const run = w.runOnce();
      while (((await logOf(database, syncLogId)).metadata.currentPage ?? 1) < 2) await new Promise((r) => setTimeout(r, 10));
      const asked = Date.now();
      expect((await service.cancel(syncLogId)).message).toBe('The sync operation has been cancelled.');
      await run;
      const latency = Date.now() - asked;
      const log = await logOf(database, syncLogId);
      expect(log.status).toBe('cancelled');
      // In process the fetch is aborted at once; the bound leaves room for a loaded machine.
      expect(latency).toBeLessThan(2000);
      expect(log.metadata.currentPage).toBeLessThanOrEqual(3);
      api.setDelay(0);
      await service.resume(syncLogId);
      await w.runOnce();
      expect((await logOf(database, syncLogId)).status).toBe('completed');
    } finally {
      api.setDelay(0);
      await database.close();
    }
  });

  it('a server stopped on purpose mid-run records the run failed at once, and it resumes', async () => {
    const database = await staleDatabase();
    try {
      api.setDelay(100);
      const { worker: w, service } = worker(database);
      await w.start();
      const { syncLogId } = await service.start('cards');
      w.poke();
      while (((await logOf(database, syncLogId)).metadata.currentPage ?? 1) < 2) await new Promise((r) => setTimeout(r, 10));
      await w.stop();
      const stopped = await logOf(database, syncLogId);
      expect(stopped).toMatchObject({ status: 'failed', claimId: null });
      expect(stopped.lastError).toMatch(/server was stopped/);
      api.setDelay(0);
      await service.resume(syncLogId);
      await w.runOnce();
      expect(await logOf(database, syncLogId)).toMatchObject({ status: 'completed', processedRecords: catalogue.cards.length });
    } finally {
      api.setDelay(0);
      await database.close();
    }
  });

  it('the request budget stops a run that would retry forever, as a failed page', async () => {
    const database = await openPrivateTestDatabase();
    try {
      for (let i = 0; i < 10; i++) api.fail('sets', 1, { kind: '500' });
      const tight = () =>
        createPokemonTcgSource({
          baseUrl: api.url,
          timeoutMs: 400,
          requestBudget: 3,
          retry: { baseDelayMs: 1, maxDelayMs: 2, attempts: 10 },
        });
      const { worker: w, service } = worker(database, { openSource: tight });
      const { syncLogId } = await service.start('sets');
      await w.runOnce();
      const log = await logOf(database, syncLogId);
      expect(log.status).toBe('failed');
      expect(log.lastError).toMatch(/Request budget of 3 requests used up on sets page 1/);
    } finally {
      api.fail('sets', 1);
      await database.close();
    }
  });
});

describe('outside data held to the rules at the boundary', () => {
  it('skips a card with an absurd price, an over-long or control-character name, or a non-https image, naming the field', async () => {
    const base = smallCatalogue(['base1']);
    const template = base.cards.find((c) => c.id === 'base1-4')!;
    const hostile = (id: string, over: Record<string, unknown>) => ({ ...template, id, ...over });
    const records = [
      ...base.cards.filter((c) => !String(c.id).includes('zz')),
      hostile('base1-zz-price', { tcgplayer: { updatedAt: '2026/11/01', prices: { holofoil: { market: 1e12 } } } }),
      hostile('base1-zz-negative', { tcgplayer: { updatedAt: '2026/11/01', prices: { holofoil: { market: -5 } } } }),
      hostile('base1-zz-long', { name: 'C'.repeat(10_000) }),
      hostile('base1-zz-escape', { name: 'Chari\u001bzard' }),
      hostile('base1-zz-http', { images: { small: 'https://images.pokemontcg.io/x.png', large: 'http://127.0.0.1:8080/x.png' } }),
      hostile('base1-zz-js', { images: { large: 'javascript:alert(1)' } }),
    ];
    const hostileApi = await startLoopbackApi({ sets: base.sets.filter((s) => s.id === 'base1'), cards: records });
    const database = await openPrivateTestDatabase();
    try {
      const source = () =>
        createPokemonTcgSource({ baseUrl: hostileApi.url, timeoutMs: 2000, requestBudget: 50, retry: { baseDelayMs: 1, maxDelayMs: 2 } });
      const { worker: w, service } = worker(database, { openSource: source });
      const { syncLogId } = await service.start('cards');
      await w.runOnce();
      const log = await logOf(database, syncLogId);
      expect(log.status).toBe('completed');
      expect(log.errorCount).toBe(6);
      const messages = (await eventsOf(database, syncLogId)).map((e) => e.message);
      for (const [id, field] of [
        ['base1-zz-price', 'tcgplayer.prices.holofoil.market'],
        ['base1-zz-negative', 'tcgplayer.prices.holofoil.market'],
        ['base1-zz-long', 'name'],
        ['base1-zz-escape', 'name'],
        ['base1-zz-http', 'images.large'],
        ['base1-zz-js', 'images.large'],
      ])
        expect(
          messages.some((m) => m.includes(`${id} skipped: ${field}`)),
          `${id} ${field}`,
        ).toBe(true);
      const stored = await database.db.select({ id: cards.id }).from(cards).where(like(cards.id, 'base1-zz-%'));
      expect(stored).toEqual([]);
      const [top] = await database.db.select({ m: max(cardPrices.market) }).from(cardPrices);
      expect(Number(top.m)).toBeLessThanOrEqual(1_000_000);
    } finally {
      await database.close();
      await hostileApi.close();
    }
  });
});

describe('an answer larger than the cap', () => {
  it('is dropped while it streams and fails the page at once, without a retry', async () => {
    const source = createPokemonTcgSource({ baseUrl: api.url, timeoutMs: 10_000, requestBudget: 10, maxPageBytes: 2 * 1024 * 1024 });
    api.fail('sets', 7, { kind: 'huge', bytes: 200 * 1024 * 1024 });
    const before = api.requests.length;
    const error = await source.fetchPage('sets', 7, 250).catch((e: unknown) => e);
    expect(String(error)).toMatch(/sets page 7 failed: the sets page is over the 2,097,152-byte cap/);
    expect(api.requests.length - before).toBe(1);
    // The client hung up long before the 200 MB were sent.
    expect(api.hugeBytesSent()).toBeLessThan(64 * 1024 * 1024);
  });
});

describe('the snapshot source', () => {
  it('serves the bundled catalogue in the API envelope, prices inside card objects where the API puts them', async () => {
    const source = createSnapshotSource();
    const sets = await source.fetchPage('sets', 1, 250);
    expect(sets).toMatchObject({ page: 1, pageSize: 250, count: 169, totalCount: 169 });
    const first = await source.fetchPage('cards', 1, 250);
    expect(first.totalCount).toBe(19_653);
    expect(Math.ceil(first.totalCount / 250)).toBe(79);
    const all = (await Promise.all(Array.from({ length: 79 }, (_, i) => source.fetchPage('cards', i + 1, 250)))).flatMap(
      (p) => p.data,
    ) as Array<Record<string, unknown>>;
    const charizard = all.find((c) => c.id === 'base1-4')!;
    expect(charizard.set).toMatchObject({ id: 'base1', name: 'Base' });
    expect(charizard.tcgplayer).toMatchObject({ updatedAt: '2024/08/02', prices: { holofoil: { market: 352.72 } } });
    expect(all.filter((c) => c.tcgplayer).length).toBe(17_776);
    expect(all.find((c) => String(c.id).startsWith('sv8-'))!.tcgplayer).toBeUndefined();
  });
});
