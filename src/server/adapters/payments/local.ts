/**
 * The embedded payment provider: it plays Stripe's part offline. It keeps its own books (checkout
 * sessions, customers, subscriptions as Stripe-shaped JSON in local_provider_* tables), serves a
 * hosted checkout page through the app (TEST MODE), and tells the app what happened only through
 * SIGNED events posted to the same webhook endpoint Stripe uses — so the app's verification and
 * handling code is exercised exactly as in production. Subscriptions renew, fail and end on its own
 * clock, which tests (and the e2e server, behind a flag) can move forward.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { DECLINED_MESSAGE, LOCAL_CARD_DECLINED, LOCAL_CARD_OK, type TLocalSessionResponse } from '@contract/payments';
import type { Db } from '../../db/client';
import { localProviderObjects } from '../../db/schema';
import type { Clock } from '../../clock';
import { invalid, paymentRequired, missing, conflicting } from '../../domain-errors';
import { createLocalBooks, newId, seconds, type Obj } from './local-books';
import { createLocalDelivery } from './local-delivery';
import { addMonth, createLocalRenewals } from './local-renewals';
import { normaliseCheckout, normaliseSubscription, verifyStripeSignature } from './normalise';
import type { CheckoutRequest, PaymentProvider, ProviderSubscription } from './port';

const DAY = 86_400_000;
export { LOCAL_MAX_RETRIES, LOCAL_RETRY_DAYS } from './local-renewals';
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

const digits = (card: string) => card.replace(/[\s-]/g, '');

export type LocalProvider = ReturnType<typeof createLocalProvider>;

export function createLocalProvider(opts: LocalProviderOptions) {
  const { db } = opts;
  let offsetMs = 0;
  /** The provider's clock: the app's clock plus however far a test moved it. */
  const now = () => new Date(opts.clock.now().getTime() + offsetMs);
  const books = createLocalBooks(db, now);
  const { load, save, emit, withCustomer, ensureCustomer } = books;
  const delivery = createLocalDelivery(opts);
  const { deliverPending, deliverSoon } = delivery;
  const renewDue = createLocalRenewals(db, now, books);

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
    setDeliver: delivery.setDeliver,
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

    /**
     * "Cancel" on the hosted page: the buyer goes back to the cancel URL. A credit pack's session stays
     * open, as on Stripe's page: its cancel URL names the order and our page cancels it (issue 24.7); an
     * expiry racing that would make the order Expired or Cancelled by timing. A Pro checkout has no
     * order: its session expires (checkout.session.expired), so the next click starts a new one.
     */
    async cancel(id: string, userId: string): Promise<{ redirectUrl: string }> {
      const s = await ownSession(id, userId);
      if (s.status === 'open' && s.mode === 'subscription') {
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
