import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SignatureError, type PaymentProvider } from '../adapters/payments/port';
import { badRequest } from '../http/errors';
import { handleEvent, type WebhookDeps } from './webhook';
import { contractRoute } from '../http/contract-route';

/**
 * POST /api/payments/webhook. The provider calls it, not a browser: the route config exempts it from
 * the session and from CSRF, and its signature is its only proof. It needs the exact bytes that were
 * signed, so this plugin (and only this one: Fastify scopes parsers per plugin) keeps JSON raw.
 */
export const webhookRoutes: FastifyPluginAsyncZod<{ provider: PaymentProvider; deps: Omit<WebhookDeps, 'log'> }> = async (app, opts) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  contractRoute(app, 'POST /api/payments/webhook', {
    tags: ['payments'],
    summary: "The payment provider's signed event webhook",
    handler: async (request) => {
      const header = request.headers['stripe-signature'];
      let event;
      try {
        event = opts.provider.verifyEvent(request.body as Buffer, typeof header === 'string' ? header : undefined);
      } catch (error) {
        if (!(error instanceof SignatureError)) throw error;
        // The reason, never the header or the body.
        request.log.warn({ reason: error.message }, 'payment webhook refused: signature check failed');
        throw badRequest('Webhook signature verification failed.');
      }
      await handleEvent({ ...opts.deps, log: request.log }, event);
      return { received: true };
    },
  });
};
