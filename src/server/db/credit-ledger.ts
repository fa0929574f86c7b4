/**
 * The credit ledger's one invariant: a user's balance (`users.credits`) is the sum of their ledger lines.
 * Pro accounts grade without spending (no line, no change), so their balance stays what the lines say
 * (0 for an account that was always pro, the leftover starter credits for one that upgraded).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

const ledgerSum = sql`coalesce((select sum(l.delta) from credit_ledger l where l.user_id = u.id), 0)::int`;

/** Users whose balance differs from their ledger (none, when every change wrote its line). */
export async function usersOffLedger(db: DbOrTx, where: SQL = sql`true`) {
  type Row = { id: string; username: string; credits: number; ledger: number };
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- execute() is typed per driver: the rows are named here
  const result = (await db.execute(
    sql`select u.id, u.username, u.credits, ${ledgerSum} as ledger from users u where u.credits <> ${ledgerSum} and ${where}`,
  )) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * Writes the missing line for the users `where` selects, as one statement: the difference between the
 * balance and the ledger, with `reason`. Used for accounts whose credits were set without a line
 * (demo accounts made before the seed wrote one).
 */
export async function writeMissingLedgerLines(db: DbOrTx, reason: 'signup' | 'admin', where: SQL) {
  await db.execute(
    sql`insert into credit_ledger (user_id, delta, reason)
        select u.id, u.credits - ${ledgerSum}, ${reason} from users u where u.credits <> ${ledgerSum} and ${where}`,
  );
}
