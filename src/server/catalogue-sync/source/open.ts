import type { CatalogueSyncConfig } from '../../config';
import type { CatalogueSource } from './port';
import { createPokemonTcgSource } from './pokemontcg';
import { createSnapshotSource } from './snapshot';

/** A source for one run: the live adapter counts its request budget per instance, so each run gets a fresh one. */
export function openCatalogueSource(config: CatalogueSyncConfig): CatalogueSource {
  if (config.source === 'snapshot') return createSnapshotSource();
  const { baseUrl, apiKey, timeoutMs, requestBudget } = config.pokemonTcg;
  return createPokemonTcgSource({ baseUrl, apiKey, timeoutMs, requestBudget });
}
