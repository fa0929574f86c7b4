/** The back-office's user rules (docs/decisions/007-admin-path.md): edit, ledger, audit, reset, search. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ZAdminUserResponse, ZAdminUsersResponse } from '@contract/admin';
import { createTestApp, signedInClient, TestClient, type TestContext } from '../test/app';
import { buildUser, buildUserCard, buildGrading } from '../test/factories';
import { adminAudit, creditLedger, sessions, users } from '../db/schema';

let ctx: TestContext;
let prefix: string;
let admin: Awaited<ReturnType<typeof signedInClient>>;
let superAdmin: Awaited<ReturnType<typeof signedInClient>>;

beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT: 'false' });
  admin = await signedInClient(ctx, { role: 'admin' });
  superAdmin = await signedInClient(ctx, { role: 'super_admin' });
  prefix = (await admin.client.get('/api/admin/path')).json<{ prefix: string }>().prefix;
}, 60_000);
afterAll(async () => ctx?.close());

const editBody = (u: {
  username: string;
  email: string;
  credits: number;
  role: string;
  firstName?: string | null;
  lastName?: string | null;
}) => ({
  username: u.username,
  email: u.email,
  firstName: u.firstName ?? null,
  lastName: u.lastName ?? null,
  credits: u.credits,
  role: u.role,
});

describe('admin users', () => {
  it('searches username and email in the database, pages with hasMore, and treats % literally', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    for (let i = 0; i < 3; i++) await buildUser(ctx.database.db, { username: `${tag}_${i}`, email: `${tag}${i}@example.test` });
    await buildUser(ctx.database.db, { email: `other_${tag}@mail.test` });
    const page1 = ZAdminUsersResponse.parse((await admin.client.get(`${prefix}/users?search=${tag}&pageSize=2`)).json());
    expect(page1.items).toHaveLength(2);
    expect(page1.hasMore).toBe(true);
    const page2 = ZAdminUsersResponse.parse(
      (await admin.client.get(`${prefix}/users?search=${tag.toUpperCase()}&pageSize=2&page=2`)).json(),
    );
    expect(page2.items).toHaveLength(2);
    expect(page2.hasMore).toBe(false);
    const all = new Set([...page1.items, ...page2.items].map((u) => u.email));
    expect(all.size).toBe(4);
    const none = ZAdminUsersResponse.parse((await admin.client.get(`${prefix}/users?search=${encodeURIComponent('%')}`)).json());
    expect(none.items).toHaveLength(0);
  });

  it('shows one user with their cards and latest grades', async () => {
    const owner = await buildUser(ctx.database.db);
    const card = await buildUserCard(ctx.database.db, owner.id);
    await buildGrading(ctx.database.db, card, { psaGrade: 8 });
    const res = await admin.client.get(`${prefix}/users/${owner.id}`);
    const body = ZAdminUserResponse.parse(res.json());
    expect(body.cards).toHaveLength(1);
    expect(body.cards[0].latestGrading?.psaGrade).toBe(8);
    expect(body.cards[0].frontImageUrl).toMatch(/^\/api\/user-cards\//);
  });

  it('edits a user: credit change writes a ledger line with the admin id, and one audit line before → after', async () => {
    const target = await buildUser(ctx.database.db, { credits: 5 });
    const res = await admin.client.put(`${prefix}/users/${target.id}`, editBody({ ...target, credits: 12, firstName: 'Ash' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'User updated successfully', user: { credits: 12, firstName: 'Ash' } });
    const lines = await ctx.database.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, target.id), eq(creditLedger.reason, 'admin')));
    expect(lines.map((l) => [l.delta, l.actorId])).toContainEqual([7, admin.user.id]);
    const audit = await ctx.database.db.select().from(adminAudit).where(eq(adminAudit.targetUserId, target.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.user.id,
      action: 'user.update',
      before: { credits: 5, firstName: null },
      after: { credits: 12, firstName: 'Ash' },
    });
    // Saving again unchanged writes neither a line nor an audit entry.
    await admin.client.put(`${prefix}/users/${target.id}`, editBody({ ...target, credits: 12, firstName: 'Ash' }));
    expect(await ctx.database.db.select().from(adminAudit).where(eq(adminAudit.targetUserId, target.id))).toHaveLength(1);
  });

  it('validates §5: username ≥ 3, valid email, credits ≥ 0, known role', async () => {
    const target = await buildUser(ctx.database.db);
    const cases: [Record<string, unknown>, string][] = [
      [{ username: 'ab' }, 'Username must be at least 3 characters'],
      [{ email: 'not-an-email' }, 'Invalid email address'],
      [{ credits: -1 }, 'Credits must be non-negative'],
    ];
    for (const [change, message] of cases) {
      const res = await admin.client.put(`${prefix}/users/${target.id}`, { ...editBody({ ...target }), ...change });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(message);
    }
    expect((await admin.client.put(`${prefix}/users/${target.id}`, { ...editBody({ ...target }), role: 'owner' })).statusCode).toBe(400);
  });

  it('holds a rename to the registration rule: no full-width or zero-width look-alikes (issue 23.9)', async () => {
    const target = await buildUser(ctx.database.db);
    for (const username of ['\uff41dmin', 'admin\u200b', 'ad\u200dmin', 'аdmin' /* Cyrillic а */, ' admin x', 'ad/min']) {
      const res = await admin.client.put(`${prefix}/users/${target.id}`, editBody({ ...target, username }));
      expect(res.statusCode, JSON.stringify(username)).toBe(400);
      expect(res.json()).toMatchObject({ field: 'username' });
      // Registration answers the same name the same way.
      const reg = await new TestClient(ctx.app).post('/api/auth/register', {
        username,
        email: `${Math.random().toString(36).slice(2)}@example.test`,
        password: 'long enough password',
      });
      expect(reg.statusCode, JSON.stringify(username)).toBe(400);
    }
    const [row] = await ctx.database.db.select({ username: users.username }).from(users).where(eq(users.id, target.id));
    expect(row.username).toBe(target.username);
  });

  it('refuses a username or email another account has (case-insensitive)', async () => {
    const a = await buildUser(ctx.database.db);
    const b = await buildUser(ctx.database.db);
    const res = await admin.client.put(`${prefix}/users/${b.id}`, editBody({ ...b, username: a.username.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ field: 'username' });
  });

  it('lets only a super_admin grant, remove or edit super_admin', async () => {
    const target = await buildUser(ctx.database.db);
    const grant = await admin.client.put(`${prefix}/users/${target.id}`, editBody({ ...target, role: 'super_admin' }));
    expect(grant.statusCode).toBe(403);
    const other = await buildUser(ctx.database.db, { role: 'super_admin' });
    expect((await admin.client.put(`${prefix}/users/${other.id}`, editBody({ ...other, credits: 3 }))).statusCode).toBe(403);
    expect((await admin.client.post(`${prefix}/users/${other.id}/reset-password`, { newPassword: 'secret123' })).statusCode).toBe(403);
    // An admin may still grant admin.
    expect((await admin.client.put(`${prefix}/users/${target.id}`, editBody({ ...target, role: 'admin' }))).statusCode).toBe(200);
    const byS = await superAdmin.client.put(`${prefix}/users/${target.id}`, editBody({ ...target, role: 'super_admin' }));
    expect(byS.statusCode).toBe(200);
    expect((await superAdmin.client.put(`${prefix}/users/${target.id}`, editBody({ ...target, role: 'user' }))).statusCode).toBe(200);
    expect((await admin.client.get(`${prefix}/users/${other.id}`)).statusCode).toBe(200);
  });

  it('never demotes the last super_admin', async () => {
    // Leave exactly one super_admin: this test's own.
    const supers = await ctx.database.db.select().from(users).where(eq(users.role, 'super_admin'));
    for (const s of supers.filter((s) => s.id !== superAdmin.user.id))
      await ctx.database.db.update(users).set({ role: 'user' }).where(eq(users.id, s.id));
    const me = superAdmin.user;
    const res = await superAdmin.client.put(`${prefix}/users/${me.id}`, editBody({ ...me, role: 'admin' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'The last super admin cannot be demoted.', field: 'role' });
    const [still] = await ctx.database.db.select({ role: users.role }).from(users).where(eq(users.id, me.id));
    expect(still.role).toBe('super_admin');
  });

  it('resets a password: only newPassword, ≥ 6, ends every session of the user, audited', async () => {
    const victim = await signedInClient(ctx);
    expect((await victim.client.get('/api/auth/user')).statusCode).toBe(200);
    const short = await admin.client.post(`${prefix}/users/${victim.user.id}/reset-password`, { newPassword: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('Password must be at least 6 characters');
    const res = await admin.client.post(`${prefix}/users/${victim.user.id}/reset-password`, { newPassword: 'new-secret' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password reset successfully', sessionsEnded: 1 });
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, victim.user.id))).toHaveLength(0);
    expect((await victim.client.get('/api/auth/user')).statusCode).toBe(401);
    const login = await new TestClient(ctx.app).post('/api/auth/login', { username: victim.user.username, password: 'new-secret' });
    expect(login.statusCode).toBe(200);
    const [audit] = await ctx.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.targetUserId, victim.user.id), eq(adminAudit.action, 'user.reset-password')));
    expect(audit).toMatchObject({ actorId: admin.user.id, after: { password: 'changed', sessionsEnded: 1 } });
    expect(JSON.stringify(audit)).not.toContain('new-secret');
  });

  it('answers 404 for an unknown user', async () => {
    expect((await admin.client.get(`${prefix}/users/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
  });
});
