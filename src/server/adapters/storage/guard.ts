/**
 * What the rest of the service sees of the image store: any failure of the store itself (S3 down, a
 * timeout, a full disk) becomes one StorageUnavailableError, which the error handler answers with 503
 * and a sentence instead of a 500; and a health check with a short timeout whose answer is kept a few
 * seconds, so GET /api/health can be polled without hammering the store.
 */
import { DomainError } from '../../domain-errors';
import { SAFE_KEY, type ImageStore } from './port';

export const STORAGE_UNAVAILABLE_MESSAGE = 'Photo storage is unavailable right now. Please try again in a few minutes.';

/** `reason` is the store's own error: the log gets it, the user gets the sentence. */
export class StorageUnavailableError extends DomainError {
  constructor(readonly reason: unknown) {
    super('unavailable', STORAGE_UNAVAILABLE_MESSAGE);
  }
}

export interface StoreHealth {
  status: 'ok' | 'unavailable';
  /** Why not, for operators (the error's name and message). */
  detail?: string;
}

export interface GuardedImageStore extends ImageStore {
  /** The store's state, checked at most every `healthTtlMs`. */
  health(): Promise<StoreHealth>;
}

export function guardImageStore(
  store: ImageStore,
  opts: { checkTimeoutMs?: number; healthTtlMs?: number; now?: () => number } = {},
): GuardedImageStore {
  const timeoutMs = opts.checkTimeoutMs ?? 2000;
  const ttlMs = opts.healthTtlMs ?? 5000;
  const now = opts.now ?? Date.now;
  let cached: { at: number; health: Promise<StoreHealth> } | null = null;

  const guarded =
    <A extends unknown[], R>(op: (...args: A) => Promise<R>, key: (...args: A) => string) =>
    async (...args: A): Promise<R> => {
      // A key we did not make is our bug, not an outage: let it surface as such.
      if (!SAFE_KEY.test(key(...args))) return op(...args);
      try {
        return await op(...args);
      } catch (err) {
        throw new StorageUnavailableError(err);
      }
    };

  async function check(): Promise<StoreHealth> {
    try {
      await store.check(AbortSignal.timeout(timeoutMs));
      return { status: 'ok' };
    } catch (err) {
      const e = err as Error;
      return { status: 'unavailable', detail: `${e.name}: ${e.message}`.slice(0, 200) };
    }
  }

  return {
    kind: store.kind,
    put: guarded(
      (key: string, data: Buffer, type: string) => store.put(key, data, type),
      (key) => key,
    ),
    get: guarded(
      (key: string) => store.get(key),
      (key) => key,
    ),
    delete: guarded(
      (key: string) => store.delete(key),
      (key) => key,
    ),
    check: (signal) => store.check(signal),
    health() {
      if (!cached || now() - cached.at >= ttlMs) cached = { at: now(), health: check() };
      return cached.health;
    },
  };
}
