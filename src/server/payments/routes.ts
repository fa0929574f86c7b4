import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParam } from '@contract/common';
import {
  ZBillingResponse,
  ZCheckoutResponse,
  ZCreditCheckoutRequest,
  ZOrderListResponse,
  ZOrderResponse,
  ZPortalResponse,
} from '@contract/payments';
import { requireUser } from '../http/access';
import type { PaymentService } from './service';

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

  app.post('/api/payments/checkout/credits', {
    config: { access: 'user', rateLimit: CHECKOUT_RATE_LIMIT },
    schema: {
      tags: ['payments'],
      summary: 'Start a checkout for a credit pack',
      body: ZCreditCheckoutRequest,
      response: { 200: ZCheckoutResponse },
    },
    handler: async (request) => payments.checkoutCredits(requireUser(request).id, request.body.package, originOf(request, publicUrl)),
  });

  app.post('/api/payments/checkout/subscription', {
    config: { access: 'user', rateLimit: CHECKOUT_RATE_LIMIT },
    schema: { tags: ['payments'], summary: 'Start a checkout for the Pro subscription', response: { 200: ZCheckoutResponse } },
    handler: async (request) => payments.checkoutPro(requireUser(request).id, originOf(request, publicUrl)),
  });

  app.get('/api/payments/billing', {
    config: { access: 'user' },
    schema: { tags: ['payments'], summary: 'Plan, subscription and credit balance', response: { 200: ZBillingResponse } },
    handler: async (request) => payments.billing(requireUser(request).id),
  });

  app.get('/api/payments/orders', {
    config: { access: 'user' },
    schema: { tags: ['payments'], summary: "The user's credit-pack orders", response: { 200: ZOrderListResponse } },
    handler: async (request) => payments.listOrders(requireUser(request).id),
  });

  app.get('/api/payments/orders/:id', {
    config: { access: 'user' },
    schema: { tags: ['payments'], summary: 'One order', params: ZIdParam, response: { 200: ZOrderResponse } },
    handler: async (request) => payments.order(requireUser(request).id, request.params.id),
  });

  app.post('/api/payments/orders/:id/cancel', {
    config: { access: 'user' },
    schema: {
      tags: ['payments'],
      summary: "Cancel one of the caller's pending orders (the checkout's Cancel came back)",
      params: ZIdParam,
      response: { 200: ZOrderResponse },
    },
    handler: async (request) => payments.cancelOrder(requireUser(request).id, request.params.id),
  });

  app.post('/api/payments/orders/:id/checkout', {
    config: { access: 'user', rateLimit: PROVIDER_CALL_RATE_LIMIT },
    schema: { tags: ['payments'], summary: 'Resume the checkout of an open order', params: ZIdParam, response: { 200: ZCheckoutResponse } },
    handler: async (request) => payments.resumeOrder(requireUser(request).id, request.params.id),
  });

  app.post('/api/payments/subscription/cancel', {
    config: { access: 'user', rateLimit: PROVIDER_CALL_RATE_LIMIT },
    schema: { tags: ['payments'], summary: 'Cancel the subscription at the end of the period', response: { 200: ZBillingResponse } },
    handler: async (request) => payments.setCancelAtPeriodEnd(requireUser(request).id, true),
  });

  app.post('/api/payments/subscription/resume', {
    config: { access: 'user', rateLimit: PROVIDER_CALL_RATE_LIMIT },
    schema: { tags: ['payments'], summary: 'Resume a subscription set to cancel', response: { 200: ZBillingResponse } },
    handler: async (request) => payments.setCancelAtPeriodEnd(requireUser(request).id, false),
  });

  app.post('/api/payments/portal', {
    config: { access: 'user', rateLimit: PROVIDER_CALL_RATE_LIMIT },
    schema: { tags: ['payments'], summary: "Open the provider's billing portal", response: { 200: ZPortalResponse } },
    handler: async (request) => payments.portal(requireUser(request).id, `${originOf(request, publicUrl)}/account/billing`),
  });
};
