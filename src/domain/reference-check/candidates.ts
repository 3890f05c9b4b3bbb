import { PROVIDER_IDS } from '../../ports/config-source.port.js';
import type { FoundWork, ReferenceSourceId, StatusNotice, VersionLink } from '../../ports/reference-lookup.port.js';
import { cleanProviderRecord, type RecordFields } from '../literature-search/clean-provider-record.js';
import { fillMissing } from '../literature-search/dedupe-records.js';
import { dedupeKey, textKey } from '../literature-search/record-keys.js';
import { bigramsOf, type Bigrams } from './text-similarity.js';

/** A work one source gave for a reference, and whether a given identifier led to it. */
export interface SourceFind {
  readonly source: ReferenceSourceId;
  readonly work: FoundWork;
  readonly viaIdentifier: boolean;
}

/** A notice, and which source reported it. */
export interface SourcedNotice {
  readonly source: ReferenceSourceId;
  readonly notice: StatusNotice;
}

/** A version link, and which source reported it. */
export interface SourcedVersion {
  readonly source: ReferenceSourceId;
  readonly link: VersionLink;
}

/** One candidate work: the sources' records of it merged (§7.3.5 keys), with what they said of its status and versions. */
export interface Candidate {
  readonly fields: RecordFields;
  /** The sources that returned it, in search order (§7.1). */
  readonly sources: ReferenceSourceId[];
  readonly title: Bigrams;
  readonly notices: SourcedNotice[];
  readonly versions: SourcedVersion[];
  /** A given identifier resolved to it. */
  viaIdentifier: boolean;
}

const ORDER = new Map<string, number>(PROVIDER_IDS.map((id, index) => [id, index]));

/** Most candidates kept per reference (five sources × a few each, merged). */
export const MAX_CANDIDATES = 30;

/**
 * Merges the works the sources gave for one reference into candidates, as a search dedupes
 * (§7.3.5: `doi:<doi>`, else `title:<compact title>:<year>`; records without either never merge;
 * missing fields filled from later records). Records are cleaned as every provider record is
 * (`cleanProviderRecord`); one without a title is skipped. Notices and version links are kept
 * with their source. At most {@link MAX_CANDIDATES}, first seen first.
 */
export function mergeCandidates(finds: readonly SourceFind[]): Candidate[] {
  const candidates: Candidate[] = [];
  const byKey = new Map<string, Candidate>();
  for (const find of finds) {
    const fields = cleanProviderRecord(find.work.record);
    if (fields === undefined) continue;
    const key = dedupeKey(fields.doi, () => textKey(fields.title), fields.year);
    let candidate = key === undefined ? undefined : byKey.get(key);
    if (candidate === undefined) {
      if (candidates.length >= MAX_CANDIDATES) continue;
      candidate = { fields, sources: [], title: bigramsOf(fields.title), notices: [], versions: [], viaIdentifier: false };
      candidates.push(candidate);
      if (key !== undefined) byKey.set(key, candidate);
    } else fillMissing(candidate.fields, fields);
    if (!candidate.sources.includes(find.source)) {
      candidate.sources.push(find.source);
      candidate.sources.sort((a, b) => ORDER.get(a)! - ORDER.get(b)!);
    }
    candidate.viaIdentifier ||= find.viaIdentifier;
    for (const notice of find.work.notices ?? []) candidate.notices.push({ source: find.source, notice });
    for (const link of find.work.versions ?? []) candidate.versions.push({ source: find.source, link });
  }
  return candidates;
}
