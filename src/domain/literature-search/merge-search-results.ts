import type { LiteratureRecord } from '../shared/literature-record.js';
import { finishNow, mapStepwise, type Stepwise } from '../shared/stepwise.js';
import { RECORDS_PER_STEP, dedupeRecordsStepwise, type ProviderBatch } from './dedupe-records.js';
import { rankRecordsStepwise, toLiteratureRecord } from './rank-records.js';

/**
 * Turns the provider answers of one search into its public results (docs/providers.md#how-a-search-runs steps 5 and 6,
 * docs/providers.md#the-literature-record): dedupe and merge, deterministic relevance order, cut to `totalLimit`, records in the
 * docs/providers.md#the-literature-record shape. Pure; linear in the records apart from one sort (each title is normalised once).
 * Batches may come in any order: they are read in search order. Stepwise: up to 1000 records
 * with titles of up to 16 KiB are merged with a pause every few records.
 */
export function* mergeSearchResultsStepwise(batches: readonly ProviderBatch[], query: string, totalLimit: number): Stepwise<LiteratureRecord[]> {
  const ranked = yield* rankRecordsStepwise(yield* dedupeRecordsStepwise(batches), query);
  return yield* mapStepwise(ranked.slice(0, totalLimit), toLiteratureRecord, RECORDS_PER_STEP);
}

/** {@link mergeSearchResultsStepwise} run to its end at once. */
export const mergeSearchResults = (batches: readonly ProviderBatch[], query: string, totalLimit: number): LiteratureRecord[] =>
  finishNow(mergeSearchResultsStepwise(batches, query, totalLimit));
