/** Which subscription states give Pro, and for how long a failed renewal keeps it (the grace period). */
export const LIVE_STATUSES = ['active', 'trialing', 'past_due'] as const;
const DAY = 86_400_000;

export interface EntitlementInput {
  status: string;
  currentPeriodStart: Date | null;
  updatedAt?: Date;
}

/** End of the grace a past_due subscription gets, counted from the failed renewal (the period's start). */
export function graceEndsAt(sub: EntitlementInput, graceDays: number): Date | null {
  if (sub.status !== 'past_due') return null;
  const from = sub.currentPeriodStart ?? sub.updatedAt ?? new Date(0);
  return new Date(from.getTime() + graceDays * DAY);
}

/**
 * active or trialing → Pro (cancelAtPeriodEnd keeps it: the provider moves the status at the period
 * end); past_due → Pro until the grace ends; canceled, unpaid, incomplete and the rest → starter.
 */
export function givesPro(sub: EntitlementInput, now: Date, graceDays: number): boolean {
  if (sub.status === 'active' || sub.status === 'trialing') return true;
  const grace = graceEndsAt(sub, graceDays);
  return grace !== null && now < grace;
}
