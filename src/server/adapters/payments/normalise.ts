import Stripe from 'stripe';
import type { CheckoutSession, ProviderEvent, ProviderSubscription } from './port';
import { SignatureError } from './port';

/** Stripe's default signature tolerance: a delivery older than five minutes is refused (replays). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

type Obj = Record<string, unknown>;
const idOf = (v: unknown): string | null =>
  typeof v === 'string' ? v : v && typeof v === 'object' && typeof (v as Obj).id === 'string' ? ((v as Obj).id as string) : null;
const date = (s: unknown): Date | null => (typeof s === 'number' ? new Date(s * 1000) : null);

/** Reads a Stripe subscription, old shape (period on the subscription) or new (period on its item). */
export function normaliseSubscription(s: Obj): ProviderSubscription {
  const item = ((s.items as Obj | undefined)?.data as Obj[] | undefined)?.[0] ?? {};
  const price = (item.price ?? {}) as Obj;
  const product = price.product;
  const customer = s.customer;
  return {
    id: String(s.id),
    status: String(s.status),
    cancelAtPeriodEnd: Boolean(s.cancel_at_period_end) || typeof s.cancel_at === 'number',
    plan:
      (product && typeof product === 'object' ? String((product as Obj).name ?? '') : '') ||
      String(price.nickname ?? '') ||
      String((s.metadata as Obj | undefined)?.plan ?? 'Pro'),
    amount: Number(price.unit_amount ?? 0) * Number(item.quantity ?? 1),
    currency: String(price.currency ?? s.currency ?? 'usd'),
    customerId: idOf(customer),
    customerEmail: customer && typeof customer === 'object' ? (((customer as Obj).email as string | null) ?? null) : null,
    currentPeriodStart: date(item.current_period_start ?? s.current_period_start),
    currentPeriodEnd: date(item.current_period_end ?? s.current_period_end),
    metadata: (s.metadata as Record<string, string>) ?? {},
  };
}

export function normaliseCheckout(s: Obj): CheckoutSession {
  return {
    id: String(s.id),
    url: String(s.url ?? ''),
    status: s.status as CheckoutSession['status'],
    paymentStatus: s.payment_status as CheckoutSession['paymentStatus'],
    mode: s.mode as CheckoutSession['mode'],
    metadata: (s.metadata as Record<string, string>) ?? {},
    customerId: idOf(s.customer),
    subscriptionId: idOf(s.subscription),
    paymentId: idOf(s.payment_intent),
  };
}

/** The subscription an invoice belongs to (API ≥ 2025-03 moved it under parent.subscription_details). */
export function invoiceSubscriptionId(invoice: Obj): string | null {
  const parent = invoice.parent as Obj | undefined | null;
  const details = parent?.subscription_details as Obj | undefined | null;
  return idOf(details?.subscription) ?? idOf(invoice.subscription);
}

/** Stripe's own verifier (HMAC-SHA256 over "timestamp.body", constant-time, 5-minute tolerance). */
export function verifyStripeSignature(rawBody: Buffer | string, header: string | undefined, secret: string, nowMs?: number): ProviderEvent {
  if (!header) throw new SignatureError('missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    // receivedAt lets an injected clock decide staleness (tests); by default Stripe uses the wall clock.
    event = Stripe.webhooks.constructEvent(rawBody, header, secret, SIGNATURE_TOLERANCE_SECONDS, undefined, nowMs);
  } catch (error) {
    throw new SignatureError((error as Error).message.split('\n')[0] ?? 'signature check failed');
  }
  return { id: event.id, type: event.type, created: event.created, object: event.data.object as unknown as Obj };
}

export function signPayload(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}
