import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../http/access';
import type { PaymentService } from './service';
import { contractRoute } from '../http/contract-route';

/** Where the provider sends the buyer back: PUBLIC_URL when set (behind a proxy), else the request's own origin. */
export const originOf = (request: FastifyRequest, publicUrl: string | undefined) =>
  publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;

/**
 * Checkouts make orders and provider sessions, so they are limited per collector (issue 23.6): 10 in
 * 10 minutes (credits and Pro counted apart), in the store every process shares. A repeat for the
 * same package mostly costs nothing anyway: the open checkout is handed back (service.ts).
 */
export const CHECKOUT_RATE_LIMIT = {
  max: 10,
  timeWindow: 10 * 60_000,
  keyGenerator: (req: FastifyRequest) => `checkout:${req.session?.user.id ?? req.ip}`,
};

/** Every other call that reaches the provider (resume a checkout, cancel/resume, the portal): 30 in 10 minutes. */
const PROVIDER_CALL_RATE_LIMIT = { ...CHECKOUT_RATE_LIMIT, max: 30 };

export const paymentRoutes: FastifyPluginAsyncZod<{ payments: PaymentService; publicUrl: string | undefined }> = async (app, opts) => {
  const { payments, publicUrl } = opts;

  contractRoute(app, 'POST /api/payments/checkout/credits', {
    tags: ['payments'],
    summary: 'Start a checkout for a credit pack',
    config: { rateLimit: CHECKOUT_RATE_LIMIT },
    handler: async (request) => payments.checkoutCredits(requireUser(request).id, request.body.package, originOf(request, publicUrl)),
  });

  contractRoute(app, 'POST /api/payments/checkout/subscription', {
    tags: ['payments'],
    summary: 'Start a checkout for the Pro subscription',
    config: { rateLimit: CHECKOUT_RATE_LIMIT },
    handler: async (request) => payments.checkoutPro(requireUser(request).id, originOf(request, publicUrl)),
  });

  contractRoute(app, 'GET /api/payments/billing', {
    tags: ['payments'],
    summary: 'Plan, subscription and credit balance',
    handler: async (request) => payments.billing(requireUser(request).id),
  });

  contractRoute(app, 'GET /api/payments/orders', {
    tags: ['payments'],
    summary: "The user's credit-pack orders",
    handler: async (request) => payments.listOrders(requireUser(request).id),
  });

  contractRoute(app, 'GET /api/payments/orders/:id', {
    tags: ['payments'],
    summary: 'One order',
    handler: async (request) => payments.order(requireUser(request).id, request.params.id),
  });

  contractRoute(app, 'POST /api/payments/orders/:id/cancel', {
    tags: ['payments'],
    summary: "Cancel one of the caller's pending orders (the checkout's Cancel came back)",
    handler: async (request) => payments.cancelOrder(requireUser(request).id, request.params.id),
  });

  contractRoute(app, 'POST /api/payments/orders/:id/checkout', {
    tags: ['payments'],
    summary: 'Resume the checkout of an open order',
    config: { rateLimit: PROVIDER_CALL_RATE_LIMIT },
    handler: async (request) => payments.resumeOrder(requireUser(request).id, request.params.id),
  });

  contractRoute(app, 'POST /api/payments/subscription/cancel', {
    tags: ['payments'],
    summary: 'Cancel the subscription at the end of the period',
    config: { rateLimit: PROVIDER_CALL_RATE_LIMIT },
    handler: async (request) => payments.setCancelAtPeriodEnd(requireUser(request).id, true),
  });

  contractRoute(app, 'POST /api/payments/subscription/resume', {
    tags: ['payments'],
    summary: 'Resume a subscription set to cancel',
    config: { rateLimit: PROVIDER_CALL_RATE_LIMIT },
    handler: async (request) => payments.setCancelAtPeriodEnd(requireUser(request).id, false),
  });

  contractRoute(app, 'POST /api/payments/portal', {
    tags: ['payments'],
    summary: "Open the provider's billing portal",
    config: { rateLimit: PROVIDER_CALL_RATE_LIMIT },
    handler: async (request) => payments.portal(requireUser(request).id, `${originOf(request, publicUrl)}/account/billing`),
  });
};
