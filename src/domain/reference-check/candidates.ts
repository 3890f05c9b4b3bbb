import { PROVIDER_IDS } from '../../ports/config-source.port.js';
import type { FoundWork, ReferenceSourceId, StatusNotice, VersionLink } from '../../ports/reference-lookup.port.js';
import { cleanProviderRecord, type RecordFields } from '../literature-search/clean-provider-record.js';
import { fillMissing } from '../literature-search/dedupe-records.js';
import { dedupeKey, textKey } from '../literature-search/record-keys.js';
import type { MatchScore } from './match-score.js';
import { bigramsOf, nameKey, recordSurname, type Bigrams } from './text-similarity.js';

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
interface SourcedVersion {
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
  /** How often a find was merged into it (its fields may have changed each time). */
  changes: number;
  /** Comparison forms computed once, kept while what they come from stays the same. */
  readonly memo: {
    authors?: unknown;
    surnames?: string[];
    venueText?: string;
    venue?: Bigrams;
    score?: MatchScore;
    scoredFor?: object;
    scoredAt?: number;
  };
}

/**
 * Comparison forms per record object — title bigrams, surname keys —, so a source's answer (a
 * cache hit, a work found for several references) is reduced once.
 */
const TITLE_BIGRAMS = new WeakMap<object, Bigrams>();
const SURNAMES = new WeakMap<object, string[]>();

/** Most authors of a candidate compared with a reference's first author. */
const COMPARED_AUTHORS = 20;

const keysOf = (authors: RecordFields['authors']): string[] => (authors ?? []).slice(0, COMPARED_AUTHORS).map((author) => nameKey(recordSurname(author)));

/** The name keys of a candidate's authors' surnames (at most 20), first author first. */
export function surnameKeysOf(candidate: Candidate): string[] {
  const { memo, fields } = candidate;
  if (memo.surnames === undefined || memo.authors !== fields.authors) {
    memo.authors = fields.authors;
    memo.surnames = keysOf(fields.authors);
  }
  return memo.surnames;
}

/** The bigrams of a candidate's venue, when it has one. */
export function venueBigramsOf(candidate: Candidate): Bigrams | undefined {
  const { memo, fields } = candidate;
  if (fields.venue === undefined) return undefined;
  if (memo.venue === undefined || memo.venueText !== fields.venue) {
    memo.venueText = fields.venue;
    memo.venue = bigramsOf(fields.venue);
  }
  return memo.venue;
}

const ORDER = new Map<string, number>(PROVIDER_IDS.map((id, index) => [id, index]));

/** Most candidates kept per reference (five sources × a few each, merged). */
const MAX_CANDIDATES = 30;

/**
 * The candidates of one reference, merged as the sources' works arrive, as a search dedupes
 * (§7.3.5: `doi:<doi>`, else `title:<compact title>:<year>`; records without either never merge;
 * missing fields filled from later records). Records are cleaned as every provider record is
 * (`cleanProviderRecord`); one without a title is skipped. Notices and version links are kept
 * with their source. At most {@link MAX_CANDIDATES}, first seen first.
 */
export class CandidatePool {
  readonly candidates: Candidate[] = [];
  private readonly byKey = new Map<string, Candidate>();

  add(find: SourceFind): void {
    const fields = cleanProviderRecord(find.work.record);
    if (fields === undefined) return;
    const key = dedupeKey(fields.doi, () => textKey(fields.title), fields.year);
    let candidate = key === undefined ? undefined : this.byKey.get(key);
    if (candidate === undefined) {
      if (this.candidates.length >= MAX_CANDIDATES) return;
      let title = TITLE_BIGRAMS.get(find.work.record);
      if (title === undefined) TITLE_BIGRAMS.set(find.work.record, (title = bigramsOf(fields.title)));
      let surnames = SURNAMES.get(find.work.record);
      if (surnames === undefined) SURNAMES.set(find.work.record, (surnames = keysOf(fields.authors)));
      candidate = { fields, sources: [], title, notices: [], versions: [], viaIdentifier: false, changes: 0, memo: { authors: fields.authors, surnames } };
      this.candidates.push(candidate);
      if (key !== undefined) this.byKey.set(key, candidate);
    } else fillMissing(candidate.fields, fields);
    if (!candidate.sources.includes(find.source)) {
      candidate.sources.push(find.source);
      candidate.sources.sort((a, b) => ORDER.get(a)! - ORDER.get(b)!);
    }
    candidate.viaIdentifier ||= find.viaIdentifier;
    candidate.changes += 1;
    for (const notice of find.work.notices ?? []) candidate.notices.push({ source: find.source, notice });
    for (const link of find.work.versions ?? []) candidate.versions.push({ source: find.source, link });
  }
}
