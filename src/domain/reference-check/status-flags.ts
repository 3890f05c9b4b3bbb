import type { ReferenceSourceId, StatusNotice, UpdateStatus, VersionLink } from '../../ports/reference-lookup.port.js';
import { recordOf } from '../literature-search/rank-records.js';
import type { LiteratureRecord } from '../shared/literature-record.js';
import type { Candidate, SourcedNotice } from './candidates.js';
import { doiOf } from './given-reference.js';
import { isPreprint } from './verdict.js';
import { FLAG_SOURCES, type FlagName } from './check-output.js';

/** One flag: the notice's DOI and date when known, and where it was read. */
interface Flag {
  readonly notice_doi?: string;
  readonly date?: string;
  readonly source: (typeof FLAG_SOURCES)[number];
}

/** The flags of one work. */
export type Flags = Partial<Record<FlagName, Flag>>;

/** What each Crossref update type (and the two boolean places) flags; other types (new_version, clarification…) flag nothing. */
const FLAG_OF: Readonly<Record<string, FlagName>> = {
  retraction: 'retracted',
  partial_retraction: 'retracted',
  withdrawal: 'retracted',
  removal: 'retracted',
  correction: 'corrected',
  erratum: 'corrected',
  corrigendum: 'corrected',
  expression_of_concern: 'expression_of_concern',
};

const sourceOf = (source: ReferenceSourceId, notice: StatusNotice): Flag['source'] | undefined => {
  if (source === 'crossref') return notice.place === 'update_to' ? 'crossref_update_to' : notice.place === 'updated_by' ? 'crossref_updated_by' : undefined;
  if (source === 'openalex' && notice.place === 'is_retracted') return 'openalex';
  if (source === 'pubmed' && notice.place === 'pubtype') return 'pubmed';
  return undefined;
};

const DATE = /^\d{4}(?:-\d{2}(?:-\d{2})?)?$/u;

/** How much a flag tells: a notice DOI counts most, then a date, then the place (Crossref's first). */
const weight = (flag: Flag): number =>
  (flag.notice_doi === undefined ? 0 : 100) + (flag.date === undefined ? 0 : 10) + (FLAG_SOURCES.length - FLAG_SOURCES.indexOf(flag.source));

/**
 * Merges what the sources said of a work's status (docs/tools.md#the-reference-check,
 * "Flags"): Crossref `updated-by` on the work and `update-to` on notices pointing at it (both
 * places: either alone flags the work), OpenAlex `is_retracted`, PubMed `Retracted Publication`.
 * Per flag, the notice that tells most wins (a DOI, then a date, then Crossref before the
 * others); between equals, the later date.
 */
export function mergeFlags(notices: readonly SourcedNotice[]): Flags {
  const flags: Flags = {};
  for (const { source, notice } of notices) {
    const name =
      FLAG_OF[
        notice.type
          .trim()
          .toLowerCase()
          .replace(/[\s-]+/gu, '_')
      ];
    const place = sourceOf(source, notice);
    if (name === undefined || place === undefined) continue;
    const noticeDoi = doiOf(notice.noticeDoi);
    const date = notice.date !== undefined && DATE.test(notice.date) ? notice.date : undefined;
    const flag: Flag = { ...(noticeDoi === undefined ? {} : { notice_doi: noticeDoi }), ...(date === undefined ? {} : { date }), source: place };
    const held = flags[name];
    if (held === undefined || weight(flag) > weight(held) || (weight(flag) === weight(held) && (flag.date ?? '') > (held.date ?? ''))) flags[name] = flag;
  }
  return flags;
}

/** The notices Crossref's batched status lookup found for a DOI, as Crossref's own. */
export const noticesFor = (doi: string | undefined, statuses: readonly UpdateStatus[]): SourcedNotice[] =>
  doi === undefined ? [] : statuses.filter((status) => status.doi === doi).map((status) => ({ source: 'crossref' as const, notice: status.notice }));

/** One version of a matched work: what the work is to it, and its record. */
export interface VersionEntry {
  readonly relation: VersionLink['relation'];
  readonly record: LiteratureRecord;
  /** No source described this version: its record holds what the link gave (the DOI, or the link, as title). */
  readonly link_only?: true;
}

/** Most versions listed per work. */
const MAX_VERSIONS = 5;

const keyOf = (doi?: string, arxiv?: string, url?: string): string | undefined =>
  doi !== undefined ? `doi:${doi}` : arxiv !== undefined ? `arxiv:${arxiv}` : url;

/**
 * The versions of a matched work (docs/tools.md#the-reference-check, "Versions"):
 * the other candidates that are its preprint or version of record, then the links the sources
 * gave (Crossref `relation`, arXiv `doi`/`journal_ref`, OpenAlex locations), each described by a
 * candidate with that DOI when there is one, else by the link alone. At most {@link MAX_VERSIONS}.
 */
export function versionsOf(matched: Candidate, otherVersions: readonly Candidate[], candidates: readonly Candidate[]): VersionEntry[] {
  const entries: VersionEntry[] = [];
  const seen = new Set<string>([keyOf(matched.fields.doi, matched.fields.identifiers?.arxiv, matched.fields.url) ?? '']);
  const add = (key: string | undefined, entry: VersionEntry) => {
    if (key === undefined || seen.has(key) || entries.length >= MAX_VERSIONS) return;
    seen.add(key);
    entries.push(entry);
  };
  const relation: VersionLink['relation'] = isPreprint(matched) ? 'preprint_of' : 'version_of_record_of';
  for (const other of otherVersions)
    add(keyOf(other.fields.doi, other.fields.identifiers?.arxiv, other.fields.url), { relation, record: recordOf(other.fields, other.sources) });
  for (const { source, link } of matched.versions) {
    const doi = doiOf(link.doi);
    const described = doi === undefined ? undefined : candidates.find((candidate) => candidate !== matched && candidate.fields.doi === doi);
    // An arXiv record carries its journal version's DOI (§7.4): its `journal_ref` link is still news.
    const key = link.place === 'arxiv_journal_ref' ? `version:${keyOf(doi, link.arxiv, link.url)}` : keyOf(doi, link.arxiv, link.url);
    if (described !== undefined) add(key, { relation: link.relation, record: recordOf(described.fields, described.sources) });
    else {
      const title = doi ?? link.url ?? link.arxiv;
      if (title === undefined) continue;
      const record: LiteratureRecord = { title, provider: source, providers: [source] };
      if (doi !== undefined) record.doi = doi;
      if (link.venue !== undefined) record.venue = link.venue.slice(0, 512);
      if (link.url !== undefined) record.url = link.url.slice(0, 2048);
      if (link.arxiv !== undefined) record.identifiers = { arxiv: link.arxiv.slice(0, 64) };
      record.record_type = link.relation === 'preprint_of' ? 'article' : 'preprint';
      add(key, { relation: link.relation, record, link_only: true });
    }
  }
  return entries;
}
