import { expect, it } from 'vitest';
import { pricedBy } from './runner';

it('names the adapter that prices the cards: the embedded estimator or the configured AI model (issue 24.10)', () => {
  expect(pricedBy('estimator:multipliers-2026.11')).toEqual({
    kind: 'estimator',
    label: 'Embedded estimator: market price × grade multipliers (multipliers-2026.11), no AI model',
  });
  expect(pricedBy('openai:gpt-4o-mini')).toEqual({ kind: 'openai', label: 'AI model gpt-4o-mini (OpenAI-compatible service)' });
});
