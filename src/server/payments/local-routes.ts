import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LocalProvider } from '../adapters/payments/local';
import { requireUser } from '../http/access';
import { contractRoute } from '../http/contract-route';

const DAY = 86_400_000;

/**
 * The built-in test provider's hosted pages talk to these (only when it is the provider in use). A
 * session belongs to the user our server created it for; anyone else gets 404.
 */
export const localProviderRoutes: FastifyPluginAsyncZod<{ local: LocalProvider; testClock: boolean }> = async (app, opts) => {
  const { local } = opts;

  contractRoute(app, 'GET /api/payments/local/sessions/:id', {
    tags: ['payments'],
    summary: "The embedded provider's checkout session",
    handler: async (request) => local.session(request.params.id, requireUser(request).id),
  });

  contractRoute(app, 'POST /api/payments/local/sessions/:id/pay', {
    tags: ['payments'],
    summary: "Pay an embedded provider's checkout session with a test card",
    handler: async (request) => local.pay(request.params.id, requireUser(request).id, request.body.cardNumber),
  });

  contractRoute(app, 'POST /api/payments/local/sessions/:id/cancel', {
    tags: ['payments'],
    summary: "Cancel an embedded provider's checkout session",
    handler: async (request) => local.cancel(request.params.id, requireUser(request).id),
  });

  contractRoute(app, 'POST /api/payments/local/portal/card', {
    tags: ['payments'],
    summary: "Change the card on file in the embedded provider's portal",
    handler: async (request) => {
      // The session already holds the signed-in user's row: its email binds the customer to them.
      const { last4 } = await local.updateCard(request.body.customer, requireUser(request).email, request.body.cardNumber);
      return { last4, redirectUrl: '/account/billing' };
    },
  });

  // Test-only (PAYMENTS_TEST_CLOCK, refused in production): the e2e server walks a subscription past its period end.
  if (opts.testClock) {
    contractRoute(app, 'POST /api/payments/local/clock', {
      tags: ['payments'],
      summary: "Advance the embedded provider's test clock",
      handler: async (request) => {
        const eventsDelivered = await local.advance(request.body.days * DAY, requireUser(request).email);
        return { now: local.now().toISOString(), eventsDelivered };
      },
    });
  }
};
