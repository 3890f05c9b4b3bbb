import type { ResultSort } from './literature-search-input.js';
import type { MergedRecord } from './dedupe-records.js';

/** A sort key: larger first; `undefined` (unknown) after every known value. */
type SortKey = (record: MergedRecord) => number | undefined;

const SORT_KEYS: Readonly<Record<Exclude<ResultSort, 'relevance'>, SortKey>> = {
  newest: (record) => record.fields.year,
  most_cited: (record) => record.fields.cited_by_count,
};

/**
 * Puts relevance-ranked records in the asked order (docs/tools.md#7-qiongli_literature_search):
 * `relevance` keeps them as they are; `newest` orders by year, `most_cited` by
 * `cited_by_count`, both descending with unknown values last. The sort is stable, so ties keep
 * the relevance order. A retracted record is sorted like any other: it is never moved or hidden.
 * Returns a new array.
 */
export function sortRecords(ranked: readonly MergedRecord[], sort: ResultSort): MergedRecord[] {
  if (sort === 'relevance') return [...ranked];
  const key = SORT_KEYS[sort];
  const keyed = ranked.map((record) => ({ record, value: key(record) }));
  keyed.sort((a, b) => {
    if (a.value === b.value) return 0;
    if (a.value === undefined) return 1;
    if (b.value === undefined) return -1;
    return b.value - a.value;
  });
  return keyed.map((entry) => entry.record);
}
