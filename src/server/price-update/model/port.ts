/**
 * The price model port of the weekly update: given pricing groups (a card at one PSA/BGS/CGC grade
 * triple), a quote per group or a readable reason it has none. Two adapters: `estimator` (embedded,
 * deterministic, offline) and `openai` (any OpenAI-compatible chat-completions endpoint).
 */
import type { PricingGroup } from '../rules';

export type Platform = 'PSA' | 'BGS' | 'CGC';
export const PLATFORMS: readonly Platform[] = ['PSA', 'BGS', 'CGC'];

/** A card as the model is told about it: the facts we have, nothing more. */
export type QuoteRequest = PricingGroup & {
  /** The set's release date ('YYYY/MM/DD') when it is a catalogue card. */
  releaseDate: string | null;
  /** The synced (or bundled snapshot) market price of an ungraded copy, when known. */
  market: { usd: number; provider: string; asOf: string; variant: string } | null;
};

export interface PriceQuote {
  rawUsd: number;
  graded: Record<Platform, number>;
  /** 0–1. */
  confidence: number;
  /** One line: what the price rests on. */
  basis: string;
}

export type QuoteOutcome = { ok: true; quote: PriceQuote } | { ok: false; error: string };

/** The run's model-call budget, shared by every batch of the run. */
export interface CallBudget {
  /** Calls still allowed; each attempt (retries included) takes one. */
  remaining: number;
  /** Calls made so far in this run. */
  used: number;
}

export interface PriceModel {
  /** Recorded as each history row's source: `estimator:<multipliers version>` or `openai:<model>`. */
  readonly source: string;
  /** How many groups the runner hands over at once (the adapter batches and parallelises inside). */
  readonly batchSize: number;
  /** Seconds one group takes, roughly: the preview's duration estimate. */
  readonly secondsPerGroup: number;
  /** One outcome per request, in the same order. */
  quote(requests: QuoteRequest[], budget: CallBudget): Promise<QuoteOutcome[]>;
}
