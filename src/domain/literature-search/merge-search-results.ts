import type { LiteratureRecord } from '../shared/literature-record.js';
import { finishNow, mapStepwise, type Stepwise } from '../shared/stepwise.js';
import type { CleaningOptions } from './clean-provider-record.js';
import { RECORDS_PER_STEP, dedupeRecordsStepwise, type ProviderBatch } from './dedupe-records.js';
import type { ResultSort } from './literature-search-input.js';
import { rankRecordsStepwise, toLiteratureRecord } from './rank-records.js';
import { filterRecords, type RecordFilter } from './record-filters.js';
import { sortRecords } from './record-sorts.js';

/** How a search's arguments shape its results beyond the query: abstracts, filters, order. */
export interface ResultOptions extends CleaningOptions, RecordFilter {
  /** Default `relevance`. */
  readonly sort?: ResultSort;
}

/**
 * Turns the provider answers of one search into its public results (docs/providers.md#how-a-search-runs steps 5 and 6,
 * docs/providers.md#the-literature-record): dedupe and merge, the year and venue filters on the merged records,
 * deterministic relevance order, the asked sort, cut to `totalLimit`, records in the
 * docs/providers.md#the-literature-record shape. Pure; linear in the records apart from two sorts (each title is normalised once).
 * Batches may come in any order: they are read in search order. Stepwise: up to 1000 records
 * with titles of up to 16 KiB are merged with a pause every few records.
 * Without `options` the results are those of a plain relevance search.
 */
export function* mergeSearchResultsStepwise(
  batches: readonly ProviderBatch[],
  query: string,
  totalLimit: number,
  options: ResultOptions = {},
): Stepwise<LiteratureRecord[]> {
  const merged = filterRecords(yield* dedupeRecordsStepwise(batches, options), options);
  const ordered = sortRecords(yield* rankRecordsStepwise(merged, query), options.sort ?? 'relevance');
  return yield* mapStepwise(ordered.slice(0, totalLimit), toLiteratureRecord, RECORDS_PER_STEP);
}

/** {@link mergeSearchResultsStepwise} run to its end at once. */
export const mergeSearchResults = (batches: readonly ProviderBatch[], query: string, totalLimit: number, options: ResultOptions = {}): LiteratureRecord[] =>
  finishNow(mergeSearchResultsStepwise(batches, query, totalLimit, options));
