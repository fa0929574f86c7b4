import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, json, TestClient, type TestContext } from '../test/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

it('limits login attempts per address and account, with an actionable 429', async () => {
  const client = new TestClient(ctx.app);
  const codes: number[] = [];
  for (let i = 0; i < 11; i++) {
    codes.push((await client.post('/api/auth/login', { username: 'victim', password: `guess ${i}` })).statusCode);
  }
  expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
  const last = await client.post('/api/auth/login', { username: 'victim', password: 'guess' });
  expect(last.statusCode).toBe(429);
  expect(json(last).message).toMatch(/Too many attempts/);
});

it('limits password-recovery requests', async () => {
  const client = new TestClient(ctx.app);
  const codes: number[] = [];
  for (let i = 0; i < 6; i++) codes.push((await client.post('/api/auth/forgot-password', { email: `x${i}@example.test` })).statusCode);
  expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
  expect(codes[5]).toBe(429);
});
