/**
 * The embedded payment provider: it plays Stripe's part offline. It keeps its own books (checkout
 * sessions, customers, subscriptions as Stripe-shaped JSON in local_provider_* tables), serves a
 * hosted checkout page through the app (TEST MODE), and tells the app what happened only through
 * SIGNED events posted to the same webhook endpoint Stripe uses — so the app's verification and
 * handling code is exercised exactly as in production. Subscriptions renew, fail and end on its own
 * clock, which tests (and the e2e server, behind a flag) can move forward.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { DECLINED_MESSAGE, LOCAL_CARD_DECLINED, LOCAL_CARD_OK, type TLocalSessionResponse } from '@contract/payments';
import type { Db } from '../../db/client';
import { localProviderEvents, localProviderObjects } from '../../db/schema';
import type { Clock } from '../../deps';
import { invalid, paymentRequired, missing, conflicting } from '../../domain-errors';
import { normaliseCheckout, normaliseSubscription, signPayload, verifyStripeSignature } from './normalise';
import type { CheckoutRequest, PaymentProvider, ProviderSubscription } from './port';

type Obj = Record<string, unknown>;
const DAY = 86_400_000;
/** Like Stripe's default smart retries: a failed renewal is retried every 3 days, 3 times, then the subscription is canceled. */
export const LOCAL_RETRY_DAYS = 3;
export const LOCAL_MAX_RETRIES = 3;
const CHECKOUT_LIFETIME_MS = DAY;
const PAGE_SIZE = 100;

export interface LocalProviderOptions {
  db: Db;
  clock: Clock;
  webhookSecret: string;
  /** Posts one signed event to the webhook endpoint; answers the HTTP status. Wired by app.ts. */
  deliver?: (payload: string, signature: string) => Promise<number>;
  log?: { warn(obj: object, msg: string): void };
}

const newId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const addMonth = (s: number) => {
  const d = new Date(s * 1000);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return seconds(d);
};
const digits = (card: string) => card.replace(/[\s-]/g, '');

export type LocalProvider = ReturnType<typeof createLocalProvider>;

export function createLocalProvider(opts: LocalProviderOptions) {
  const { db } = opts;
  let offsetMs = 0;
  /** The provider's clock: the app's clock plus however far a test moved it. */
  const now = () => new Date(opts.clock.now().getTime() + offsetMs);
  let deliver = opts.deliver;

  async function load(
    id: string,
    kind: 'checkout_session' | 'subscription' | 'customer',
    tx: Pick<Db, 'select'> = db,
  ): Promise<Obj | null> {
    const [row] = await tx
      .select()
      .from(localProviderObjects)
      .where(and(eq(localProviderObjects.id, id), eq(localProviderObjects.kind, kind)))
      .limit(1);
    return row?.data ?? null;
  }
  async function save(tx: Pick<Db, 'insert'>, kind: 'checkout_session' | 'subscription' | 'customer', data: Obj) {
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

  async function ensureCustomer(tx: Pick<Db, 'insert' | 'select'>, email: string, existing?: string | null): Promise<string> {
    if (existing && (await load(existing, 'customer', tx))) return existing;
    const customer = { id: newId('cus'), object: 'customer', email, created: seconds(now()), card: { last4: '4242', declines: false } };
    await save(tx, 'customer', customer);
    return customer.id;
  }

  async function renewDue(): Promise<boolean> {
    const base = seconds(now());
    const subs = await db.select().from(localProviderObjects).where(eq(localProviderObjects.kind, 'subscription'));
    let changed = false;
    for (const row of subs) {
      const sub = row.data;
      const item = ((sub.items as Obj).data as Obj[])[0];
      const status = String(sub.status);
      if (!['active', 'trialing', 'past_due'].includes(status)) continue;
      // A customer may carry its own test clock (as Stripe's test clocks attach to customers).
      const owner = (await load(String(sub.customer), 'customer')) ?? {};
      const t = base + Math.floor(Number(owner.test_clock_ms ?? 0) / 1000);
      const periodEnd = Number(item.current_period_end);
      const retryAt = Number(sub.local_next_retry ?? 0);
      const due = status === 'past_due' ? retryAt <= t : periodEnd <= t;
      if (!due) continue;
      changed = true;
      await db.transaction(async (tx) => {
        // Another worker process (PostgreSQL) may have renewed it since the read above: take the row
        // and go on only if it is still what was judged due, so a period never moves twice.
        const [locked] = await tx
          .select()
          .from(localProviderObjects)
          .where(and(eq(localProviderObjects.id, row.id), eq(localProviderObjects.kind, 'subscription')))
          .for('update');
        if (!locked || JSON.stringify(locked.data) !== JSON.stringify(row.data)) return;
        const customer = (await load(String(sub.customer), 'customer', tx)) ?? {};
        const declines = Boolean((customer.card as Obj | undefined)?.declines);
        const invoice = {
          id: newId('in'),
          object: 'invoice',
          customer: sub.customer,
          amount_due: Number((item.price as Obj).unit_amount),
          currency: (item.price as Obj).currency,
          parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
        };
        if (status !== 'past_due' && sub.cancel_at_period_end) {
          Object.assign(sub, { status: 'canceled', canceled_at: t, ended_at: periodEnd });
          await save(tx, 'subscription', sub);
          await emit(tx, 'customer.subscription.deleted', await withCustomer(sub, tx));
          return;
        }
        if (status !== 'past_due') {
          // The period moves on whether or not the renewal invoice is paid, as on Stripe.
          item.current_period_start = periodEnd;
          item.current_period_end = addMonth(periodEnd);
        }
        if (!declines) {
          Object.assign(sub, { status: 'active', local_retries: 0, local_next_retry: null });
          await save(tx, 'subscription', sub);
          await emit(tx, 'invoice.paid', { ...invoice, status: 'paid' });
          await emit(tx, 'customer.subscription.updated', await withCustomer(sub, tx));
          return;
        }
        const retries = status === 'past_due' ? Number(sub.local_retries ?? 0) + 1 : 0;
        if (retries >= LOCAL_MAX_RETRIES) {
          Object.assign(sub, { status: 'canceled', canceled_at: t, ended_at: t });
          await save(tx, 'subscription', sub);
          await emit(tx, 'invoice.payment_failed', { ...invoice, status: 'open' });
          await emit(tx, 'customer.subscription.deleted', await withCustomer(sub, tx));
          return;
        }
        Object.assign(sub, { status: 'past_due', local_retries: retries, local_next_retry: t + LOCAL_RETRY_DAYS * 86_400 });
        await save(tx, 'subscription', sub);
        await emit(tx, 'invoice.payment_failed', { ...invoice, status: 'open' });
        await emit(tx, 'customer.subscription.updated', await withCustomer(sub, tx));
      });
    }
    return changed;
  }

  async function ownSession(id: string, userId: string, tx: Pick<Db, 'select'> = db): Promise<Obj> {
    const s = await load(id, 'checkout_session', tx);
    // Someone else's session answers like a missing one.
    if (!s || (s.metadata as Obj).userId !== userId) throw missing('No such checkout session.');
    return s;
  }
  const fillUrl = (url: string, sessionId: string) => url.replace('{CHECKOUT_SESSION_ID}', sessionId);

  const provider: PaymentProvider = {
    kind: 'local',

    async createCheckout(r: CheckoutRequest) {
      return db.transaction(async (tx) => {
        const customerId = await ensureCustomer(tx, r.customerEmail, r.customerId);
        const id = newId('cs');
        const session = {
          id,
          object: 'checkout.session',
          mode: r.mode,
          status: 'open',
          payment_status: 'unpaid',
          url: `/pay/local/${id}`,
          success_url: r.successUrl,
          cancel_url: r.cancelUrl,
          metadata: r.metadata,
          customer: customerId,
          customer_email: r.customerEmail,
          subscription: null,
          payment_intent: null,
          amount_total: r.amount,
          currency: r.currency,
          local_line: { name: r.productName, amount: r.amount, currency: r.currency, interval: r.interval ?? null },
          created: seconds(now()),
          expires_at: seconds(now()) + CHECKOUT_LIFETIME_MS / 1000,
        };
        await save(tx, 'checkout_session', session);
        return normaliseCheckout(session);
      });
    },

    async retrieveCheckout(id) {
      const s = await load(id, 'checkout_session');
      if (!s) throw missing('No such checkout session.');
      return normaliseCheckout(s);
    },

    async retrieveSubscription(id) {
      const s = await load(id, 'subscription');
      if (!s) throw new Error(`local payment provider: no such subscription ${id}`);
      return normaliseSubscription(await withCustomer(s));
    },

    async setCancelAtPeriodEnd(id, cancel) {
      const result = await db.transaction(async (tx) => {
        const s = await load(id, 'subscription', tx);
        if (!s) throw missing('No such subscription.');
        s.cancel_at_period_end = cancel;
        await save(tx, 'subscription', s);
        await emit(tx, 'customer.subscription.updated', await withCustomer(s, tx));
        return s;
      });
      deliverSoon();
      return normaliseSubscription(await withCustomer(result));
    },

    async cancelSubscription(id) {
      const result = await db.transaction(async (tx) => {
        const s = await load(id, 'subscription', tx);
        if (!s) throw missing('No such subscription.');
        if (s.status !== 'canceled') {
          const t = seconds(now());
          Object.assign(s, { status: 'canceled', canceled_at: t, ended_at: t });
          await save(tx, 'subscription', s);
          await emit(tx, 'customer.subscription.deleted', await withCustomer(s, tx));
        }
        return s;
      });
      deliverSoon();
      return normaliseSubscription(await withCustomer(result));
    },

    async createPortalSession(customerId, returnUrl) {
      return { url: `/pay/local/portal?customer=${encodeURIComponent(customerId)}&return=${encodeURIComponent(returnUrl)}` };
    },

    async *listSubscriptions(): AsyncIterable<ProviderSubscription> {
      // Keyset pages, as Stripe's list API pages with starting_after.
      let after = '';
      for (;;) {
        const page = await db
          .select()
          .from(localProviderObjects)
          .where(and(eq(localProviderObjects.kind, 'subscription'), gt(localProviderObjects.id, after)))
          .orderBy(asc(localProviderObjects.id))
          .limit(PAGE_SIZE);
        for (const row of page) yield normaliseSubscription(await withCustomer(row.data));
        if (page.length < PAGE_SIZE) return;
        after = page[page.length - 1].id;
      }
    },

    verifyEvent(rawBody, header) {
      return verifyStripeSignature(rawBody, header, opts.webhookSecret);
    },
  };

  return {
    ...provider,
    setDeliver(fn: (payload: string, signature: string) => Promise<number>) {
      deliver = fn;
    },
    deliverPending,
    now,

    /** The hosted page's view of a session (owner only). */
    async session(id: string, userId: string): Promise<TLocalSessionResponse> {
      const s = await ownSession(id, userId);
      const line = s.local_line as Obj;
      const expired = s.status === 'open' && Number(s.expires_at) <= seconds(now());
      return {
        id,
        mode: s.mode as TLocalSessionResponse['mode'],
        status: expired ? 'expired' : (s.status as TLocalSessionResponse['status']),
        description: String(line.name),
        amount: Number(line.amount),
        currency: String(line.currency),
        interval: (line.interval as string | null) ?? null,
        customerEmail: (s.customer_email as string | null) ?? null,
      };
    },

    /** "Pay" on the hosted page: 4242… pays, 4000 0000 0000 0002 is declined (nothing happens, as on Stripe). */
    async pay(id: string, userId: string, cardNumber: string): Promise<{ redirectUrl: string }> {
      const card = digits(cardNumber);
      if (card === LOCAL_CARD_DECLINED) throw paymentRequired(DECLINED_MESSAGE, 'cardNumber');
      if (card !== LOCAL_CARD_OK)
        throw invalid('This is the test provider: use 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a decline.', 'cardNumber');
      const redirectUrl = await db.transaction(async (tx) => {
        const s = await ownSession(id, userId, tx);
        if (s.status !== 'open' || Number(s.expires_at) <= seconds(now()))
          throw conflicting('This checkout has already ended. Start again from Billing.');
        const customer = (await load(String(s.customer), 'customer', tx))!;
        customer.card = { last4: card.slice(-4), declines: false };
        await save(tx, 'customer', customer);
        const t = seconds(now());
        const line = s.local_line as Obj;
        if (s.mode === 'subscription') {
          const sub = {
            id: newId('sub'),
            object: 'subscription',
            status: 'active',
            cancel_at_period_end: false,
            customer: customer.id,
            created: t,
            start_date: t,
            metadata: { ...(s.metadata as Obj), plan: line.name },
            items: {
              object: 'list',
              data: [
                {
                  id: newId('si'),
                  quantity: 1,
                  current_period_start: t,
                  current_period_end: addMonth(t),
                  price: {
                    id: newId('price'),
                    currency: line.currency,
                    unit_amount: line.amount,
                    recurring: { interval: line.interval },
                    product: { name: line.name },
                  },
                },
              ],
            },
          };
          await save(tx, 'subscription', sub);
          s.subscription = sub.id;
          await emit(tx, 'customer.subscription.created', await withCustomer(sub, tx));
          await emit(tx, 'invoice.paid', {
            id: newId('in'),
            object: 'invoice',
            customer: customer.id,
            status: 'paid',
            amount_paid: line.amount,
            currency: line.currency,
            parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
          });
        } else {
          s.payment_intent = newId('pi');
        }
        Object.assign(s, { status: 'complete', payment_status: 'paid' });
        await save(tx, 'checkout_session', s);
        await emit(tx, 'checkout.session.completed', s);
        return fillUrl(String(s.success_url), id);
      });
      deliverSoon();
      return { redirectUrl };
    },

    /** "Cancel" on the hosted page: the session expires (checkout.session.expired) and the buyer goes back. */
    async cancel(id: string, userId: string): Promise<{ redirectUrl: string }> {
      const s = await ownSession(id, userId);
      if (s.status === 'open') {
        await db.transaction(async (tx) => {
          Object.assign(s, { status: 'expired' });
          await save(tx, 'checkout_session', s);
          await emit(tx, 'checkout.session.expired', s);
        });
        deliverSoon();
      }
      return { redirectUrl: fillUrl(String(s.cancel_url), id) };
    },

    /** The portal's card change: 4000 0000 0000 0002 makes the next renewal fail (to walk past_due offline). */
    async updateCard(customerId: string, email: string, cardNumber: string): Promise<{ last4: string }> {
      const card = digits(cardNumber);
      if (card !== LOCAL_CARD_OK && card !== LOCAL_CARD_DECLINED)
        throw invalid(
          'This is the test provider: use 4242 4242 4242 4242, or 4000 0000 0000 0002 for a card whose renewals fail.',
          'cardNumber',
        );
      const customer = await load(customerId, 'customer');
      if (!customer || customer.email !== email) throw missing('No such customer.');
      customer.card = { last4: card.slice(-4), declines: card === LOCAL_CARD_DECLINED };
      await db.transaction((tx) => save(tx, 'customer', customer));
      return { last4: card.slice(-4) };
    },

    /** Runs renewals, retries and period-end cancellations that are due, then delivers their events. */
    async tick(): Promise<number> {
      while (await renewDue()) {
        /* a long jump of the clock can pass several periods */
      }
      return deliverPending();
    },

    /**
     * Test clock: move the provider's time forward and let due renewals happen. With an email, only
     * that customer's clock moves (so parallel browser tests do not move each other's subscriptions).
     */
    async advance(ms: number, customerEmail?: string): Promise<number> {
      if (customerEmail) {
        const customers = await db
          .select()
          .from(localProviderObjects)
          .where(and(eq(localProviderObjects.kind, 'customer'), sql`${localProviderObjects.data}->>'email' = ${customerEmail}`));
        for (const c of customers)
          await db.transaction((tx) => save(tx, 'customer', { ...c.data, test_clock_ms: Number(c.data.test_clock_ms ?? 0) + ms }));
      } else offsetMs += ms;
      let delivered = 0;
      while (await renewDue()) {
        /* repeat until nothing more is due */
      }
      delivered += await deliverPending();
      return delivered;
    },
  };
}
