import { STARTER_FREE_CREDITS } from '@contract/plans';
import { eq, sql } from 'drizzle-orm';
import { CURRENT_PASSWORD_FOR_EMAIL_MESSAGE, type TRegisterRequest, type TUpdateProfileRequest } from '@contract/auth';
import { conflicting, invalid, missing } from '../domain-errors';
import type { Db } from '../db/client';
import { creditLedger, users } from '../db/schema';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password';
import type { SessionUser } from './sessions';

const byLogin = (login: string) =>
  login.includes('@') ? sql`lower(${users.email}) = lower(${login})` : sql`lower(${users.username}) = lower(${login})`;

/** Postgres unique violations name the index; turn them into the field the user must change. */
function uniqueViolation(err: unknown): 'username' | 'email' | null {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e.code ?? e.cause?.code;
  const constraint = e.constraint ?? e.cause?.constraint ?? '';
  if (code !== '23505') return null;
  return constraint.includes('email') ? 'email' : 'username';
}

export function createAuthService(db: Db) {
  return {
    async register(input: TRegisterRequest) {
      const passwordHash = await hashPassword(input.password);
      try {
        // The welcome credits and their ledger line are one fact: both or neither.
        return await db.transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({
              username: input.username,
              email: input.email,
              passwordHash,
              firstName: input.firstName ?? null,
              lastName: input.lastName ?? null,
              credits: STARTER_FREE_CREDITS,
            })
            .returning();
          await tx.insert(creditLedger).values({ userId: user.id, delta: STARTER_FREE_CREDITS, reason: 'signup' });
          return user;
        });
      } catch (err) {
        const field = uniqueViolation(err);
        if (field === 'username') throw conflicting('That username is taken. Try another one.', 'username');
        if (field === 'email') throw conflicting('An account with this email already exists. Sign in or reset your password.', 'email');
        throw err;
      }
    },

    /** Returns the user for a good username-or-email and password, else null (same time either way). */
    async verifyLogin(login: string, password: string): Promise<SessionUser | null> {
      const [user] = await db.select().from(users).where(byLogin(login.trim())).limit(1);
      if (!user) {
        await burnPasswordCheck(password);
        return null;
      }
      return (await verifyPassword(user.passwordHash, password)) ? user : null;
    },

    async changePassword(userId: string, currentPassword: string, newPassword: string) {
      const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) {
        throw invalid('Your current password is not correct.', 'currentPassword');
      }
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(newPassword), updatedAt: new Date() })
        .where(eq(users.id, userId));
    },

    /**
     * Names change freely; the sign-in email only with the current password (issue 23.10): it is
     * where reset codes go, so whoever changes it owns the account. The old address is told (by the
     * route, once the change is written). Answers the user and the address it had before.
     */
    async updateProfile(userId: string, input: TUpdateProfileRequest) {
      const [current] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!current) throw missing('No such user.');
      const emailChanged = current.email.toLowerCase() !== input.email.toLowerCase();
      if (emailChanged) {
        if (!input.currentPassword) throw invalid(CURRENT_PASSWORD_FOR_EMAIL_MESSAGE, 'currentPassword');
        if (!(await verifyPassword(current.passwordHash, input.currentPassword)))
          throw invalid('Your current password is not correct.', 'currentPassword');
      }
      try {
        const [user] = await db
          .update(users)
          .set({
            firstName: input.firstName || null,
            lastName: input.lastName || null,
            email: input.email,
            updatedAt: new Date(),
          })
          .where(eq(users.id, userId))
          .returning();
        return { user, previousEmail: emailChanged ? current.email : null };
      } catch (err) {
        if (uniqueViolation(err) === 'email') throw conflicting('Another account already uses this email.', 'email');
        throw err;
      }
    },

    findByEmail: async (email: string) =>
      (
        await db
          .select()
          .from(users)
          .where(sql`lower(${users.email}) = lower(${email})`)
          .limit(1)
      )[0],
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
