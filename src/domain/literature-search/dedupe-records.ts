import { PROVIDER_IDS, type ProviderId } from '../../ports/config-source.port.js';
import type { ProviderRecord } from '../../ports/provider-client.port.js';
import { cleanProviderRecord, type CleaningOptions, type RecordFields } from './clean-provider-record.js';
import { dedupeKey, textKey, type TextKey } from './record-keys.js';
import { finishNow, type Stepwise } from '../shared/stepwise.js';

/** Records merged, keyed or written between two pauses (a title may be 16 KiB). */
export const RECORDS_PER_STEP = 16;

/** The records one provider returned (already cut to the per-provider limit). */
export interface ProviderBatch {
  readonly provider: ProviderId;
  readonly records: readonly ProviderRecord[];
}

/** A record after dedupe: its merged fields, who returned it, and when it was first seen. */
export interface MergedRecord {
  readonly fields: RecordFields;
  /** Providers that returned it, in search order; the first is the record's `provider`. */
  readonly providers: ProviderId[];
  /** Position of its first occurrence (ties in ranking keep this order). */
  readonly firstSeen: number;
  /** Comparison key of its title, computed once for dedupe and ranking. */
  readonly titleKey: TextKey;
}

const SEARCH_POSITION = new Map<ProviderId, number>(PROVIDER_IDS.map((id, index) => [id, index]));

/**
 * Dedupes provider records (docs/providers.md#how-a-search-runs step 5), order-preserving, first wins. Batches are read
 * in search order whatever order they arrive in, so the result never depends on which provider
 * answered first. Records share a key (`doi:…`, else `title:…:<year>`) → one record whose
 * missing fields are filled from later ones and whose `providers` is the union in search order.
 * Records without a key are never merged; records without a title are skipped. Of the steering
 * fields, `abstract` and `open_access_url` are the first non-empty one, `cited_by_count` the
 * largest, and `retracted` is set when any provider says so. `options` says whether abstracts
 * are kept at all (see {@link cleanProviderRecord}).
 *
 * One pass with a hash map: linear in the number of records; stepwise, a pause every few records.
 */
export function* dedupeRecordsStepwise(batches: readonly ProviderBatch[], options: CleaningOptions = {}): Stepwise<MergedRecord[]> {
  const ordered = [...batches].sort((a, b) => (SEARCH_POSITION.get(a.provider) ?? 0) - (SEARCH_POSITION.get(b.provider) ?? 0));
  const merged: MergedRecord[] = [];
  const byKey = new Map<string, MergedRecord>();
  let seen = 0;
  for (const batch of ordered) {
    for (const raw of batch.records) {
      if (++seen % RECORDS_PER_STEP === 0) yield;
      const fields = cleanProviderRecord(raw, options);
      if (fields === undefined) continue;
      let titleKey: TextKey | undefined;
      const titleKeyOnce = () => (titleKey ??= textKey(fields.title));
      const key = dedupeKey(fields.doi, titleKeyOnce, fields.year);
      const existing = key === undefined ? undefined : byKey.get(key);
      if (existing !== undefined) {
        fillMissing(existing.fields, fields);
        if (!existing.providers.includes(batch.provider)) existing.providers.push(batch.provider);
        continue;
      }
      const record: MergedRecord = { fields, providers: [batch.provider], firstSeen: merged.length, titleKey: titleKeyOnce() };
      merged.push(record);
      if (key !== undefined) byKey.set(key, record);
    }
  }
  return merged;
}

/** {@link dedupeRecordsStepwise} run to its end at once. */
export const dedupeRecords = (batches: readonly ProviderBatch[], options: CleaningOptions = {}): MergedRecord[] =>
  finishNow(dedupeRecordsStepwise(batches, options));

/**
 * Copies into `target` every field it lacks and `source` has (identifiers slot by slot); keeps
 * the larger citation count and any provider's retraction flag. The citation graph merges the
 * records of its edges with it too.
 */
export function fillMissing(target: RecordFields, source: RecordFields): void {
  if (target.doi === undefined && source.doi !== undefined) target.doi = source.doi;
  if (target.year === undefined && source.year !== undefined) target.year = source.year;
  if (target.venue === undefined && source.venue !== undefined) target.venue = source.venue;
  if (target.authors === undefined && source.authors !== undefined) target.authors = source.authors;
  if (target.url === undefined && source.url !== undefined) target.url = source.url;
  if (target.record_type === undefined && source.record_type !== undefined) target.record_type = source.record_type;
  if (target.abstract === undefined && source.abstract !== undefined) target.abstract = source.abstract;
  if (target.open_access_url === undefined && source.open_access_url !== undefined) target.open_access_url = source.open_access_url;
  if (source.cited_by_count !== undefined && (target.cited_by_count === undefined || source.cited_by_count > target.cited_by_count)) {
    target.cited_by_count = source.cited_by_count;
  }
  if (source.retracted === true) target.retracted = true;
  if (source.identifiers !== undefined) {
    const slots = (target.identifiers ??= {});
    for (const [name, value] of Object.entries(source.identifiers) as [keyof typeof slots, string][]) {
      if (slots[name] === undefined) slots[name] = value;
    }
  }
}
