/**
 * A table used as a job queue: each row is a job, and a runner holds one by a claim (a fresh claim id)
 * with a lease (an expiry its heartbeat pushes forward). The table's own columns say what a job is
 * (pending, running…); these helpers only know three of them: `id`, `claim_id` and `lease_expires_at`.
 *
 * Why the row is the queue, not pg-boss or another broker: the embedded PGlite default has one process
 * and no broker, and PostgreSQL deployments should not need a second queue with its own schema. Both
 * databases run FOR NO KEY UPDATE SKIP LOCKED, so several processes never take the same job, and the job's
 * state (progress, cursor, result) is the row itself.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, notInArray, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';

/** A queue table: any table with these three columns. */
export type LeasedTable = PgTable & { id: PgColumn; claimId: PgColumn; leaseExpiresAt: PgColumn };

/** What a claimed row carries: its id and the claim that fences its writes. */
export interface Claimed {
  id: string;
  claimId: string | null;
}

/** Thrown (and rolling back the transaction it is thrown in) by a write whose claim is gone. */
export class LostClaim extends Error {
  constructor(message = 'the job was taken over by another runner') {
    super(message);
  }
}

/** A fresh claim: its id, and the lease it starts with. */
export function newClaim(now: Date, leaseMs: number) {
  return { claimId: randomUUID(), leaseExpiresAt: new Date(now.getTime() + leaseMs) };
}

/** Rows whose lease has run out (or never had one: a row left by a runner that handed it back). */
export const leaseLapsed = (table: LeasedTable, now: Date) => or(isNull(table.leaseExpiresAt), lt(table.leaseExpiresAt, now));

/**
 * The fence: the job's row while this claim still holds it (`active` narrows it further, e.g. the status
 * that says the job runs). Every write of a job goes through it, so a runner that stalled past its lease
 * and lost the job to another writes nothing.
 */
export const heldBy = (table: LeasedTable, job: Claimed, active?: SQL) =>
  and(eq(table.id, job.id), eq(table.claimId, job.claimId!), active);

/**
 * Claims the first row matching `where` (in `orderBy` order) that no other transaction holds: one
 * UPDATE over a FOR NO KEY UPDATE SKIP LOCKED sub-select, so two runners racing never get the same row.
 * `set` adds columns of the job's own (its status, its start time). Rows in `except` are never taken
 * (the jobs this runner holds itself: re-claiming would fence its own writes out).
 */
export async function claimNext<Row>(
  db: DbOrTx,
  table: LeasedTable,
  opts: { where: SQL | undefined; orderBy: PgColumn; now: Date; leaseMs: number; set?: Record<string, unknown>; except?: string[] },
): Promise<Row | null> {
  const next = db
    .select({ id: table.id })
    .from(table)
    .where(and(opts.where, opts.except?.length ? notInArray(table.id, opts.except) : undefined))
    .orderBy(opts.orderBy)
    .limit(1)
    // NO KEY UPDATE, not UPDATE: a claim changes no key, and an insert of a row referencing the job (a
    // sync event's foreign key) holds a KEY SHARE lock on it, which FOR UPDATE would take for another
    // runner's claim and skip the job.
    .for('no key update', { skipLocked: true });
  const [row] = await db
    .update(table)
    .set({ ...opts.set, ...newClaim(opts.now, opts.leaseMs) })
    .where(eq(table.id, next))
    .returning();
  return (row as Row | undefined) ?? null;
}

/** Pushes the lease of a held job forward; the row as it is now, or null when the claim is gone. */
export async function renewLease<Row>(db: DbOrTx, table: LeasedTable, job: Claimed, until: Date, active?: SQL): Promise<Row | null> {
  const [row] = await db
    .update(table)
    .set({ leaseExpiresAt: until })
    .where(heldBy(table, job, active))
    .returning();
  return (row as Row | undefined) ?? null;
}
