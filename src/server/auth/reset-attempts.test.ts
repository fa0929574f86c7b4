/**
 * A reset code allows five tries, also when the tries arrive at once: the count is taken in one
 * statement that refuses past the limit, before any code is compared. Reading the count and writing
 * it back +1 let 30 simultaneous wrong codes have 12–13 of them checked against the real one.
 *
 * "Checked" is counted where it happens: every comparison computes HMAC(secret, "<userId>:<code>"),
 * so node:crypto's createHmac is wrapped to count the updates that name this user.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { users } from '../db/schema';
import { createTestApp, TestClient, type TestContext } from '../test/app';
import { buildUser } from '../test/factories';
import { RESET_CODE_MAX_ATTEMPTS } from './password-reset';

const hmacInputs = vi.hoisted(() => [] as string[]);
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:crypto')>();
  const createHmac = ((...args: Parameters<typeof real.createHmac>) => {
    const hmac = real.createHmac(...args);
    const update = hmac.update.bind(hmac) as (data: unknown, encoding?: unknown) => typeof hmac;
    hmac.update = (data: unknown, encoding?: unknown) => {
      if (typeof data === 'string') hmacInputs.push(data);
      return update(data, encoding);
    };
    return hmac;
  }) as typeof real.createHmac;
  return { ...real, default: { ...real, createHmac }, createHmac };
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => ctx.close());

async function issueCode(email: string): Promise<string> {
  await new TestClient(ctx.app).post('/api/auth/forgot-password', { email });
  await vi.waitFor(() => expect(ctx.mail.sent.some((m) => m.to === email)).toBe(true));
  return /code is (\d{6})/.exec(ctx.mail.sent.find((m) => m.to === email)!.text)![1];
}

it('30 simultaneous wrong codes get at most five checked, and the right code is refused afterwards', async () => {
  const user = await buildUser(ctx.database.db);
  const code = await issueCode(user.email);
  const checks = () => hmacInputs.filter((s) => s.startsWith(`${user.id}:`)).length;
  const before = checks();

  const wrong = Array.from({ length: 30 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
  const answers = await Promise.all(
    wrong.map((resetCode) =>
      new TestClient(ctx.app).post('/api/auth/reset-password', {
        email: user.email,
        resetCode,
        newPassword: 'taken over!',
        confirmPassword: 'taken over!',
      }),
    ),
  );
  expect(answers.map((a) => a.statusCode)).toEqual(wrong.map(() => 400));
  expect(checks() - before).toBe(RESET_CODE_MAX_ATTEMPTS);

  const right = await new TestClient(ctx.app).post('/api/auth/reset-password', {
    email: user.email,
    resetCode: code,
    newPassword: 'taken over!',
    confirmPassword: 'taken over!',
  });
  expect(right.statusCode).toBe(400);
  expect(checks() - before).toBe(RESET_CODE_MAX_ATTEMPTS);
  const [row] = await ctx.database.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
  expect(row.passwordHash).toBe(user.passwordHash);
});

it('a right code within the five tries still works, once', async () => {
  const user = await buildUser(ctx.database.db);
  const code = await issueCode(user.email);
  const reset = (resetCode: string) =>
    new TestClient(ctx.app).post('/api/auth/reset-password', {
      email: user.email,
      resetCode,
      newPassword: 'a new password',
      confirmPassword: 'a new password',
    });
  const wrongCode = code === '000000' ? '000001' : '000000';
  for (let i = 0; i < RESET_CODE_MAX_ATTEMPTS - 1; i++) expect((await reset(wrongCode)).statusCode).toBe(400);
  expect((await reset(code)).statusCode).toBe(200);
  expect((await reset(code)).statusCode).toBe(400);
});
