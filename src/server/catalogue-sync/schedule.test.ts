import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { syncLogs } from '../db/schema';
import { openPrivateTestDatabase } from '../test/private-database';
import { fireSchedule, nextDaily } from './schedule';
import { backoffMs, retryAfterMs } from './source/retry';

let database: Database;
beforeAll(async () => {
  // Its own database: one sync runs at a time across a database, and other files run syncs.
  database = await openPrivateTestDatabase();
});
afterAll(() => database.close());

describe('the persisted schedule', () => {
  it('computes the next daily time in UTC', () => {
    expect(nextDaily('03:00', new Date('2026-11-25T02:59:00Z')).toISOString()).toBe('2026-11-25T03:00:00.000Z');
    expect(nextDaily('03:00', new Date('2026-11-25T03:00:00Z')).toISOString()).toBe('2026-11-26T03:00:00.000Z');
  });

  it('fires once across processes, then waits for the next day', async () => {
    let now = new Date('2026-11-25T02:59:00Z');
    const clock = { now: () => now };
    const schedule = { kind: 'daily' as const, at: '03:00' };
    expect(await fireSchedule(database.db, clock, schedule)).toBe(false);
    now = new Date('2026-11-25T03:00:30Z');
    // Several processes poll at the same moment: one of them starts the run.
    const fired = await Promise.all([1, 2, 3].map(() => fireSchedule(database.db, clock, schedule)));
    expect(fired.filter(Boolean)).toHaveLength(1);
    const runs = await database.db.select().from(syncLogs).where(eq(syncLogs.type, 'full'));
    expect(runs).toHaveLength(1);
    now = new Date('2026-11-25T23:00:00Z');
    expect(await fireSchedule(database.db, clock, schedule)).toBe(false);
  });
});

describe('back-off', () => {
  it('doubles up to the cap with half of it random', () => {
    const policy = { attempts: 5, baseDelayMs: 1000, maxDelayMs: 30_000, maxRetryAfterMs: 120_000 };
    expect(backoffMs(policy, 1, () => 0)).toBe(500);
    expect(backoffMs(policy, 1, () => 1)).toBe(1000);
    expect(backoffMs(policy, 3, () => 0.5)).toBe(3000);
    expect(backoffMs(policy, 10, () => 1)).toBe(30_000);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs('Wed, 25 Nov 2026 12:00:10 GMT', Date.parse('2026-11-25T12:00:00Z'))).toBe(10_000);
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });
});
