/**
 * Issue 15's reads about printings: which editions and finishes a catalogue card was made in (the
 * add-card form offers only those), and what one ungraded copy of a collector's printing is worth now.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCardPrintingsResponse } from '@contract/printing';
import { zText } from '@contract/text';
import { ZUserCardParams, ZUserCardRawValueResponse } from '@contract/user-cards';
import type { CatalogueService } from '../catalogue/service';
import { requireUser } from '../http/access';
import { notFound } from '../http/errors';
import type { MarketPriceSource } from '../pricing/port';
import { printingsOf } from '../pricing/printing-price';
import type { UserCardService } from './service';

export const printingRoutes: FastifyPluginAsyncZod<{
  cards: UserCardService;
  catalogue: CatalogueService;
  market: MarketPriceSource;
}> = async (app, { cards, catalogue, market }) => {
  app.get('/api/catalogue/cards/:id/printings', {
    config: { access: 'user' },
    schema: {
      tags: ['catalogue'],
      summary: 'The editions and finishes a catalogue card was printed in',
      params: z.object({ id: zText().max(40) }),
      response: { 200: ZCardPrintingsResponse },
    },
    handler: async (request) => {
      const card = await catalogue.getCard(request.params.id);
      if (!card) throw notFound('That card is not in the catalogue.');
      return printingsOf(card.id, (await market.listedVariants?.(card.id)) ?? []);
    },
  });

  app.get('/api/user-cards/:id/raw-value', {
    config: { access: 'user' },
    schema: {
      tags: ['cards'],
      summary: 'The ungraded value of the owned printing (owner only)',
      params: ZUserCardParams,
      response: { 200: ZUserCardRawValueResponse },
    },
    handler: async (request) => cards.rawValue(requireUser(request).id, request.params.id),
  });
};
