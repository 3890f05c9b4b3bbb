import type { LiteratureRecord } from '../shared/literature-record.js';
import { RECORDS_PER_STEP, type MergedRecord } from './dedupe-records.js';
import { finishNow, type Stepwise } from '../shared/stepwise.js';
import { textKey } from './record-keys.js';
import type { RecordFields } from './clean-provider-record.js';

interface RankKeys {
  readonly record: MergedRecord;
  readonly exact: boolean;
  readonly matchedWords: number;
}

/**
 * Orders deduped records by deterministic relevance (docs/providers.md#how-a-search-runs step 6):
 * 1. the title equals the query once both are NFKC-normalised, lowercased and reduced to Unicode letters and
 *    digits (a query without any letter or digit matches nothing);
 * 2. more of the query's distinct words (runs of letters and digits, lowercased) appear as
 *    words of the title — the share's denominator is the same for every record, so the count
 *    orders them exactly;
 * 3. more providers returned the record;
 * 4. seen earlier.
 * Title keys come precomputed from dedupe; one sort: O(n log n), no clock, no randomness.
 * Stepwise: a pause every few records while they are keyed.
 */
export function* rankRecordsStepwise(records: readonly MergedRecord[], query: string): Stepwise<MergedRecord[]> {
  const queryKey = textKey(query);
  const queryWordIndex = new Map([...new Set(queryKey.runs)].map((word, index) => [word, index]));
  // seenIn[i] = the last record (by position) in which query word i was found: no per-record set.
  const seenIn = new Int32Array(queryWordIndex.size).fill(-1);
  const queryWordLengths = new Set([...queryWordIndex.keys()].map((word) => word.length));
  const keyed: RankKeys[] = [];
  for (let position = 0; position < records.length; position++) {
    if (position % RECORDS_PER_STEP === RECORDS_PER_STEP - 1) yield;
    const record = records[position]!;
    const { titleKey } = record;
    let matchedWords = 0;
    titleKey.forEachRun((run) => {
      const index = queryWordIndex.get(run);
      if (index !== undefined && seenIn[index] !== position) {
        seenIn[index] = position;
        matchedWords += 1;
      }
    }, queryWordLengths);
    const exact = queryKey.compactLength > 0 && titleKey.compactLength === queryKey.compactLength && titleKey.compact === queryKey.compact;
    keyed.push({ record, exact, matchedWords });
  }
  keyed.sort(
    (a, b) =>
      Number(b.exact) - Number(a.exact) ||
      b.matchedWords - a.matchedWords ||
      b.record.providers.length - a.record.providers.length ||
      a.record.firstSeen - b.record.firstSeen,
  );
  return keyed.map((entry) => entry.record);
}

/** {@link rankRecordsStepwise} run to its end at once. */
export const rankRecords = (records: readonly MergedRecord[], query: string): MergedRecord[] => finishNow(rankRecordsStepwise(records, query));

/** The public record (docs/providers.md#the-literature-record) of a merged record, fields in a fixed order, absent ones omitted. */
export const toLiteratureRecord = (merged: MergedRecord): LiteratureRecord => recordOf(merged.fields, merged.providers);

/**
 * A public record of merged fields and the sources that gave them (the first is `provider`),
 * fields in a fixed order, absent ones omitted; the citation graph's records are built the same way.
 */
export function recordOf<P extends string>(
  fields: RecordFields,
  providers: readonly P[],
): Omit<LiteratureRecord, 'provider' | 'providers'> & { provider: P; providers: P[] } {
  const record: Omit<LiteratureRecord, 'provider' | 'providers'> & { provider: P; providers: P[] } = {
    title: fields.title,
    provider: providers[0]!,
    providers: [...providers],
  };
  if (fields.doi !== undefined) record.doi = fields.doi;
  if (fields.year !== undefined) record.year = fields.year;
  if (fields.venue !== undefined) record.venue = fields.venue;
  if (fields.authors !== undefined) record.authors = fields.authors.map((author) => ({ ...author }));
  if (fields.url !== undefined) record.url = fields.url;
  if (fields.identifiers !== undefined) record.identifiers = { ...fields.identifiers };
  if (fields.record_type !== undefined) record.record_type = fields.record_type;
  if (fields.abstract !== undefined) record.abstract = fields.abstract;
  if (fields.cited_by_count !== undefined) record.cited_by_count = fields.cited_by_count;
  if (fields.open_access_url !== undefined) record.open_access_url = fields.open_access_url;
  if (fields.retracted === true) record.retracted = true;
  return record;
}
