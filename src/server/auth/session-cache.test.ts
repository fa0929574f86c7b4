import { expect, it } from 'vitest';
import { SessionCache } from './session-cache';
import type { LoadedSession } from './sessions';

const session = (userId: string) => ({ id: 's', lastSeenAt: new Date(), user: { id: userId } }) as unknown as LoadedSession;
const far = new Date(Date.now() + 3_600_000);

it('shares one query among concurrent misses and serves hits for the TTL only', async () => {
  const cache = new SessionCache(1000);
  let loads = 0;
  const load = async () => (loads++, { session: session('u1'), expiresAt: far });
  const results = await Promise.all(Array.from({ length: 50 }, () => cache.get('a', 0, load)));
  expect(loads).toBe(1);
  expect(results.every((r) => r?.user.id === 'u1')).toBe(true);
  await cache.get('a', 999, load);
  expect(loads).toBe(1);
  await cache.get('a', 1000, load);
  expect(loads).toBe(2);
});

it('forgets by session and by user, and never serves a session past its expiry', async () => {
  const cache = new SessionCache(60_000);
  let loads = 0;
  const load = async () => (loads++, { session: session('u1'), expiresAt: new Date(5000) });
  await cache.get('a', 0, load);
  cache.forget('a');
  await cache.get('a', 1, load);
  expect(loads).toBe(2);
  cache.forgetUser('u1');
  await cache.get('a', 2, load);
  expect(loads).toBe(3);
  await cache.get('a', 5000, load);
  expect(loads).toBe(4);
});

it('remembers a miss briefly too (an unknown token is not a query per request)', async () => {
  const cache = new SessionCache(1000);
  let loads = 0;
  const load = async () => (loads++, null);
  expect(await cache.get('x', 0, load)).toBeNull();
  expect(await cache.get('x', 10, load)).toBeNull();
  expect(loads).toBe(1);
});
