import Stripe from 'stripe';
import type { CheckoutRequest, PaymentProvider } from './port';
import { normaliseCheckout, normaliseSubscription, verifyStripeSignature } from './normalise';

export interface StripeAdapterOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API address (a loopback peer in tests, a proxy); Stripe's own when absent. */
  apiBase?: URL;
  now?: () => Date;
}

type Obj = Record<string, unknown>;

/** The real provider through the official SDK: Checkout, Billing, the customer portal and webhooks. */
export function createStripeProvider(opts: StripeAdapterOptions): PaymentProvider {
  const base = opts.apiBase;
  const stripe = new Stripe(opts.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'GradeVault' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
  // The customer comes expanded so the mirror learns the email without a second call.
  const subscriptionExpand = ['customer', 'items.data.price.product'];

  return {
    kind: 'stripe',

    async createCheckout(r: CheckoutRequest) {
      const recurring = r.mode === 'subscription' ? { recurring: { interval: r.interval ?? 'month' } } : {};
      const session = await stripe.checkout.sessions.create({
        mode: r.mode,
        line_items: [
          { quantity: 1, price_data: { currency: r.currency, unit_amount: r.amount, product_data: { name: r.productName }, ...recurring } },
        ],
        success_url: r.successUrl,
        cancel_url: r.cancelUrl,
        metadata: r.metadata,
        client_reference_id: r.metadata.userId,
        ...(r.customerId ? { customer: r.customerId } : { customer_email: r.customerEmail }),
        ...(r.mode === 'payment'
          ? { payment_intent_data: { metadata: r.metadata }, ...(r.customerId ? {} : { customer_creation: 'always' as const }) }
          : {}),
        ...(r.mode === 'subscription' ? { subscription_data: { metadata: { ...r.metadata, plan: r.productName } } } : {}),
      });
      return normaliseCheckout(session as unknown as Obj);
    },

    async retrieveCheckout(sessionId) {
      return normaliseCheckout((await stripe.checkout.sessions.retrieve(sessionId)) as unknown as Obj);
    },

    async retrieveSubscription(id) {
      return normaliseSubscription((await stripe.subscriptions.retrieve(id, { expand: subscriptionExpand })) as unknown as Obj);
    },

    async setCancelAtPeriodEnd(id, cancel) {
      const s = await stripe.subscriptions.update(id, { cancel_at_period_end: cancel, expand: subscriptionExpand });
      return normaliseSubscription(s as unknown as Obj);
    },

    async cancelSubscription(id) {
      const s = await stripe.subscriptions.cancel(id, { expand: subscriptionExpand });
      return normaliseSubscription(s as unknown as Obj);
    },

    async createPortalSession(customerId, returnUrl) {
      const s = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return { url: s.url };
    },

    async *listSubscriptions() {
      // status 'all' includes canceled ones: the mirror must learn about endings a lost webhook missed.
      for await (const s of stripe.subscriptions.list({ status: 'all', limit: 100, expand: ['data.customer'] })) {
        yield normaliseSubscription(s as unknown as Obj);
      }
    },

    verifyEvent(rawBody, header) {
      return verifyStripeSignature(rawBody, header, opts.webhookSecret, opts.now?.().getTime());
    },
  };
}
