import type { Clock } from '../deps';
import { HttpError } from '../http/errors';

/**
 * Sign-in limits (decision 002), per process, in memory. Each counter is a fixed 15-minute window:
 * - per address + account: 10 (a person mistyping, or one attacker at one account);
 * - per account, from every address: 30 (many addresses at one account: credential stuffing with a
 *   botnet). An attacker can keep an account blocked only while attacking, 30 guesses per window, and
 *   the block lifts at the end of the window;
 * - per address, over every account: 100 (one address spraying many accounts).
 *
 * The account is the login as typed, trimmed and lower-cased, whether or not it exists, so unknown
 * and known accounts are limited alike and the answers tell nothing (no user enumeration).
 *
 * An attempt is taken BEFORE the password is checked, in one synchronous step (no await between the
 * test and the increment), so concurrent guesses cannot slip past a limit. A successful sign-in gives
 * the account its attempt back and clears the address + account counter, so a mistyped password no
 * longer counts once the right one went through; the address keeps its count (see `succeeded`).
 */
export const LOGIN_LIMITS = { perAddressAndAccount: 10, perAccount: 30, perAddress: 100, windowMs: 15 * 60_000 };

type Window = { count: number; resetAt: number };

export function tooManyAttempts(retryAfterMs: number): HttpError {
  const error = new HttpError(
    429,
    `Too many attempts. Please wait ${Math.max(1, Math.ceil(retryAfterMs / 60_000))} minute(s) and try again.`,
  );
  error.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return error;
}

export function createLoginThrottle(clock: Clock, limits = LOGIN_LIMITS) {
  const windows = new Map<string, Window>();
  let sweptAt = 0;

  function live(key: string, now: number): Window | undefined {
    const w = windows.get(key);
    if (w && w.resetAt <= now) {
      windows.delete(key);
      return undefined;
    }
    return w;
  }

  function sweep(now: number) {
    if (now - sweptAt < limits.windowMs) return;
    sweptAt = now;
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
  }

  const keysOf = (address: string, login: string) => {
    const account = login.trim().toLowerCase();
    return [
      { key: `a+l:${address}\n${account}`, max: limits.perAddressAndAccount },
      { key: `l:${account}`, max: limits.perAccount },
      { key: `a:${address}`, max: limits.perAddress },
    ];
  };

  return {
    /** Takes one attempt, or throws 429 (and takes nothing) when any of the limits is spent. */
    take(address: string, login: string): void {
      const now = clock.now().getTime();
      sweep(now);
      const keys = keysOf(address, login);
      for (const { key, max } of keys) {
        const w = live(key, now);
        if (w && w.count >= max) throw tooManyAttempts(w.resetAt - now);
      }
      for (const { key } of keys) {
        const w = live(key, now);
        if (w) w.count++;
        else windows.set(key, { count: 1, resetAt: now + limits.windowMs });
      }
    },

    /**
     * The password was right: this address's misses at the account are forgotten and the account's
     * attempt given back. The address's own count is NOT given back: otherwise an attacker who signs
     * in to an account of their own after every miss would keep it flat and never meet the limit.
     */
    succeeded(address: string, login: string): void {
      const [addressAndAccount, account] = keysOf(address, login);
      windows.delete(addressAndAccount.key);
      const w = windows.get(account.key);
      if (w && w.count > 0) w.count--;
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
