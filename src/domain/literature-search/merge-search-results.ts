import type { LiteratureRecord } from '../shared/literature-record.js';
import { dedupeRecords, type ProviderBatch } from './dedupe-records.js';
import { rankRecords, toLiteratureRecord } from './rank-records.js';

/**
 * Turns the provider answers of one search into its public results (SPEC §7.3 steps 5 and 6,
 * §7.4): dedupe and merge, deterministic relevance order, cut to `totalLimit`, records in the
 * §7.4 shape. Pure; linear in the records apart from one sort (each title is normalised once).
 * Batches may come in any order: they are read in search order.
 */
export function mergeSearchResults(batches: readonly ProviderBatch[], query: string, totalLimit: number): LiteratureRecord[] {
  return rankRecords(dedupeRecords(batches), query).slice(0, totalLimit).map(toLiteratureRecord);
}
