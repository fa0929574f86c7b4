import type { Clock } from '../deps';
import { DomainError, tooMany } from '../domain-errors';
import { createMemoryLimitStore, type LimitStore } from '../limits/store';

/**
 * Sign-in limits (decision 002). Each counter is a fixed 15-minute window:
 * - per address + account: 10 (a person mistyping, or one attacker at one account);
 * - per account, from every address: 30 (many addresses at one account: credential stuffing with a
 *   botnet). An attacker can keep an account blocked only while attacking, 30 guesses per window, and
 *   the block lifts at the end of the window;
 * - per address, over every account: 100 (one address spraying many accounts).
 *
 * The counters live in a LimitStore (limits/store.ts): this process's memory on the embedded
 * database, the shared `rate_limits` table with DATABASE_URL, so N web processes share one budget
 * (issue 23.12) instead of multiplying it by N.
 *
 * The account is the login as typed, trimmed and lower-cased, whether or not it exists, so unknown
 * and known accounts are limited alike and the answers tell nothing (no user enumeration).
 *
 * An attempt is taken BEFORE the password is checked, in one atomic step (memory: no await between
 * the test and the increment; database: one statement), so concurrent guesses cannot slip past a
 * limit. A successful sign-in gives the account its attempt back and clears the address + account
 * counter, so a mistyped password no longer counts once the right one went through; the address
 * keeps its count (see `succeeded`).
 */
export const LOGIN_LIMITS = { perAddressAndAccount: 10, perAccount: 30, perAddress: 100, windowMs: 15 * 60_000 };

export function tooManyAttempts(retryAfterMs: number): DomainError {
  return tooMany(
    `Too many attempts. Please wait ${Math.max(1, Math.ceil(retryAfterMs / 60_000))} minute(s) and try again.`,
    Math.max(1, Math.ceil(retryAfterMs / 1000)),
  );
}

export function createLoginThrottle(clock: Clock, limits = LOGIN_LIMITS, store: LimitStore = createMemoryLimitStore(clock)) {
  const keysOf = (address: string, login: string) => {
    const account = login.trim().toLowerCase();
    return [
      { key: `login:a+l:${address}\n${account}`, max: limits.perAddressAndAccount },
      { key: `login:l:${account}`, max: limits.perAccount },
      { key: `login:a:${address}`, max: limits.perAddress },
    ];
  };

  return {
    /** Takes one attempt, or throws 429 (and takes nothing) when any of the limits is spent. */
    async take(address: string, login: string): Promise<void> {
      const result = await store.take(keysOf(address, login), limits.windowMs);
      if (!result.ok) throw tooManyAttempts(result.retryAfterMs);
    },

    /**
     * The password was right: this address's misses at the account are forgotten and the account's
     * attempt given back. The address's own count is NOT given back: otherwise an attacker who signs
     * in to an account of their own after every miss would keep it flat and never meet the limit.
     */
    async succeeded(address: string, login: string): Promise<void> {
      const [addressAndAccount, account] = keysOf(address, login);
      await store.clear(addressAndAccount.key);
      await store.giveBack(account.key);
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
