import { z } from 'zod';
import { CREDIT_PACKAGES, DEFAULT_CREDIT_PACKAGE, type TCreditPackageId } from './plans';

const PACKAGE_IDS = CREDIT_PACKAGES.map((p) => p.id) as [TCreditPackageId, ...TCreditPackageId[]];
export const ZCreditPackageId = z.enum(PACKAGE_IDS, { error: 'Choose a credit package: small, standard or large.' });

/** The package named in a query string; anything unknown falls back to the default pack (never a crash). */
export function packageFromQuery(value: string | null | undefined): TCreditPackageId {
  const parsed = ZCreditPackageId.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_CREDIT_PACKAGE;
}

/** `cancelled`: the collector left the checkout with Cancel (issue 24.7); a later payment still completes it. */
export const ORDER_STATUSES = ['pending', 'processing', 'completed', 'failed', 'expired', 'cancelled'] as const;
export const ZOrderStatus = z.enum(ORDER_STATUSES);
export type TOrderStatus = z.infer<typeof ZOrderStatus>;

/** Spec §2.7: completed → Complete, processing → Processing, anything else → Pending (status-badge.ts). */
export { specStatusLabel as orderStatusLabel } from './status-badge';

/** Spec §3 Order: amount in minor units (shown ÷ 100), currency as the provider spells it (lower case). */
export const ZOrder = z.object({
  id: z.string(),
  package: z.string(),
  credits: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  status: ZOrderStatus,
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type TOrder = z.infer<typeof ZOrder>;
/** ZOrder as a route's success answer; the entity keeps its own name because other schemas embed it. */
export const ZOrderResponse = ZOrder;
export type TOrderResponse = TOrder;
export const ZOrderListResponse = z.array(ZOrder);

export const ZCreditCheckoutRequest = z.object({ package: ZCreditPackageId });
export type TCreditCheckoutRequest = z.infer<typeof ZCreditCheckoutRequest>;
/** Where the browser goes to pay: the provider's hosted checkout page. */
export const ZCheckoutResponse = z.object({ url: z.string(), orderId: z.string().nullable() });
export type TCheckoutResponse = z.infer<typeof ZCheckoutResponse>;

export const SUBSCRIPTION_STATUSES = [
  'active',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'trialing',
  'past_due',
  'unpaid',
  'paused',
] as const;

export const ZSubscription = z.object({
  id: z.string(),
  status: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  plan: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  currentPeriodStart: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  /** While past_due: the last day Pro is kept before the account returns to starter. */
  graceEndsAt: z.string().nullable(),
});
export type TSubscription = z.infer<typeof ZSubscription>;

export const LEDGER_REASONS = ['grading', 'refund', 'purchase', 'admin', 'signup'] as const;
export const ZLedgerEntry = z.object({
  id: z.string(),
  delta: z.number().int(),
  reason: z.enum(LEDGER_REASONS),
  /** The package of a purchase, when the entry came from an order. */
  package: z.string().nullable(),
  createdAt: z.string(),
});
export type TLedgerEntry = z.infer<typeof ZLedgerEntry>;

/** A Pro invoice paid (the first month and each renewal): amount in minor units. */
export const ZProPayment = z.object({ id: z.string(), amount: z.number().int(), currency: z.string(), paidAt: z.string() });
export type TProPayment = z.infer<typeof ZProPayment>;

export const ZBillingResponse = z.object({
  accountType: z.enum(['starter', 'pro']),
  credits: z.number().int(),
  /** The subscription that decides Pro (newest live one), or null. */
  subscription: ZSubscription.nullable(),
  ledger: z.array(ZLedgerEntry),
  orders: z.array(ZOrder),
  /** Pro payments, newest first (issue 24.6: Billing listed credit orders only). */
  proPayments: z.array(ZProPayment),
  /** Which provider takes the money: 'local' is the built-in test provider. */
  provider: z.enum(['stripe', 'local']),
});
export type TBillingResponse = z.infer<typeof ZBillingResponse>;

export const ZPortalResponse = z.object({ url: z.string() });

export const ZWebhookResponse = z.object({ received: z.boolean() });

/* ---------- the built-in test provider's hosted checkout (local adapter) ---------- */

export const LOCAL_CARD_OK = '4242424242424242';
export const LOCAL_CARD_DECLINED = '4000000000000002';

export const ZLocalSessionResponse = z.object({
  id: z.string(),
  mode: z.enum(['payment', 'subscription']),
  status: z.enum(['open', 'complete', 'expired']),
  description: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  interval: z.string().nullable(),
  customerEmail: z.string().nullable(),
});
export type TLocalSessionResponse = z.infer<typeof ZLocalSessionResponse>;

/** The embedded test provider's checkout session id. */
export const ZLocalSessionParams = z.object({ id: z.string().regex(/^cs_local_[0-9a-f]{24}$/, 'Not a checkout session id') });
export const ZLocalPayRequest = z.object({
  cardNumber: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Enter the card number: 12 to 19 digits.')),
});
export type TLocalPayRequest = z.input<typeof ZLocalPayRequest>;
export const ZLocalRedirectResponse = z.object({ redirectUrl: z.string() });

export const ZLocalCardRequest = ZLocalPayRequest;
export const ZLocalCardResponse = z.object({ last4: z.string(), redirectUrl: z.string() });

export const ZLocalClockAdvanceRequest = z.object({ days: z.number().min(0).max(400) });
export const ZLocalClockResponse = z.object({ now: z.string(), eventsDelivered: z.number().int() });

export const DECLINED_MESSAGE = 'Your card was declined. Try another card.';
export const ALREADY_PRO_MESSAGE = 'You already have Pro. Manage it from Billing.';

/** The embedded provider's portal: a new card on file for one of its customers. */
export const ZLocalPortalCardRequest = ZLocalPayRequest.extend({
  customer: z.string().regex(/^cus_local_[0-9a-f]{24}$/, 'Not a customer id'),
});
export type TLocalPortalCardRequest = z.input<typeof ZLocalPortalCardRequest>;
