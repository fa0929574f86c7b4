/**
 * The payment port. Two adapters speak it: `stripe` (the official SDK) and `local` (the embedded
 * test provider). Both hand back and sign Stripe-shaped objects, so one webhook path, one verifier
 * and one normaliser (normalise.ts) serve both; only where the objects live differs.
 */
export type PaymentMode = 'payment' | 'subscription';

export interface CheckoutRequest {
  mode: PaymentMode;
  /** What the buyer sees on the hosted page, and what it costs (server-side prices, never the browser's). */
  productName: string;
  amount: number;
  currency: string;
  /** 'month' for the subscription. */
  interval?: 'month';
  customerEmail: string;
  /** Reuses the buyer's provider customer when we know one (one customer per person for the portal). */
  customerId?: string | null;
  successUrl: string;
  cancelUrl: string;
  /** Set by the server and echoed on every event: it binds an event to its order and user. */
  metadata: Record<string, string>;
}

export interface CheckoutSession {
  id: string;
  url: string;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  mode: PaymentMode;
  metadata: Record<string, string>;
  customerId: string | null;
  subscriptionId: string | null;
  paymentId: string | null;
}

/** A provider subscription in our words (spec §3's fields). */
export interface ProviderSubscription {
  id: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  plan: string;
  amount: number;
  currency: string;
  customerId: string | null;
  customerEmail: string | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  metadata: Record<string, string>;
}

/** A verified event: only its id, type and object matter to us. */
export interface ProviderEvent {
  id: string;
  type: string;
  created: number;
  object: Record<string, unknown>;
}

export interface PaymentProvider {
  readonly kind: 'stripe' | 'local';
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  retrieveCheckout(sessionId: string): Promise<CheckoutSession>;
  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<ProviderSubscription>;
  /** Ends the subscription now (a duplicate Pro subscription: nothing more is billed). */
  cancelSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  /** The provider's page to change the card and read invoices. */
  createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }>;
  /** Every subscription the provider holds, page after page. */
  listSubscriptions(): AsyncIterable<ProviderSubscription>;
  /** Checks the signature (5-minute tolerance) and parses; throws on anything wrong. */
  verifyEvent(rawBody: Buffer | string, signatureHeader: string | undefined): ProviderEvent;
}

export class SignatureError extends Error {}
