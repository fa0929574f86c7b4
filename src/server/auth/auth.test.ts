import { STARTER_FREE_CREDITS } from '@contract/plans';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FORGOT_PASSWORD_ANSWER } from '@contract/auth';
import { CSRF_HEADER, SESSION_COOKIE } from '@contract/common';
import { sessions, users } from '../db/schema';
import { createTestApp, json, signedInClient, TestClient, type TestContext } from '../test/app';
import { buildUser, TEST_PASSWORD } from '../test/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => ctx.close());

const unique = () => Math.random().toString(36).slice(2, 10);

describe('register', () => {
  it('creates the account, signs it in with a HttpOnly SameSite=Lax cookie', async () => {
    const client = new TestClient(ctx.app);
    const name = `reg_${unique()}`;
    const res = await client.post('/api/auth/register', {
      username: name,
      email: `${name}@Example.TEST`,
      password: 'long enough pw',
      firstName: 'Ada',
    });
    expect(res.statusCode).toBe(201);
    expect(json(res)).toMatchObject({
      username: name,
      email: `${name}@example.test`,
      role: 'user',
      accountType: 'starter',
      credits: STARTER_FREE_CREDITS,
    });
    const cookie = String(res.headers['set-cookie'])
      .split(/,(?=\s*\w+=)/)
      .find((c) => c.includes(`${SESSION_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // plain HTTP here; Secure is set behind HTTPS
    const me = await client.get('/api/auth/user');
    expect(json(me).username).toBe(name);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.username, name));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('answers 400 with the failing field and a readable message', async () => {
    const res = await new TestClient(ctx.app).post('/api/auth/register', { username: 'ab', email: 'x@y.z', password: 'longenough' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ field: 'username', message: 'Username must be at least 3 characters' });
    const pw = await new TestClient(ctx.app).post('/api/auth/register', { username: `u_${unique()}`, email: 'x@y.zz', password: 'short' });
    expect(json(pw)).toMatchObject({ field: 'password', message: 'Password must be at least 8 characters long.' });
  });

  it('refuses a taken username or email with 409, case-insensitively', async () => {
    const existing = await buildUser(ctx.database.db);
    const byName = await new TestClient(ctx.app).post('/api/auth/register', {
      username: existing.username.toUpperCase(),
      email: `${unique()}@example.test`,
      password: 'long enough pw',
    });
    expect(byName.statusCode).toBe(409);
    expect(json(byName).field).toBe('username');
    const byEmail = await new TestClient(ctx.app).post('/api/auth/register', {
      username: `n_${unique()}`,
      email: existing.email.toUpperCase(),
      password: 'long enough pw',
    });
    expect(byEmail.statusCode).toBe(409);
    expect(json(byEmail).field).toBe('email');
  });
});

describe('login and sessions', () => {
  it('signs in by username or email and rotates the session id', async () => {
    const user = await buildUser(ctx.database.db);
    const client = new TestClient(ctx.app);
    const first = await client.post('/api/auth/login', { username: user.username, password: TEST_PASSWORD });
    expect(first.statusCode).toBe(200);
    const firstToken = client.cookies[SESSION_COOKIE];
    const second = await client.post('/api/auth/login', { username: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(second.statusCode).toBe(200);
    expect(client.cookies[SESSION_COOKIE]).not.toBe(firstToken);
    // The old id is dead: a thief who planted or saw it gets nothing.
    const stale = new TestClient(ctx.app);
    stale.cookies[SESSION_COOKIE] = firstToken!;
    expect((await stale.get('/api/auth/user')).statusCode).toBe(401);
    expect((await client.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('gives the same answer for a wrong password and an unknown user', async () => {
    const user = await buildUser(ctx.database.db);
    const wrong = await new TestClient(ctx.app).post('/api/auth/login', { username: user.username, password: 'nope nope' });
    const unknown = await new TestClient(ctx.app).post('/api/auth/login', { username: `ghost_${unique()}`, password: 'nope nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(json(wrong)).toEqual(json(unknown));
  });

  it('answers 401 on the current user when signed out, and logout ends the session', async () => {
    expect((await new TestClient(ctx.app).get('/api/auth/user')).statusCode).toBe(401);
    const { client, user } = await signedInClient(ctx);
    expect((await client.post('/api/auth/logout')).statusCode).toBe(200);
    expect((await client.get('/api/auth/user')).statusCode).toBe(401);
    const left = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toHaveLength(0);
  });

  it('POST /api/logout (admin shell) also signs out; GET /api/login redirects to /login', async () => {
    const { client } = await signedInClient(ctx);
    expect((await client.post('/api/logout')).statusCode).toBe(200);
    expect((await client.get('/api/auth/user')).statusCode).toBe(401);
    const res = await client.get('/api/login');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login');
    // A 401 mid-edit sends the page to come back to; only a same-site path is passed on.
    const back = await client.get('/api/login?next=%2Faccount%2Fcollection%2Fcard-profile%2Fc1%3Fx%3D1');
    expect(back.headers.location).toBe('/login?next=%2Faccount%2Fcollection%2Fcard-profile%2Fc1%3Fx%3D1');
    for (const bad of ['%2F%2Fevil.example', 'https%3A%2F%2Fevil.example', '%2F%5Cevil'])
      expect((await client.get(`/api/login?next=${bad}`)).headers.location).toBe('/login');
  });

  it('expires sessions after their lifetime', async () => {
    const { client } = await signedInClient(ctx);
    ctx.clock.advance((ctx.config.sessionDays + 1) * 86_400_000);
    try {
      expect((await client.get('/api/auth/user')).statusCode).toBe(401);
    } finally {
      ctx.clock.advance(-(ctx.config.sessionDays + 1) * 86_400_000);
    }
  });

  it('lists sessions and signs out the others', async () => {
    const { client, user } = await signedInClient(ctx);
    const other = new TestClient(ctx.app);
    await other.post('/api/auth/login', { username: user.username, password: TEST_PASSWORD });
    const list = json<Array<{ current: boolean }>>(await client.get('/api/auth/sessions'));
    expect(list).toHaveLength(2);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const res = await client.post('/api/auth/sessions/revoke-others');
    expect(json(res).revoked).toBe(1);
    expect((await other.get('/api/auth/user')).statusCode).toBe(401);
    expect((await client.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('changes the password only with the current one', async () => {
    const { client, user } = await signedInClient(ctx);
    const bad = await client.post('/api/auth/change-password', {
      currentPassword: 'wrong one',
      newPassword: 'brand new pw',
      confirmPassword: 'brand new pw',
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).field).toBe('currentPassword');
    const mismatch = await client.post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'brand new pw',
      confirmPassword: 'other',
    });
    expect(json(mismatch)).toMatchObject({ field: 'confirmPassword', message: "Passwords don't match" });
    const ok = await client.post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'brand new pw',
      confirmPassword: 'brand new pw',
    });
    expect(ok.statusCode).toBe(200);
    const login = await new TestClient(ctx.app).post('/api/auth/login', { username: user.username, password: 'brand new pw' });
    expect(login.statusCode).toBe(200);
  });

  it('updates the names freely; the sign-in email only with the current password, and tells the old address', async () => {
    const { client, user } = await signedInClient(ctx);
    const names = await client.put('/api/auth/profile', { firstName: 'Grace', lastName: 'Hopper', email: user.email });
    expect(json(names)).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', email: user.email });

    const email = `new_${unique()}@example.test`;
    const sentBefore = ctx.mail.sent.length;
    for (const [body, message] of [
      [{ firstName: 'Grace', lastName: 'Hopper', email }, 'Enter your current password to change your sign-in email.'],
      [{ firstName: 'Grace', lastName: 'Hopper', email, currentPassword: 'not my password' }, 'Your current password is not correct.'],
    ] as const) {
      const refused = await client.put('/api/auth/profile', body);
      expect(refused.statusCode).toBe(400);
      expect(json(refused)).toMatchObject({ field: 'currentPassword', message });
    }
    const [unchanged] = await ctx.database.db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
    expect(unchanged.email).toBe(user.email);
    expect(ctx.mail.sent.length).toBe(sentBefore);

    const res = await client.put('/api/auth/profile', { firstName: 'Grace', lastName: 'Hopper', email, currentPassword: TEST_PASSWORD });
    expect(json(res)).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', email });
    const notice = ctx.mail.sent.at(-1)!;
    expect(notice).toMatchObject({ to: user.email, subject: 'Your GradeVault sign-in email was changed' });
    expect(notice.text).toContain(`to ${email}`);
    // No PUBLIC_URL in this app: the mail names the page and links nowhere (never the request's Host).
    expect(notice.text).not.toMatch(/https?:\/\//);
  });

  it("builds mail links from PUBLIC_URL, whatever the request's Host header says", async () => {
    const site = await createTestApp({ RATE_LIMIT: 'false', PUBLIC_URL: 'https://grades.example' });
    try {
      const { client, user } = await signedInClient(site);
      const email = `moved_${unique()}@example.test`;
      const res = await client.request(
        'PUT',
        '/api/auth/profile',
        { firstName: null, lastName: null, email, currentPassword: TEST_PASSWORD },
        { host: 'evil.example', origin: 'https://grades.example' },
      );
      expect(res.statusCode, res.body).toBe(200);
      const notice = site.mail.sent.at(-1)!;
      expect(notice.to).toBe(user.email);
      expect(notice.text).toContain('https://grades.example/auth/forgot-password');
      expect(notice.text).not.toContain('evil.example');
    } finally {
      await site.close();
    }
  });
});

describe('CSRF', () => {
  it('refuses a cookie-authenticated write without the token header', async () => {
    const { client } = await signedInClient(ctx);
    const res = await client.request('POST', '/api/auth/logout', undefined, { [CSRF_HEADER]: '' });
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toMatch(/security token/);
    const forged = await client.request('POST', '/api/auth/logout', undefined, { [CSRF_HEADER]: 'forged-value' });
    expect(forged.statusCode).toBe(403);
    expect((await client.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('hands out the token cookie on the first response', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.cookies.find((c) => c.name === 'csrf_token')?.value).toMatch(/^[\w-]{20,}$/);
  });
});

describe('password recovery', () => {
  const codeFrom = (text: string) => /\b(\d{6})\b/.exec(text)![1];
  const lastMailTo = async (email: string) => {
    for (let i = 0; i < 50; i++) {
      const m = [...ctx.mail.sent].reverse().find((x) => x.to === email);
      if (m) return m;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no mail to ${email}`);
  };

  it('answers the same for known and unknown emails', async () => {
    const user = await buildUser(ctx.database.db);
    const known = await new TestClient(ctx.app).post('/api/auth/forgot-password', { email: user.email });
    const unknown = await new TestClient(ctx.app).post('/api/auth/forgot-password', { email: `nobody_${unique()}@example.test` });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(json(known)).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    expect(json(unknown)).toEqual(json(known));
    expect((await lastMailTo(user.email)).text).toMatch(/\b\d{6}\b/);
  });

  it('resets with the mailed code once, ends every session, and stores no plain code', async () => {
    const { client, user } = await signedInClient(ctx);
    await new TestClient(ctx.app).post('/api/auth/forgot-password', { email: user.email });
    const code = codeFrom((await lastMailTo(user.email)).text);
    const body = { email: user.email, resetCode: code, newPassword: 'a fresh password', confirmPassword: 'a fresh password' };
    const res = await new TestClient(ctx.app).post('/api/auth/reset-password', body);
    expect(res.statusCode).toBe(200);
    expect((await client.get('/api/auth/user')).statusCode).toBe(401);
    const again = await new TestClient(ctx.app).post('/api/auth/reset-password', body);
    expect(again.statusCode).toBe(400);
    expect(json(again).field).toBe('resetCode');
    const login = await new TestClient(ctx.app).post('/api/auth/login', { username: user.username, password: 'a fresh password' });
    expect(login.statusCode).toBe(200);
  });

  it('expires codes after 10 minutes', async () => {
    const user = await buildUser(ctx.database.db);
    await new TestClient(ctx.app).post('/api/auth/forgot-password', { email: user.email });
    const code = codeFrom((await lastMailTo(user.email)).text);
    ctx.clock.advance(10 * 60_000 + 1000);
    try {
      const res = await new TestClient(ctx.app).post('/api/auth/reset-password', {
        email: user.email,
        resetCode: code,
        newPassword: 'a fresh password',
        confirmPassword: 'a fresh password',
      });
      expect(res.statusCode).toBe(400);
    } finally {
      ctx.clock.advance(-(10 * 60_000 + 1000));
    }
  });

  it('voids the code after 5 wrong tries, even for the right code afterwards', async () => {
    const user = await buildUser(ctx.database.db);
    await new TestClient(ctx.app).post('/api/auth/forgot-password', { email: user.email });
    const code = codeFrom((await lastMailTo(user.email)).text);
    const wrong = code === '000000' ? '111111' : '000000';
    const attempt = (resetCode: string) =>
      new TestClient(ctx.app).post('/api/auth/reset-password', {
        email: user.email,
        resetCode,
        newPassword: 'a fresh password',
        confirmPassword: 'a fresh password',
      });
    for (let i = 0; i < 5; i++) expect((await attempt(wrong)).statusCode).toBe(400);
    expect((await attempt(code)).statusCode).toBe(400);
  });

  it('validates the reset payload with the spec messages', async () => {
    const res = await new TestClient(ctx.app).post('/api/auth/reset-password', {
      email: 'a@b.cd',
      resetCode: '123456',
      newPassword: 'longenough',
      confirmPassword: 'different!',
    });
    expect(json(res)).toMatchObject({ field: 'confirmPassword', message: "Passwords don't match" });
    const code = await new TestClient(ctx.app).post('/api/auth/reset-password', {
      email: 'a@b.cd',
      resetCode: '12ab',
      newPassword: 'longenough',
      confirmPassword: 'longenough',
    });
    expect(json(code).field).toBe('resetCode');
  });
});
