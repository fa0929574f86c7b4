/**
 * Where rate-limit counters live. Decision 002 kept them in each process's memory, so ROLE=web × N
 * multiplied every limit by N (issue 23.12). With DATABASE_URL the counters live in the
 * `rate_limits` table that every process shares; on the embedded database (one process by
 * construction) they stay in memory, where a check costs no query on PGlite's single connection.
 *
 * Every counter is a fixed window: the first hit opens it (`resetAt = now + window`), later hits
 * count, and a hit after `resetAt` opens a new one. Each change is ONE atomic statement: an
 * `INSERT … ON CONFLICT DO UPDATE … RETURNING` that resets or increments on the row's current value,
 * so concurrent hits from any number of processes serialise on the row and none is lost.
 *
 * `take` is the sign-in throttle's check: several counters at once, taken only when none is spent
 * ("a refused attempt takes nothing", decision 002). In SQL the check and the increments are one
 * statement; two attempts racing at the very limit may both increment, and the one that pushed a
 * counter past its limit is refused, so a limit is never exceeded, only (rarely) reached one early.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Clock } from '../clock';

export type Counter = { key: string; max: number };
export type TakeResult = { ok: true } | { ok: false; retryAfterMs: number };

export interface LimitStore {
  readonly kind: 'memory' | 'database';
  /** One hit on `key`: the count in the window (this hit included) and the ms until it resets. */
  hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
  /** One hit on every counter, unless one of them is already at its max (then nothing is taken). */
  take(counters: Counter[], windowMs: number): Promise<TakeResult>;
  /** Forgets a counter. */
  clear(key: string): Promise<void>;
  /** Gives one hit back (never below zero). */
  giveBack(key: string): Promise<void>;
}

type Window = { count: number; resetAt: number };

export function createMemoryLimitStore(clock: Clock): LimitStore {
  const windows = new Map<string, Window>();
  let sweptAt = 0;
  const live = (key: string, now: number) => {
    const w = windows.get(key);
    if (w && w.resetAt <= now) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  const sweep = (now: number) => {
    if (now - sweptAt < 60_000) return;
    sweptAt = now;
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
  };
  const bump = (key: string, now: number, windowMs: number) => {
    const w = live(key, now);
    if (w) w.count++;
    else windows.set(key, { count: 1, resetAt: now + windowMs });
    return windows.get(key)!;
  };
  // Synchronous inside: no await between a check and its increment.
  return {
    kind: 'memory',
    async hit(key, windowMs) {
      const now = clock.now().getTime();
      sweep(now);
      const w = bump(key, now, windowMs);
      return { count: w.count, ttlMs: w.resetAt - now };
    },
    async take(counters, windowMs) {
      const now = clock.now().getTime();
      sweep(now);
      for (const { key, max } of counters) {
        const w = live(key, now);
        if (w && w.count >= max) return { ok: false, retryAfterMs: w.resetAt - now };
      }
      for (const { key } of counters) bump(key, now, windowMs);
      return { ok: true };
    },
    async clear(key) {
      windows.delete(key);
    },
    async giveBack(key) {
      const w = windows.get(key);
      if (w && w.count > 0) w.count--;
    },
  };
}

type Row = { key: string; count: number; reset_at: Date | string };
const ms = (d: Date | string) => new Date(d).getTime();
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/**
 * `namespace` prefixes every key: each test app gets its own, so test files sharing one PostgreSQL
 * database do not share budgets. Production processes use none, and share them.
 */
export function createDatabaseLimitStore(db: Db, clock: Clock, namespace = ''): LimitStore {
  let hits = 0;
  const ns = (key: string) => namespace + key;
  /** Now and then, drop windows that ended long ago (any process may; it is idempotent). */
  const maybeSweep = async (now: Date) => {
    if (++hits % 500 !== 0) return;
    await db.execute(sql`delete from rate_limits where reset_at < ${new Date(now.getTime() - 3_600_000).toISOString()}::timestamptz`);
  };
  return {
    kind: 'database',
    async hit(key, windowMs) {
      const now = clock.now();
      const resetAt = new Date(now.getTime() + windowMs);
      const [row] = rowsOf(
        await db.execute(sql`
          insert into rate_limits (key, count, reset_at) values (${ns(key)}, 1, ${resetAt.toISOString()}::timestamptz)
          on conflict (key) do update set
            count = case when rate_limits.reset_at <= ${now.toISOString()}::timestamptz then 1 else rate_limits.count + 1 end,
            reset_at = case when rate_limits.reset_at <= ${now.toISOString()}::timestamptz then excluded.reset_at else rate_limits.reset_at end
          returning key, count, reset_at`),
      );
      await maybeSweep(now);
      return { count: Number(row.count), ttlMs: Math.max(0, ms(row.reset_at) - now.getTime()) };
    },
    async take(counters, windowMs) {
      const now = clock.now();
      const resetAt = new Date(now.getTime() + windowMs);
      const keys = counters.map((c) => ns(c.key));
      const maxes = counters.map((c) => c.max);
      // One statement: the increments happen only when no counter is spent at the start.
      const rows = rowsOf(
        await db.execute(sql`
          with limits(key, max) as (
            values ${sql.join(
              counters.map((c) => sql`(${ns(c.key)}::text, ${c.max}::int)`),
              sql`, `,
            )}
          ), spent as (
            select rl.key, rl.reset_at from rate_limits rl join limits l on l.key = rl.key
            where rl.reset_at > ${now.toISOString()}::timestamptz and rl.count >= l.max
          )
          insert into rate_limits (key, count, reset_at)
          select key, 1, ${resetAt.toISOString()}::timestamptz from limits where not exists (select 1 from spent)
          on conflict (key) do update set
            count = case when rate_limits.reset_at <= ${now.toISOString()}::timestamptz then 1 else rate_limits.count + 1 end,
            reset_at = case when rate_limits.reset_at <= ${now.toISOString()}::timestamptz then excluded.reset_at else rate_limits.reset_at end
          returning key, count, reset_at`),
      );
      await maybeSweep(now);
      const over = rows.filter((r) => Number(r.count) > maxes[keys.indexOf(r.key)]);
      if (rows.length > 0 && over.length === 0) return { ok: true };
      // Refused: say when the first spent counter opens again.
      const spent = rowsOf(
        await db.execute(
          sql`select key, count, reset_at from rate_limits where key in (${sql.join(
            keys.map((k) => sql`${k}`),
            sql`, `,
          )}) and reset_at > ${now.toISOString()}::timestamptz`,
        ),
      ).filter((r) => Number(r.count) >= maxes[keys.indexOf(r.key)]);
      const until = Math.min(...spent.map((r) => ms(r.reset_at)), now.getTime() + windowMs);
      return { ok: false, retryAfterMs: Math.max(1000, until - now.getTime()) };
    },
    async clear(key) {
      await db.execute(sql`delete from rate_limits where key = ${ns(key)}`);
    },
    async giveBack(key) {
      await db.execute(sql`update rate_limits set count = count - 1 where key = ${ns(key)} and count > 0`);
    },
  };
}

/**
 * The store @fastify/rate-limit calls (its `store` option takes a class): counters in `limits`,
 * one namespace per route so two routes limited by the same key (the address) count apart.
 */
export function fastifyRateLimitStore(limits: LimitStore) {
  return class SharedRateLimitStore {
    private readonly namespace: string;
    /** The plugin constructs it with its options; `child` passes the route's namespace. */
    constructor(_options?: unknown, namespace = 'global') {
      this.namespace = namespace;
    }
    incr(key: string, callback: (err: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      limits.hit(`route:${this.namespace}:${key}`, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }
    child(options: object) {
      const route = (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      return new SharedRateLimitStore(undefined, route?.url ? `${String(route.method)} ${route.url}` : 'global');
    }
  };
}
