/**
 * The embedded provider's books: its Stripe-shaped objects (checkout sessions, customers,
 * subscriptions) in local_provider_objects, and the events it writes for delivery.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { localProviderEvents, localProviderObjects } from '../../db/schema';

export type Obj = Record<string, unknown>;
export type ObjectKind = 'checkout_session' | 'subscription' | 'customer';

export const newId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;
export const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export type LocalBooks = ReturnType<typeof createLocalBooks>;

/** `now` is the provider's clock (the app's, plus however far a test moved it). */
export function createLocalBooks(db: Db, now: () => Date) {
  async function load(id: string, kind: ObjectKind, tx: Pick<Db, 'select'> = db): Promise<Obj | null> {
    const [row] = await tx
      .select()
      .from(localProviderObjects)
      .where(and(eq(localProviderObjects.id, id), eq(localProviderObjects.kind, kind)))
      .limit(1);
    return row?.data ?? null;
  }
  async function save(tx: Pick<Db, 'insert'>, kind: ObjectKind, data: Obj) {
    await tx
      .insert(localProviderObjects)
      .values({ id: String(data.id), kind, data })
      .onConflictDoUpdate({ target: localProviderObjects.id, set: { data } });
  }
  async function emit(tx: Pick<Db, 'insert'>, type: string, object: Obj) {
    const id = newId('evt');
    const payload = JSON.stringify({
      id,
      object: 'event',
      type,
      created: seconds(now()),
      livemode: false,
      api_version: 'local',
      data: { object },
    });
    await tx.insert(localProviderEvents).values({ id, payload });
  }
  async function withCustomer(sub: Obj, tx: Pick<Db, 'select'> = db): Promise<Obj> {
    const customer = await load(String(sub.customer), 'customer', tx);
    return { ...sub, customer: customer ?? sub.customer };
  }

  async function ensureCustomer(tx: Pick<Db, 'insert' | 'select'>, email: string, existing?: string | null): Promise<string> {
    if (existing && (await load(existing, 'customer', tx))) return existing;
    const customer = { id: newId('cus'), object: 'customer', email, created: seconds(now()), card: { last4: '4242', declines: false } };
    await save(tx, 'customer', customer);
    return customer.id;
  }

  return { load, save, emit, withCustomer, ensureCustomer };
}
