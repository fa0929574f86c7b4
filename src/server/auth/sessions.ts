import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { sessions, users } from '../db/schema';
import type { Clock } from '../deps';
import { SessionCache } from './session-cache';

/**
 * The user columns a request carries: what access checks and the current-user answer need, never the
 * password hash or other secrets (a session lives in the cache and may reach a log).
 */
const SESSION_USER_COLUMNS = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  accountType: users.accountType,
  credits: users.credits,
  createdAt: users.createdAt,
};
export type SessionUser = { [K in keyof typeof SESSION_USER_COLUMNS]: (typeof users.$inferSelect)[K] };
export interface LoadedSession {
  id: string;
  user: SessionUser;
  lastSeenAt: Date;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Writing last-seen on every request would turn each read into a write; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60_000;

export function createSessionStore(db: DbOrTx, clock: Clock, sessionDays: number, cache = new SessionCache()) {
  const lifetimeMs = sessionDays * 24 * 60 * 60 * 1000;

  async function loadFromDb(id: string, now: Date) {
    const rows = await db
      .select({ id: sessions.id, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt, user: SESSION_USER_COLUMNS })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)))
      .limit(1);
    const row = rows[0];
    if (!row) return null;
    let expiresAt = row.expiresAt;
    if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      // Sliding expiry: an active user stays signed in.
      expiresAt = new Date(now.getTime() + lifetimeMs);
      await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
    }
    return { session: { id: row.id, lastSeenAt: row.lastSeenAt, user: row.user }, expiresAt };
  }

  return {
    async create(userId: string, meta: { userAgent?: string; ip?: string }): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      await db.insert(sessions).values({
        id: hashToken(token),
        userId,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + lifetimeMs),
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
        ip: meta.ip ?? null,
      });
      return token;
    },

    load(token: string): Promise<LoadedSession | null> {
      const id = hashToken(token);
      const now = clock.now();
      return cache.get(id, now.getTime(), () => loadFromDb(id, now));
    },

    /** Call after changing a user row or ending their sessions outside this store. */
    forgetUser(userId: string): void {
      cache.forgetUser(userId);
    },

    async revoke(sessionId: string): Promise<void> {
      cache.forget(sessionId);
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    async revokeAllForUser(userId: string, exceptSessionId?: string): Promise<number> {
      const where = exceptSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.userId, userId);
      const deleted = await db.delete(sessions).where(where).returning({ id: sessions.id });
      cache.forgetUser(userId);
      return deleted.length;
    },

    async listForUser(userId: string) {
      return db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, clock.now())))
        .orderBy(sessions.lastSeenAt);
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
