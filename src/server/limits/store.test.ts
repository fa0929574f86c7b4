/**
 * The two limit stores answer alike: fixed windows, a refused `take` takes nothing, concurrent hits
 * are never lost, and (the point of the database store) two stores on one database, as two processes
 * would hold, share one budget.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { TestClock } from '../test/app';
import { openTestDatabase } from '../test/db';
import { createDatabaseLimitStore, createMemoryLimitStore, type LimitStore } from './store';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const kinds: [string, (clock: TestClock) => LimitStore][] = [
  ['memory', (clock) => createMemoryLimitStore(clock)],
  ['database', (clock) => createDatabaseLimitStore(database.db, clock, `t-${randomUUID()}:`)],
];

describe.each(kinds)('the %s store', (_kind, open) => {
  it('counts hits in a fixed window and opens a new one when it ends', async () => {
    const clock = new TestClock();
    const store = open(clock);
    expect(await store.hit('k', 60_000)).toMatchObject({ count: 1 });
    expect(await store.hit('k', 60_000)).toMatchObject({ count: 2 });
    const third = await store.hit('k', 60_000);
    expect(third.count).toBe(3);
    expect(third.ttlMs).toBeGreaterThan(58_000);
    expect(third.ttlMs).toBeLessThanOrEqual(60_000);
    clock.advance(60_001);
    expect(await store.hit('k', 60_000)).toMatchObject({ count: 1 });
  });

  it('take: all counters or none; refused with the wait until the spent one resets', async () => {
    const clock = new TestClock();
    const store = open(clock);
    const counters = [
      { key: 'pair', max: 2 },
      { key: 'wide', max: 5 },
    ];
    expect(await store.take(counters, 60_000)).toEqual({ ok: true });
    expect(await store.take(counters, 60_000)).toEqual({ ok: true });
    const refused = await store.take(counters, 60_000);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.retryAfterMs).toBeGreaterThan(50_000);
    // The refusal took nothing from the wide counter: three more fit in it.
    for (let i = 0; i < 3; i++) expect(await store.take([{ key: 'wide', max: 5 }], 60_000)).toEqual({ ok: true });
    expect((await store.take([{ key: 'wide', max: 5 }], 60_000)).ok).toBe(false);
    await store.clear('pair');
    await store.giveBack('wide');
    expect(await store.take(counters, 60_000)).toEqual({ ok: true });
  });

  it('30 takes at once against a limit of 10: exactly 10 pass', async () => {
    const store = open(new TestClock());
    const results = await Promise.all(Array.from({ length: 30 }, () => store.take([{ key: 'race', max: 10 }], 60_000)));
    expect(results.filter((r) => r.ok)).toHaveLength(10);
  });
});

describe('two database stores on one database (two processes)', () => {
  it('share one budget', async () => {
    const namespace = `t-${randomUUID()}:`;
    const a = createDatabaseLimitStore(database.db, new TestClock(), namespace);
    const b = createDatabaseLimitStore(database.db, new TestClock(), namespace);
    const oks: boolean[] = [];
    for (let i = 0; i < 6; i++) oks.push((await (i % 2 ? a : b).take([{ key: 'login', max: 4 }], 60_000)).ok);
    expect(oks).toEqual([true, true, true, true, false, false]);
  });
});
