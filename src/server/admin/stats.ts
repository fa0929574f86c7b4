/** The Overview panel: totals, recent activity and live system checks (spec §2.7, made real). */
import { desc, sql } from 'drizzle-orm';
import type { TAdminStatsResponse, TCheck, THealthState, TRecentActivity } from '@contract/admin';
import type { Db } from '../db/client';
import { gradings, orders, subscriptionPayments, userCards, users } from '../db/schema';
import type { GuardedImageStore } from '../adapters/storage/guard';
import type { Clock } from '../deps';

/** A pending grading older than this means no worker is taking jobs. */
export const QUEUE_STALL_MS = 10 * 60 * 1000;
const CHECK_TIMEOUT_MS = 2000;
const RECENT = 10;
/**
 * The totals and recent activity are shared by every administrator for this long, and computed by one
 * call at a time: counting a million gradings for each of 20 open Overview tabs made the call take
 * seconds. The health checks are never cached.
 */
export const TOTALS_TTL_MS = 10_000;

async function timed(check: () => Promise<TCheck>): Promise<TCheck> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<TCheck>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'down', detail: `No answer within ${CHECK_TIMEOUT_MS / 1000} s` }), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      check().catch((err: unknown) => ({ status: 'down' as const, detail: err instanceof Error ? err.message : String(err) })),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** How late a setImmediate runs: a busy event loop answers every request late. */
const eventLoopDelayMs = () =>
  new Promise<number>((resolve) => {
    const start = performance.now();
    setImmediate(() => resolve(performance.now() - start));
  });

const worst = (states: THealthState[]): THealthState =>
  states.includes('down') ? 'down' : states.includes('degraded') ? 'degraded' : 'ok';

export function createAdminStats(deps: { db: Db; images: GuardedImageStore; clock: Clock; databaseKind: string }) {
  const { db, images, clock } = deps;

  const checkDatabase = () =>
    timed(async () => {
      const start = performance.now();
      await db.execute(sql`select 1`);
      const ms = performance.now() - start;
      return {
        status: ms > 500 ? 'degraded' : 'ok',
        detail: `${deps.databaseKind === 'pglite' ? 'PGlite' : 'PostgreSQL'} connected, ${ms.toFixed(1)} ms`,
      };
    });

  const checkQueue = () =>
    timed(async () => {
      const stalledBefore = new Date(clock.now().getTime() - QUEUE_STALL_MS);
      // Reads on the (status, created_at) index: the oldest waiting job, and jobs whose worker's lease ran out
      // (no lease counts as run out, as the worker's own claim sees it). Processing jobs are few at any time.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- execute() is typed per driver: the rows are named here
      const result = (await db.execute(sql`select
        (select count(*)::int from (select 1 from gradings where status = 'pending' limit 1000) p) as pending,
        (select min(created_at) from gradings where status = 'pending') as oldest,
        (select count(*)::int from (select 1 from gradings where status = 'processing' and (lease_expires_at is null or lease_expires_at < ${clock.now()}) limit 1000) s) as expired`)) as unknown as {
        rows: { pending: number; oldest: string | Date | null; expired: number }[];
      };
      const row = result.rows[0];
      const oldest = row.oldest ? new Date(row.oldest) : null;
      const stalled = oldest !== null && oldest < stalledBefore;
      const detail = `${row.pending}${row.pending >= 1000 ? '+' : ''} waiting, ${row.expired} with an expired lease${stalled ? `; the oldest has waited since ${oldest.toISOString()}` : ''}`;
      return { status: stalled ? 'down' : row.expired > 0 ? 'degraded' : 'ok', detail };
    });

  const checkImages = () =>
    timed(async () => {
      const health = await images.health();
      return {
        status: health.status === 'ok' ? 'ok' : 'down',
        detail: health.status === 'ok' ? `${images.kind === 's3' ? 'S3 bucket' : 'Files'} reachable` : (health.detail ?? 'Unavailable'),
      };
    });

  const checkApi = async (): Promise<TCheck> => {
    const lag = await eventLoopDelayMs();
    return { status: lag > 200 ? 'degraded' : 'ok', detail: `Operational, event-loop delay ${lag.toFixed(1)} ms` };
  };

  const checkServer = async (): Promise<TCheck> => {
    const rssMb = process.memoryUsage().rss / 1024 / 1024;
    return { status: 'ok', detail: `Running ${Math.round(process.uptime())} s, ${rssMb.toFixed(0)} MB, Node ${process.version}` };
  };

  async function recentActivity(): Promise<TRecentActivity[]> {
    const [g, o] = await Promise.all([
      db
        .select({
          id: gradings.id,
          gradingId: gradings.gradingId,
          status: gradings.status,
          createdAt: gradings.createdAt,
          cardName: userCards.cardName,
        })
        .from(gradings)
        .innerJoin(userCards, sql`${userCards.id} = ${gradings.userCardId}`)
        .orderBy(desc(gradings.createdAt))
        .limit(RECENT),
      db
        .select({
          id: orders.id,
          package: orders.package,
          status: orders.status,
          createdAt: orders.createdAt,
          amount: orders.amount,
          currency: orders.currency,
        })
        .from(orders)
        .orderBy(desc(orders.createdAt))
        .limit(RECENT),
    ]);
    return [
      ...g.map((r) => ({
        id: r.id,
        kind: 'grading' as const,
        description: `Grading ${r.gradingId}: ${r.cardName}`,
        status: r.status,
        createdAt: r.createdAt.toISOString(),
      })),
      ...o.map((r) => ({
        id: r.id,
        kind: 'order' as const,
        description: `Order: ${r.package} pack, ${(r.amount / 100).toFixed(2)} ${r.currency.toUpperCase()}`,
        status: r.status,
        createdAt: r.createdAt.toISOString(),
      })),
    ]
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .slice(0, RECENT);
  }

  type Totals = {
    totalUsers: number;
    totalCards: number;
    totalGradings: number;
    totalCreditsIssued: number;
    revenueMinor: string | number;
  };
  async function readTotals(): Promise<{ totals: Totals | null; recent: TRecentActivity[] }> {
    const [totals, recent] = await Promise.all([
      // One statement, each total an aggregate inside the database: no rows come to Node.
      (
        db.execute(sql`select
          (select count(*)::int from ${users}) as "totalUsers",
          (select count(*)::int from ${userCards}) as "totalCards",
          (select count(*)::int from ${gradings}) as "totalGradings",
          (select coalesce(sum(delta), 0)::int from credit_ledger where delta > 0) as "totalCreditsIssued",
          -- Revenue is credit packs paid plus Pro invoices paid (issue 24.6: Pro was left out).
          ((select coalesce(sum(amount), 0)::bigint from ${orders} where status = 'completed')
            + (select coalesce(sum(amount), 0)::bigint from ${subscriptionPayments})) as "revenueMinor"`) as unknown as Promise<{
          rows: Totals[];
        }>
      )
        .then((r) => r.rows[0] ?? null)
        .catch(() => null),
      recentActivity().catch(() => []),
    ]);
    return { totals, recent };
  }
  let cached: { at: number; value: Promise<{ totals: Totals | null; recent: TRecentActivity[] }> } | null = null;
  function totalsNow() {
    const now = clock.now().getTime();
    if (!cached || now - cached.at > TOTALS_TTL_MS) {
      const value = readTotals();
      cached = { at: now, value };
      // A failed read is not kept: the next call tries again.
      void value.then(({ totals }) => {
        if (!totals && cached?.value === value) cached = null;
      });
    }
    return cached.value;
  }

  return {
    async stats(): Promise<TAdminStatsResponse> {
      const [{ totals, recent }, database, jobQueue, imageStore, api, server] = await Promise.all([
        totalsNow(),
        checkDatabase(),
        checkQueue(),
        checkImages(),
        checkApi(),
        checkServer(),
      ]);
      // A database that is down still gets an answer: zeros, and its check says why.
      const t = totals ?? { totalUsers: 0, totalCards: 0, totalGradings: 0, totalCreditsIssued: 0, revenueMinor: 0 };
      return {
        totalUsers: t.totalUsers,
        totalCards: t.totalCards,
        totalGradings: t.totalGradings,
        totalCreditsIssued: t.totalCreditsIssued,
        totalRevenue: Number(t.revenueMinor) / 100,
        recentActivity: recent,
        system: {
          status: worst([database.status, jobQueue.status, imageStore.status, api.status, server.status]),
          database,
          api,
          server,
          jobQueue,
          imageStore,
        },
      };
    },
  };
}
