import type { PriceModelConfig } from '../../config';
import { createEstimatorModel } from './estimator';
import { createOpenAiModel } from './openai';
import type { PriceModel } from './port';

/** The price model the configuration names (PRICE_MODEL_PROVIDER). */
export function openPriceModel(config: PriceModelConfig): PriceModel {
  if (config.provider === 'openai') return createOpenAiModel(config.openai);
  return createEstimatorModel();
}
