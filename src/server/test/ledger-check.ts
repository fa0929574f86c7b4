import type { Db } from '../db/client';
import { usersOffLedger } from '../db/credit-ledger';

/** Fails when any user's credit balance differs from the sum of their credit-ledger lines. */
export async function assertBalancesMatchLedger(db: Db): Promise<void> {
  const off = await usersOffLedger(db);
  if (off.length === 0) return;
  const list = off
    .slice(0, 10)
    .map((u) => `${u.username}: balance ${u.credits}, ledger ${u.ledger}`)
    .join('; ');
  throw new Error(`Credit balances differ from the credit ledger for ${off.length} user(s): ${list}`);
}
