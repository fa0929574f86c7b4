/**
 * One sync run, page by page. Each page is committed in one transaction with the run's progress
 * (processed, currentPage = the next page, rows written), fenced by the run's claim: a crash between
 * pages loses nothing, a crash inside a page loses that page only, and Resume starts at
 * metadata.currentPage. Upserts make a page fetched twice harmless (no duplicates). A page that fails
 * after its retries fails the run on it; cancel is looked at before every page (and the heartbeat
 * aborts the fetch in flight), so it is honoured within one page.
 */
import { eq, sql } from 'drizzle-orm';
import type { TSyncEventType, TSyncMetadata } from '@contract/catalogue-sync';
import type { Db, DbOrTx } from '../db/client';
import { cardSets, syncEvents, syncLogs } from '../db/schema';
import type { Clock } from '../deps';
import { PAGE_SIZE, SourceAborted, SourcePageError, type CatalogueSource, type Listing, type SourcePage } from './source/port';
import { cardRow, setRow, type CardRow, type SetRow } from '../catalogue/rows';
import { ZApiCard, ZApiSet, describeIssue, priceRows, recordLabel, type PriceRow } from './records';
import { upsertCards, upsertPrices, upsertSets } from './writer';
import { heldBy as heldByClaim, LostClaim } from '../jobs/lease';

export type SyncRun = typeof syncLogs.$inferSelect;

/** Detailed warnings per page; beyond this a page's skipped records are summed up in one event. */
const WARNINGS_PER_PAGE = 10;

export const PHASES: Record<SyncRun['type'], Listing[]> = { sets: ['sets'], cards: ['cards'], full: ['sets', 'cards'] };

export async function addEvent(
  db: DbOrTx,
  syncLogId: string,
  eventType: TSyncEventType,
  message: string,
  details: Record<string, unknown> | null = null,
  at?: Date,
) {
  await db.insert(syncEvents).values({ syncLogId, eventType, message, details, ...(at ? { timestamp: at } : {}) });
}

/** The run's row while this claim holds it. */
export const heldBy = (run: Pick<SyncRun, 'id' | 'claimId'>) => heldByClaim(syncLogs, run, eq(syncLogs.status, 'running'));

/** The abort reason of a cancel (any other reason, such as shutdown, leaves the run to be resumed). */
export class SyncCancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

export interface RunContext {
  db: Db;
  source: CatalogueSource;
  clock: Clock;
  /** Aborted by a cancel request (heartbeat or an in-process cancel) or shutdown. */
  signal: AbortSignal;
  pageSize?: number;
  /** Called after every committed page (tests use it to stop a run half-way). */
  afterPage?: (info: { listing: Listing; page: number }) => Promise<void> | void;
  /** Called after a run that wrote catalogue rows (the catalogue search index is rebuilt). */
  catalogueChanged?: () => void;
}

type Totals = Partial<Record<Listing, number>>;

export async function runSync(ctx: RunContext, claimed: SyncRun): Promise<SyncRun['status']> {
  const { db, source, clock } = ctx;
  const pageSize = ctx.pageSize ?? PAGE_SIZE;
  const phases = PHASES[claimed.type];
  const meta: TSyncMetadata & { totals?: Totals } = { ...(claimed.metadata as TSyncMetadata & { totals?: Totals }) };
  let phaseIndex = Math.max(0, phases.indexOf(meta.phase ?? phases[0]));
  let page = meta.currentPage ?? 1;
  const resumed = claimed.processedRecords > 0 || page > 1 || phaseIndex > 0;
  meta.source = source.kind;
  await addEvent(
    db,
    claimed.id,
    'info',
    resumed ? `Resuming ${claimed.type} sync at ${phases[phaseIndex]} page ${page}` : `Starting ${claimed.type} sync from ${source.kind}`,
    { source: source.kind, pageSize, phase: phases[phaseIndex], page },
  );

  /** Ends the run with a final status, fenced by the claim. */
  async function finish(
    status: 'completed' | 'failed' | 'cancelled',
    eventType: TSyncEventType,
    message: string,
    details: Record<string, unknown>,
    lastError?: string,
  ) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(syncLogs)
        .set({
          status,
          completedAt: clock.now(),
          metadata: { ...meta, phase: phases[phaseIndex], currentPage: page },
          claimId: null,
          leaseExpiresAt: null,
          ...(lastError ? { lastError, errorCount: sql`${syncLogs.errorCount} + 1` } : {}),
        })
        .where(heldBy(claimed))
        .returning({ id: syncLogs.id });
      if (!row) throw new LostClaim();
      await addEvent(tx, claimed.id, eventType, message, details);
    });
    if ((meta.rowsWritten ?? 0) > 0) ctx.catalogueChanged?.();
    return status;
  }

  const cancelled = () =>
    finish('cancelled', 'warning', `Sync cancelled at ${phases[phaseIndex]} page ${page}`, { phase: phases[phaseIndex], page });
  const cancelRequested = async () => {
    if (ctx.signal.aborted && ctx.signal.reason instanceof SyncCancelled) return true;
    const [row] = await db.select({ cancel: syncLogs.cancelRequested }).from(syncLogs).where(heldBy(claimed));
    if (!row) throw new LostClaim();
    return row.cancel;
  };

  let knownSets: Set<string> | null = null;
  // The last page fetched: the loop's step resets `page` to 1 for a next phase, also after the last one,
  // which made a finished 79-page run say "Current Page 1" (issue 24.9).
  let lastPage = page;
  for (; phaseIndex < phases.length; phaseIndex++, page = 1) {
    const listing = phases[phaseIndex];
    if (listing === 'cards') knownSets = new Set((await db.select({ id: cardSets.id }).from(cardSets)).map((r) => r.id));
    for (;;) {
      if (await cancelRequested()) return cancelled();
      let result: SourcePage;
      try {
        result = await fetchFullPage(ctx, claimed.id, listing, page, pageSize);
      } catch (err) {
        if (err instanceof SourceAborted) {
          if (await cancelRequested().catch(() => false)) return cancelled();
          // Shutting down: the row stays running; the next start marks it failed and Resume continues here.
          throw err;
        }
        const message = err instanceof Error ? err.message : String(err);
        const details = err instanceof SourcePageError ? err.details : { error: message };
        return finish(
          'failed',
          'error',
          `Sync failed on ${listing} page ${page}: ${message}`,
          { ...details, phase: listing, page },
          message,
        );
      }
      const outcome = convert(listing, result.data, knownSets);
      if (meta.totals?.[listing] !== result.totalCount) {
        if (meta.totals?.[listing] !== undefined)
          await addEvent(
            db,
            claimed.id,
            'warning',
            `The source's ${listing} total changed from ${meta.totals[listing]} to ${result.totalCount} during the run`,
            { listing, page },
          );
        meta.totals = { ...meta.totals, [listing]: result.totalCount };
      }
      const isLast = result.data.length === 0 || page * pageSize >= result.totalCount;
      const nextPage = isLast ? page : page + 1;
      await db.transaction(async (tx) => {
        const written =
          (await upsertSets(tx, outcome.sets)) + (await upsertCards(tx, outcome.cards)) + (await upsertPrices(tx, outcome.prices));
        meta.rowsWritten = (meta.rowsWritten ?? 0) + written;
        meta.warnings = (meta.warnings ?? 0) + outcome.skipped.length;
        const total = Object.values(meta.totals ?? {}).reduce((a, b) => a + b, 0);
        const advance = isLast && phaseIndex + 1 < phases.length;
        const [row] = await tx
          .update(syncLogs)
          .set({
            processedRecords: sql`${syncLogs.processedRecords} + ${result.data.length}`,
            totalRecords: total,
            errorCount: sql`${syncLogs.errorCount} + ${outcome.skipped.length}`,
            ...(outcome.skipped.length ? { lastError: outcome.skipped.at(-1)!.message } : {}),
            metadata: { ...meta, phase: advance ? phases[phaseIndex + 1] : listing, currentPage: advance ? 1 : nextPage },
          })
          .where(heldBy(claimed))
          .returning({ id: syncLogs.id });
        if (!row) throw new LostClaim();
        for (const skip of outcome.skipped.slice(0, WARNINGS_PER_PAGE))
          await addEvent(tx, claimed.id, 'warning', skip.message, { listing, page, record: skip.record });
        if (outcome.skipped.length > WARNINGS_PER_PAGE)
          await addEvent(
            tx,
            claimed.id,
            'warning',
            `${outcome.skipped.length - WARNINGS_PER_PAGE} more records skipped on ${listing} page ${page}`,
            { listing, page },
          );
        await addEvent(
          tx,
          claimed.id,
          'info',
          `${listing === 'sets' ? 'Sets' : 'Cards'} page ${page} of ${Math.max(1, Math.ceil(result.totalCount / pageSize))}: ${result.data.length} records, ${written} rows written`,
          {
            listing,
            page,
            records: result.data.length,
            rowsWritten: written,
            skipped: outcome.skipped.length,
            totalCount: result.totalCount,
          },
        );
      });
      await ctx.afterPage?.({ listing, page });
      lastPage = page;
      if (isLast) break;
      page = nextPage;
    }
  }
  phaseIndex = phases.length - 1;
  page = lastPage;
  const [final] = await db.select().from(syncLogs).where(eq(syncLogs.id, claimed.id));
  return finish(
    'completed',
    'success',
    `${claimed.type === 'full' ? 'Full' : claimed.type === 'sets' ? 'Sets' : 'Cards'} sync completed: ${final?.processedRecords ?? 0} records, ${meta.rowsWritten ?? 0} rows written`,
    {
      processedRecords: final?.processedRecords,
      rowsWritten: meta.rowsWritten ?? 0,
      warnings: meta.warnings ?? 0,
    },
  );
}

/**
 * A page, fetched again once when it comes back short of a full page while more records should follow
 * (the live API has served pages that shrink mid-run): a second short answer is taken with a warning.
 */
async function fetchFullPage(ctx: RunContext, syncLogId: string, listing: Listing, page: number, pageSize: number): Promise<SourcePage> {
  // The source reports a retry synchronously before it sleeps; the event's insert runs meanwhile and is
  // awaited before the page's outcome is acted on, so no write of this run lands after its end.
  const retryEvents: Promise<unknown>[] = [];
  const onRetry = (n: { attempt: number; reason: string; waitMs: number }) =>
    retryEvents.push(
      addEvent(
        ctx.db,
        syncLogId,
        'warning',
        `Retrying ${listing} page ${page} in ${(n.waitMs / 1000).toFixed(1)} s (attempt ${n.attempt} failed: ${n.reason})`,
        { listing, page, ...n },
      ).catch(() => undefined),
    );
  const fetchPage = async () => {
    try {
      return await ctx.source.fetchPage(listing, page, pageSize, { signal: ctx.signal, onRetry });
    } finally {
      await Promise.all(retryEvents.splice(0));
    }
  };
  const first = await fetchPage();
  const expected = Math.min(pageSize, first.totalCount - (page - 1) * pageSize);
  if (first.data.length >= expected) return first;
  await addEvent(
    ctx.db,
    syncLogId,
    'warning',
    `${listing} page ${page} came back with ${first.data.length} of ${expected} records; fetching it again`,
    { listing, page, count: first.data.length, expected },
  );
  const second = await fetchPage();
  const again = Math.min(pageSize, second.totalCount - (page - 1) * pageSize);
  if (second.data.length < again)
    await addEvent(
      ctx.db,
      syncLogId,
      'warning',
      `${listing} page ${page} is still short (${second.data.length} of ${again}); a later sync picks up what it missed`,
      { listing, page },
    );
  return second.data.length >= first.data.length ? second : first;
}

type Skip = { record: string; message: string };

/** A page's records as rows; the ones that cannot be stored are skipped with the reason. */
function convert(listing: Listing, data: unknown[], knownSets: Set<string> | null) {
  const sets: SetRow[] = [];
  const cards: CardRow[] = [];
  const prices: PriceRow[] = [];
  const skipped: Skip[] = [];
  data.forEach((record, i) => {
    const label = recordLabel(record, i);
    if (listing === 'sets') {
      const parsed = ZApiSet.safeParse(record);
      if (!parsed.success) return void skipped.push({ record: label, message: `Set ${label} skipped: ${describeIssue(parsed.error)}` });
      sets.push(setRow(parsed.data));
      return;
    }
    const parsed = ZApiCard.safeParse(record);
    if (!parsed.success) return void skipped.push({ record: label, message: `Card ${label} skipped: ${describeIssue(parsed.error)}` });
    if (knownSets && !knownSets.has(parsed.data.set.id))
      return void skipped.push({ record: label, message: `Card ${label} skipped: unknown set ${parsed.data.set.id} (sync sets first)` });
    cards.push(cardRow({ ...parsed.data, setId: parsed.data.set.id }));
    prices.push(...priceRows(parsed.data));
  });
  return { sets, cards, prices, skipped };
}
