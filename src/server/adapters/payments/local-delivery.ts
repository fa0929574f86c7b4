/**
 * How the embedded provider tells the app what happened: its undelivered events, signed at each
 * attempt and posted to the webhook endpoint (app.ts wires `deliver`), oldest first, retried on the
 * next tick when the app does not answer 2xx.
 */
import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { localProviderEvents } from '../../db/schema';
import { seconds } from './local-books';
import { signPayload } from './normalise';

export interface LocalDeliveryOptions {
  db: Db;
  webhookSecret: string;
  deliver?: (payload: string, signature: string) => Promise<number>;
  log?: { warn(obj: object, msg: string): void };
}

export function createLocalDelivery(opts: LocalDeliveryOptions) {
  const { db } = opts;
  let deliver = opts.deliver;
  let delivering: Promise<number> | null = null;
  /** Set when events may have been written after the running loop read its list: it reads again. */
  let more = false;
  /**
   * Posts every undelivered event, oldest first; one loop at a time per process. A call while a loop
   * runs joins it, and the loop reads the list once more before it ends, so an event written just
   * after the loop's read is not left for the next tick. Failed ones are retried on the next tick.
   */
  function deliverPending(): Promise<number> {
    more = true;
    delivering ??= (async () => {
      let sent = 0;
      try {
        // Bounded: a failing event is retried by the next tick, not spun on here.
        for (let round = 0; more && round < 5; round++) {
          more = false;
          const pending = await db
            .select()
            .from(localProviderEvents)
            .where(isNull(localProviderEvents.deliveredAt))
            .orderBy(asc(localProviderEvents.createdAt), asc(localProviderEvents.id))
            .limit(500);
          for (const event of pending) {
            if (!deliver) break;
            // Signed at delivery time, as Stripe signs each attempt: a retried event is never stale.
            const status = await deliver(event.payload, signPayload(event.payload, opts.webhookSecret, seconds(new Date())));
            if (status >= 200 && status < 300) {
              await db
                .update(localProviderEvents)
                .set({ deliveredAt: new Date(), attempts: sql`${localProviderEvents.attempts} + 1` })
                .where(eq(localProviderEvents.id, event.id));
              sent += 1;
            } else {
              await db
                .update(localProviderEvents)
                .set({ attempts: sql`${localProviderEvents.attempts} + 1` })
                .where(eq(localProviderEvents.id, event.id));
              // Like Stripe, one failing event does not hold the others back (the handler does not rely on order).
              opts.log?.warn({ eventId: event.id, status }, 'local payment provider: webhook delivery failed, will retry');
            }
          }
        }
      } finally {
        delivering = null;
      }
      return sent;
    })();
    return delivering;
  }
  const deliverSoon = () =>
    void deliverPending().catch((err: unknown) => opts.log?.warn({ err }, 'local payment provider: delivery error'));

  return {
    deliverPending,
    deliverSoon,
    setDeliver: (fn: (payload: string, signature: string) => Promise<number>) => {
      deliver = fn;
    },
  };
}
