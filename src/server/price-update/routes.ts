/**
 * The weekly price update's admin routes (spec §7.3). Paths are relative: the integrator mounts this
 * plugin under the admin prefix (/api/admin/{hash}); app.ts registers it at /api/admin for now.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError } from '@contract/common';
import { ZPriceUpdateLastRunResponse, ZPriceUpdatePreviewResponse, ZPriceUpdateResponse } from '@contract/price-update';
import type { PriceUpdateRunner } from './runner';

/** How long the POST waits for its run before answering 202 (the run goes on; last-run tells the outcome). */
export const POST_WAIT_MS = 240_000;

export const priceUpdateRoutes: FastifyPluginAsyncZod<{ runner: PriceUpdateRunner; waitMs?: number }> = async (
  app,
  { runner, waitMs = POST_WAIT_MS },
) => {
  app.get('/weekly-price-update/last-run', {
    config: { access: 'admin' },
    schema: { tags: ['price-update'], summary: 'The last weekly price update', response: { 200: ZPriceUpdateLastRunResponse } },
    handler: async () => runner.lastRun(),
  });

  app.get('/weekly-price-update/preview', {
    config: { access: 'admin' },
    schema: {
      tags: ['price-update'],
      summary: 'What a weekly price update would cover now',
      response: { 200: ZPriceUpdatePreviewResponse },
    },
    handler: async () => runner.preview(),
  });

  app.post('/weekly-price-update', {
    config: { access: 'admin' },
    schema: {
      tags: ['price-update'],
      summary: 'Run the weekly price update',
      response: { 200: ZPriceUpdateResponse, 202: ZPriceUpdateResponse, 409: ZApiError },
    },
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
