/**
 * The weekly price update's admin routes (spec §7.3), under the back-office prefix /api/admin/{hash}:
 * app.ts registers this plugin in a scope that checks the hash.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/client';
import { requireUser } from '../http/access';
import { cardPriceHistory } from './card-history';
import type { PriceUpdateRunner } from './runner';
import { contractRoute } from '../http/contract-route';

/** How long the POST waits for its run before answering 202 (the run goes on; last-run tells the outcome). */
export const POST_WAIT_MS = 240_000;

export const priceUpdateRoutes: FastifyPluginAsyncZod<{ runner: PriceUpdateRunner; waitMs?: number }> = async (
  app,
  { runner, waitMs = POST_WAIT_MS },
) => {
  contractRoute(app, 'GET /api/admin/:hash/weekly-price-update/last-run', {
    tags: ['price-update'],
    summary: 'The last weekly price update',
    handler: async () => runner.lastRun(),
  });

  contractRoute(app, 'GET /api/admin/:hash/weekly-price-update/preview', {
    tags: ['price-update'],
    summary: 'What a weekly price update would cover now',
    handler: async () => runner.preview(),
  });

  contractRoute(app, 'POST /api/admin/:hash/weekly-price-update', {
    tags: ['price-update'],
    summary: 'Run the weekly price update',
    handler: async (_request, reply) => {
      // The run is a background job: it goes on if this request is dropped; the admin screen waits for it.
      const { run, done } = await runner.start('admin');
      let timer: NodeJS.Timeout | undefined;
      const finished = await Promise.race([done, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)))]);
      clearTimeout(timer);
      if (finished && finished.status !== 'running') return reply.status(200).send(runner.resultOf(finished));
      return reply.status(202).send(runner.resultOf((await runner.get(run.id)) ?? run));
    },
  });
};

/** A collector's card's value history (owner only), outside the admin prefix. */
export const cardPriceHistoryRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  contractRoute(app, 'GET /api/user-cards/:id/price-history', {
    tags: ['cards'],
    summary: "A card's value history from the weekly price updates (owner only)",
    handler: async (request) => cardPriceHistory(db, requireUser(request).id, request.params.id),
  });
};
