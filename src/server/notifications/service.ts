import { and, desc, eq } from 'drizzle-orm';
import type { TUserMessage } from '@contract/notifications';
import type { DbOrTx } from '../db/client';
import { userMessages } from '../db/schema';

const LIST_LIMIT = 50;

export function createNotificationService(db: DbOrTx) {
  return {
    async listForUser(userId: string): Promise<TUserMessage[]> {
      const rows = await db
        .select()
        .from(userMessages)
        .where(eq(userMessages.userId, userId))
        .orderBy(desc(userMessages.createdAt))
        .limit(LIST_LIMIT);
      return rows.map((m) => ({
        id: m.id,
        title: m.title,
        message: m.message,
        isRead: m.isRead,
        createdAt: m.createdAt.toISOString(),
        relatedCardId: m.relatedCardId,
      }));
    },

    /** Marks one of the user's own messages read; false when it is not theirs or does not exist. */
    async markRead(userId: string, messageId: string): Promise<boolean> {
      const updated = await db
        .update(userMessages)
        .set({ isRead: true })
        .where(and(eq(userMessages.id, messageId), eq(userMessages.userId, userId)))
        .returning({ id: userMessages.id });
      return updated.length > 0;
    },

    async notify(userId: string, msg: { title: string; message: string; relatedCardId?: string | null }) {
      await db.insert(userMessages).values({ userId, ...msg, relatedCardId: msg.relatedCardId ?? null });
    },
  };
}
export type NotificationService = ReturnType<typeof createNotificationService>;
