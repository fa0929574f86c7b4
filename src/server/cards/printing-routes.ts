/**
 * Issue 15's reads about printings: which editions and finishes a catalogue card was made in (the
 * add-card form offers only those), and what one ungraded copy of a collector's printing is worth now.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CatalogueService } from '../catalogue/service';
import { requireUser } from '../http/access';
import { notFound } from '../http/errors';
import type { MarketPriceSource } from '../pricing/port';
import { printingsOf } from '../pricing/printing-price';
import type { UserCardService } from './service';
import { contractRoute } from '../http/contract-route';

export const printingRoutes: FastifyPluginAsyncZod<{
  cards: UserCardService;
  catalogue: CatalogueService;
  market: MarketPriceSource;
}> = async (app, { cards, catalogue, market }) => {
  contractRoute(app, 'GET /api/catalogue/cards/:id/printings', {
    tags: ['catalogue'],
    summary: 'The editions and finishes a catalogue card was printed in',
    handler: async (request) => {
      const card = await catalogue.getCard(request.params.id);
      if (!card) throw notFound('That card is not in the catalogue.');
      return printingsOf(card.id, (await market.listedVariants?.(card.id)) ?? []);
    },
  });

  contractRoute(app, 'GET /api/user-cards/:id/raw-value', {
    tags: ['cards'],
    summary: 'The ungraded value of the owned printing (owner only)',
    handler: async (request) => cards.rawValue(requireUser(request).id, request.params.id),
  });
};
