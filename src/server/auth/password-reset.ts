import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { passwordResetCodes, sessions, users } from '../db/schema';
import type { Clock } from '../deps';
import type { MailPort } from '../adapters/mail/port';
import { invalid } from '../domain-errors';
import { hashPassword } from './password';
import type { SessionStore } from './sessions';

export const RESET_CODE_TTL_MS = 10 * 60 * 1000;
export const RESET_CODE_MAX_ATTEMPTS = 5;
const INVALID_CODE = 'That reset code is not valid or has expired. Request a new code and try again.';

export function createPasswordReset(deps: { db: Db; mail: MailPort; clock: Clock; secret: string; sessions: SessionStore }) {
  const { db, mail, clock, secret, sessions: sessionStore } = deps;
  const keyedHash = (userId: string, code: string) => createHmac('sha256', secret).update(`${userId}:${code}`).digest('base64url');

  return {
    /**
     * Issues a fresh code for a known email and mails it. Unknown emails do nothing; the route answers
     * the same way for both and runs this after replying, so timing tells nothing either.
     */
    async requestCode(email: string): Promise<void> {
      const [user] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      if (!user) return;
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const now = clock.now();
      await db.transaction(async (tx) => {
        // One live code at a time: a new request voids the older ones.
        await tx
          .update(passwordResetCodes)
          .set({ usedAt: now })
          .where(and(eq(passwordResetCodes.userId, user.id), isNull(passwordResetCodes.usedAt)));
        await tx.insert(passwordResetCodes).values({
          userId: user.id,
          codeHash: keyedHash(user.id, code),
          expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MS),
          createdAt: now,
        });
      });
      await mail.send({
        to: user.email,
        subject: 'Your GradeVault password reset code',
        text: [
          `Hello ${user.firstName ?? user.username},`,
          '',
          `Your password reset code is ${code}. It expires in 10 minutes and works once.`,
          '',
          "If you didn't ask to reset your password, you can ignore this email; your password stays the same.",
        ].join('\n'),
      });
    },

    /** Checks the code (single use, 10 minutes, 5 tries), sets the password and ends every session. */
    async reset(email: string, code: string, newPassword: string): Promise<void> {
      const now = clock.now();
      const [user] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      if (!user) throw invalid(INVALID_CODE, 'resetCode');
      const liveCode = and(
        eq(passwordResetCodes.userId, user.id),
        isNull(passwordResetCodes.usedAt),
        gt(passwordResetCodes.expiresAt, now),
      );
      const newest = db
        .select({ id: passwordResetCodes.id })
        .from(passwordResetCodes)
        .where(liveCode)
        .orderBy(desc(passwordResetCodes.createdAt))
        .limit(1);
      // One statement counts the try and refuses past the limit: reading the count and writing it back
      // +1 let 30 simultaneous guesses have 12–13 checked. PostgreSQL re-checks `attempts < 5` on the
      // row it waited for, so at most five of any number of concurrent tries get a code checked.
      const [live] = await db
        .update(passwordResetCodes)
        .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
        .where(and(inArray(passwordResetCodes.id, newest), liveCode, lt(passwordResetCodes.attempts, RESET_CODE_MAX_ATTEMPTS)))
        .returning({ id: passwordResetCodes.id, codeHash: passwordResetCodes.codeHash });
      if (!live) throw invalid(INVALID_CODE, 'resetCode');

      const expected = Buffer.from(live.codeHash);
      const given = Buffer.from(keyedHash(user.id, code));
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid(INVALID_CODE, 'resetCode');

      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        // Mark used only if still unused: two concurrent resets with the same code, one wins.
        const claimed = await tx
          .update(passwordResetCodes)
          .set({ usedAt: now })
          .where(and(eq(passwordResetCodes.id, live.id), isNull(passwordResetCodes.usedAt)))
          .returning({ id: passwordResetCodes.id });
        if (claimed.length === 0) throw invalid(INVALID_CODE, 'resetCode');
        await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
        await tx.delete(sessions).where(eq(sessions.userId, user.id));
      });
      sessionStore.forgetUser(user.id);
    },
  };
}
