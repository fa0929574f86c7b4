/**
 * Sign-in limits (decision 002): per address + account, per account across addresses, and the
 * address itself taken from X-Forwarded-For only as far as TRUST_PROXY says.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '@contract/common';
import { loadConfig } from '../config';
import { sessions } from '../db/schema';
import { createTestApp, TestClock, type TestContext } from '../test/app';
import { buildUser, TEST_PASSWORD } from '../test/factories';
import { LOGIN_LIMITS, createLoginThrottle } from './login-throttle';

function login(app: FastifyInstance, username: string, password: string, from: { address?: string; forwardedFor?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress: from.address ?? '127.0.0.1',
    cookies: { [CSRF_COOKIE]: 't' },
    headers: { [CSRF_HEADER]: 't', ...(from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {}) },
  });
}

async function lastSessionIp(ctx: TestContext, userId: string) {
  const [row] = await ctx.database.db
    .select({ ip: sessions.ip })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt))
    .limit(1);
  return row?.ip;
}

describe('per address + account and per account', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it("10 wrong passwords for account A do not stop account B's correct sign-in from the same address", async () => {
    const [a, b] = [await buildUser(ctx.database.db), await buildUser(ctx.database.db)];
    const address = '198.51.100.10';
    const codes = [];
    for (let i = 0; i < LOGIN_LIMITS.perAddressAndAccount; i++)
      codes.push((await login(ctx.app, a.username, `wrong ${i}`, { address })).statusCode);
    expect(codes).toEqual(codes.map(() => 401));
    expect((await login(ctx.app, b.username, TEST_PASSWORD, { address })).statusCode).toBe(200);
    const eleventh = await login(ctx.app, a.username, TEST_PASSWORD, { address });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toMatch(/Too many attempts\. Please wait \d+ minute\(s\)/);
    // Machines read the same wait from Retry-After (seconds, within the 15-minute window).
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(eleventh.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // A's owner elsewhere is not locked out by one address's misses.
    expect((await login(ctx.app, a.username, TEST_PASSWORD, { address: '198.51.100.11' })).statusCode).toBe(200);
    // The account key ignores case: shouting the username is the same account.
    expect((await login(ctx.app, a.username.toUpperCase(), 'wrong', { address })).statusCode).toBe(429);
  });

  it('many addresses against one account hit the per-account limit, for a while', async () => {
    const victim = await buildUser(ctx.database.db);
    const codes = [];
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++)
      codes.push((await login(ctx.app, victim.username, `stuffed ${i}`, { address: `203.0.113.${i + 1}` })).statusCode);
    expect(codes).toEqual(codes.map(() => 401));
    const fresh = await login(ctx.app, victim.username, TEST_PASSWORD, { address: '192.0.2.200' });
    expect(fresh.statusCode).toBe(429);
    // The block lifts when the window ends: an attacker cannot lock the owner out for good.
    ctx.clock.advance(LOGIN_LIMITS.windowMs + 1000);
    expect((await login(ctx.app, victim.username, TEST_PASSWORD, { address: '192.0.2.200' })).statusCode).toBe(200);
  });

  it('answers an unknown account exactly like a known one, limit included (no enumeration)', async () => {
    const known = await buildUser(ctx.database.db);
    const answers = async (username: string, address: string) => {
      const out: Array<[number, string]> = [];
      for (let i = 0; i < LOGIN_LIMITS.perAddressAndAccount + 1; i++) {
        const res = await login(ctx.app, username, `wrong ${i}`, { address });
        out.push([res.statusCode, res.json().message as string]);
      }
      return out;
    };
    const forKnown = await answers(known.username, '198.51.100.20');
    const forUnknown = await answers(`ghost_${known.username}`, '198.51.100.21');
    expect(forUnknown).toEqual(forKnown);
    expect(forKnown.at(-1)![0]).toBe(429);
  });

  it('a correct sign-in gives its attempt back: the owner typing well does not use up the budget', async () => {
    const user = await buildUser(ctx.database.db);
    for (let i = 0; i < LOGIN_LIMITS.perAddressAndAccount * 2; i++) {
      expect((await login(ctx.app, user.username, TEST_PASSWORD, { address: '198.51.100.30' })).statusCode).toBe(200);
    }
  });
});

describe('the per-address limit', () => {
  it('counts a correct sign-in: misses spread over many accounts cannot be hidden behind sign-ins to your own', async () => {
    const throttle = createLoginThrottle(new TestClock(), { perAddressAndAccount: 3, perAccount: 10, perAddress: 6, windowMs: 60_000 });
    const address = '203.0.113.77';
    for (let i = 0; i < 3; i++) {
      await throttle.take(address, `victim-${i}`); // a miss
      await throttle.take(address, 'attacker');
      await throttle.succeeded(address, 'attacker');
    }
    await expect(throttle.take(address, 'victim-9')).rejects.toThrow(/Too many/);
    // The account's own budget is given back: its owner signing in elsewhere is not held up.
    await expect(throttle.take('198.51.100.1', 'attacker')).resolves.toBeUndefined();
  });
});

describe('TRUST_PROXY', () => {
  it('reads false, true (one hop), a hop count or a list of proxy addresses, and refuses anything else', () => {
    const trust = (v: string) => loadConfig({ TRUST_PROXY: v }).trustProxy;
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8, 127.0.0.1,loopback, ::1')).toEqual(['10.0.0.0/8', '127.0.0.1', 'loopback', '::1']);
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const bad of ['sometimes', '10.0.0.0/33', '300.1.1.1', '127.0.0.1,evil.example']) expect(() => trust(bad)).toThrow(/TRUST_PROXY/);
  });

  describe('true: one proxy in front', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestApp({ TRUST_PROXY: 'true' });
    });
    afterAll(() => ctx.close());

    it('14 sign-ins with 14 forged X-Forwarded-For addresses hit the limit: the address is the one the proxy appended', async () => {
      const user = await buildUser(ctx.database.db);
      const codes = [];
      for (let i = 0; i < 14; i++) {
        // The client forges the first entry; the proxy (127.0.0.1) appends the address it really saw.
        codes.push((await login(ctx.app, user.username, `guess ${i}`, { forwardedFor: `10.9.8.${i}, 203.0.113.77` })).statusCode);
      }
      expect(codes.slice(0, 10)).toEqual(codes.slice(0, 10).map(() => 401));
      expect(codes.slice(10)).toEqual([429, 429, 429, 429]);
      const other = await buildUser(ctx.database.db);
      expect((await login(ctx.app, other.username, TEST_PASSWORD, { forwardedFor: '10.9.8.1, 203.0.113.78' })).statusCode).toBe(200);
      expect(await lastSessionIp(ctx, other.id)).toBe('203.0.113.78');
    });
  });

  describe('a list of proxy addresses', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
    });
    afterAll(() => ctx.close());

    it('believes X-Forwarded-For only from a listed proxy, and skips every listed hop', async () => {
      const user = await buildUser(ctx.database.db);
      expect((await login(ctx.app, user.username, TEST_PASSWORD, { address: '127.0.0.1', forwardedFor: '203.0.113.5' })).statusCode).toBe(
        200,
      );
      expect(await lastSessionIp(ctx, user.id)).toBe('127.0.0.1');
      expect(
        (await login(ctx.app, user.username, TEST_PASSWORD, { address: '10.0.0.2', forwardedFor: '6.6.6.6, 203.0.113.6, 10.0.0.9' }))
          .statusCode,
      ).toBe(200);
      expect(await lastSessionIp(ctx, user.id)).toBe('203.0.113.6');
    });
  });
});
