/** The back-office's user management (spec §2.7 User Management, §5 Admin edit user). */
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { TAdminUpdateUserRequest, TAdminUser, TAdminUserResponse, TAdminUsersResponse } from '@contract/admin';
import type { z } from 'zod';
import type { ZAdminUpdateUserRequest, ZAdminUsersRequest } from '@contract/admin';
import type { Db } from '../db/client';
import { creditLedger, gradings, sessions, userCards, users } from '../db/schema';
import { hashPassword } from '../auth/password';
import { refused, missing, conflicting } from '../domain-errors';
import { userCardHead } from '../cards/user-card-mapper';
import type { SessionUser } from '../auth/sessions';
import { writeAudit } from './audit';

const adminUserColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  credits: users.credits,
  role: users.role,
};

/** `%`, `_` and `\` typed into the search box are letters, not patterns. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Limits a user's card list in the cards dialog: a collector with 10,000 cards must not stall the page. */
const USER_CARDS_LIMIT = 200;

export function createAdminUserService(db: Db, deps: { changed: (userId: string) => void }) {
  return {
    /**
     * One page, searched in the database: `contains` over username and email (trigram indexes),
     * newest first; one row past the page says whether there is a next one.
     */
    async list(query: z.infer<typeof ZAdminUsersRequest>): Promise<TAdminUsersResponse> {
      const { page, pageSize } = query;
      const search = query.search?.toLowerCase();
      const pattern = search ? `%${likeEscape(search)}%` : undefined;
      const rows = await db
        .select(adminUserColumns)
        .from(users)
        .where(pattern ? or(ilike(sql`lower(${users.username})`, pattern), ilike(sql`lower(${users.email})`, pattern)) : undefined)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(pageSize + 1)
        .offset((page - 1) * pageSize);
      return { items: rows.slice(0, pageSize), page, pageSize, hasMore: rows.length > pageSize };
    },

    async get(id: string): Promise<TAdminUserResponse> {
      const [user] = await db.select(adminUserColumns).from(users).where(eq(users.id, id));
      if (!user) throw missing('No such user.');
      const latest = db
        .select({ psaGrade: gradings.psaGrade, bgsGrade: gradings.bgsGrade, cgcGrade: gradings.cgcGrade })
        .from(gradings)
        .where(and(eq(gradings.userCardId, userCards.id), eq(gradings.status, 'completed')))
        .orderBy(desc(gradings.createdAt))
        .limit(1)
        .as('latest');
      const cards = await db
        .select({
          card: userCards,
          psaGrade: latest.psaGrade,
          bgsGrade: latest.bgsGrade,
          cgcGrade: latest.cgcGrade,
          graded: sql<boolean>`${latest.psaGrade} is not null or ${latest.bgsGrade} is not null`,
        })
        .from(userCards)
        .leftJoinLateral(latest, sql`true`)
        .where(eq(userCards.userId, id))
        .orderBy(desc(userCards.createdAt))
        .limit(USER_CARDS_LIMIT);
      return {
        ...user,
        cards: cards.map(({ card, psaGrade, bgsGrade, cgcGrade, graded }) => ({
          ...userCardHead(card),
          latestGrading: graded || cgcGrade !== null ? { psaGrade, bgsGrade, cgcGrade } : null,
        })),
      };
    },

    /**
     * §5's fields, with the rules the spec leaves open (docs/decisions/007-admin-path.md):
     * only a super_admin grants, removes or edits super_admin; the last super_admin keeps the role;
     * a credit change writes its ledger line with the admin's id; every change writes its audit line.
     */
    async update(actor: SessionUser, id: string, input: z.infer<typeof ZAdminUpdateUserRequest>): Promise<TAdminUser> {
      const updated = await db.transaction(async (tx) => {
        const [before] = await tx.select(adminUserColumns).from(users).where(eq(users.id, id)).for('update');
        if (!before) throw missing('No such user.');
        const touchesSuper = before.role === 'super_admin' || input.role === 'super_admin';
        if (touchesSuper && actor.role !== 'super_admin') throw refused('Only a super admin can change a super admin or grant that role.');
        if (before.role === 'super_admin' && input.role !== 'super_admin') {
          // Every super_admin row locked: two demotions at once cannot both see "one other left".
          const supers = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'super_admin')).for('update');
          if (supers.length <= 1) throw conflicting('The last super admin cannot be demoted.', 'role');
        }
        const [clash] = await tx
          .select({ username: users.username, email: users.email })
          .from(users)
          .where(
            and(
              or(
                eq(sql`lower(${users.username})`, input.username.toLowerCase()),
                eq(sql`lower(${users.email})`, input.email.toLowerCase()),
              ),
              sql`${users.id} <> ${id}`,
            ),
          )
          .limit(1);
        if (clash) {
          if (clash.username.toLowerCase() === input.username.toLowerCase()) throw conflicting('That username is taken.', 'username');
          throw conflicting('That email is already registered.', 'email');
        }
        const [after] = await tx
          .update(users)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(users.id, id))
          .returning(adminUserColumns);
        const delta = input.credits - before.credits;
        if (delta !== 0) await tx.insert(creditLedger).values({ userId: id, delta, reason: 'admin', actorId: actor.id });
        const changedKeys = (Object.keys(input) as (keyof TAdminUpdateUserRequest)[]).filter((k) => before[k] !== after[k]);
        if (changedKeys.length) {
          await writeAudit(tx, {
            actorId: actor.id,
            action: 'user.update',
            targetUserId: id,
            before: Object.fromEntries(changedKeys.map((k) => [k, before[k]])),
            after: Object.fromEntries(changedKeys.map((k) => [k, after[k]])),
          });
        }
        return after;
      });
      deps.changed(id);
      return updated;
    },

    /** Sets the password and ends every session of the user: whoever held the old one is out. */
    async resetPassword(actor: SessionUser, id: string, newPassword: string): Promise<number> {
      const passwordHash = await hashPassword(newPassword);
      const ended = await db.transaction(async (tx) => {
        const [target] = await tx.select({ role: users.role }).from(users).where(eq(users.id, id)).for('update');
        if (!target) throw missing('No such user.');
        if (target.role === 'super_admin' && actor.role !== 'super_admin')
          throw refused("Only a super admin can reset a super admin's password.");
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
        const gone = await tx.delete(sessions).where(eq(sessions.userId, id)).returning({ id: sessions.id });
        await writeAudit(tx, {
          actorId: actor.id,
          action: 'user.reset-password',
          targetUserId: id,
          before: {},
          after: { password: 'changed', sessionsEnded: gone.length },
        });
        return gone.length;
      });
      deps.changed(id);
      return ended;
    },
  };
}
export type AdminUserService = ReturnType<typeof createAdminUserService>;
