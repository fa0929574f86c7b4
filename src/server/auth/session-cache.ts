import type { LoadedSession } from './sessions';

/**
 * A short-lived, per-process memory of recently loaded sessions. Without it every API request costs a
 * database round trip (on embedded PGlite ~1–2 ms of blocked event loop, which caps the whole server
 * near 500 req/s). Entries live `ttlMs` (1 s by default): changes made by another process show up
 * within that second, and changes made here are evicted at once (logout, reset, profile, credits).
 * Concurrent misses for one token share a single query.
 */
export class SessionCache {
  private readonly entries = new Map<string, { session: LoadedSession | null; at: number; expiresAt: number }>();
  private readonly inflight = new Map<string, Promise<LoadedSession | null>>();

  constructor(
    private readonly ttlMs = 1000,
    private readonly maxEntries = 10_000,
  ) {}

  async get(
    id: string,
    nowMs: number,
    load: () => Promise<{ session: LoadedSession; expiresAt: Date } | null>,
  ): Promise<LoadedSession | null> {
    const hit = this.entries.get(id);
    if (hit && nowMs - hit.at < this.ttlMs && nowMs < hit.expiresAt) return hit.session;
    let pending = this.inflight.get(id);
    if (!pending) {
      pending = load()
        .then((r) => {
          if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
          this.entries.set(id, { session: r?.session ?? null, at: nowMs, expiresAt: r ? r.expiresAt.getTime() : Infinity });
          return r?.session ?? null;
        })
        .finally(() => this.inflight.delete(id));
      this.inflight.set(id, pending);
    }
    return pending;
  }

  forget(id: string): void {
    this.entries.delete(id);
  }

  forgetUser(userId: string): void {
    for (const [id, e] of this.entries) if (e.session?.user.id === userId) this.entries.delete(id);
  }
}
