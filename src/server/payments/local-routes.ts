import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZLocalCardResponse,
  ZLocalClockAdvanceRequest,
  ZLocalClockResponse,
  ZLocalPayRequest,
  ZLocalPortalCardRequest,
  ZLocalRedirectResponse,
  ZLocalSessionResponse,
} from '@contract/payments';
import type { LocalProvider } from '../adapters/payments/local';
import { requireUser } from '../http/access';

const ZSessionParam = z.object({ id: z.string().regex(/^cs_local_[0-9a-f]{24}$/, 'Not a checkout session id') });
const DAY = 86_400_000;

/**
 * The built-in test provider's hosted pages talk to these (only when it is the provider in use). A
 * session belongs to the user our server created it for; anyone else gets 404.
 */
export const localProviderRoutes: FastifyPluginAsyncZod<{ local: LocalProvider; testClock: boolean }> = async (app, opts) => {
  const { local } = opts;

  app.get('/api/payments/local/sessions/:id', {
    config: { access: 'user' },
    schema: {
      tags: ['payments'],
      summary: "The embedded provider's checkout session",
      params: ZSessionParam,
      response: { 200: ZLocalSessionResponse },
    },
    handler: async (request) => local.session(request.params.id, requireUser(request).id),
  });

  app.post('/api/payments/local/sessions/:id/pay', {
    config: { access: 'user' },
    schema: {
      tags: ['payments'],
      summary: "Pay an embedded provider's checkout session with a test card",
      params: ZSessionParam,
      body: ZLocalPayRequest,
      response: { 200: ZLocalRedirectResponse },
    },
    handler: async (request) => local.pay(request.params.id, requireUser(request).id, request.body.cardNumber),
  });

  app.post('/api/payments/local/sessions/:id/cancel', {
    config: { access: 'user' },
    schema: {
      tags: ['payments'],
      summary: "Cancel an embedded provider's checkout session",
      params: ZSessionParam,
      response: { 200: ZLocalRedirectResponse },
    },
    handler: async (request) => local.cancel(request.params.id, requireUser(request).id),
  });

  app.post('/api/payments/local/portal/card', {
    config: { access: 'user' },
    schema: {
      tags: ['payments'],
      summary: "Change the card on file in the embedded provider's portal",
      body: ZLocalPortalCardRequest,
      response: { 200: ZLocalCardResponse },
    },
    handler: async (request) => {
      // The session already holds the signed-in user's row: its email binds the customer to them.
      const { last4 } = await local.updateCard(request.body.customer, requireUser(request).email, request.body.cardNumber);
      return { last4, redirectUrl: '/account/billing' };
    },
  });

  // Test-only (PAYMENTS_TEST_CLOCK, refused in production): the e2e server walks a subscription past its period end.
  if (opts.testClock) {
    app.post('/api/payments/local/clock', {
      config: { access: 'user' },
      schema: {
        tags: ['payments'],
        summary: "Advance the embedded provider's test clock",
        body: ZLocalClockAdvanceRequest,
        response: { 200: ZLocalClockResponse },
      },
      handler: async (request) => {
        const eventsDelivered = await local.advance(request.body.days * DAY, requireUser(request).email);
        return { now: local.now().toISOString(), eventsDelivered };
      },
    });
  }
};
