import type { DbOrTx } from '../db/client';
import { adminAudit } from '../db/schema';

export type AuditAction = 'user.update' | 'user.reset-password';

/**
 * One line of the admin audit (who, what, when, before → after). Always called with the transaction
 * of the change it records, so the two commit or roll back together.
 */
export async function writeAudit(
  tx: DbOrTx,
  entry: { actorId: string; action: AuditAction; targetUserId: string; before: Record<string, unknown>; after: Record<string, unknown> },
) {
  await tx.insert(adminAudit).values(entry);
}
