import { foldedOrAbsent, foldedOrAbsentStepwise, foldToOneLine } from './one-line-text.js';
import type { Stepwise } from '../shared/stepwise.js';
import type { ExportAuthorInput, ZoteroRecordInput } from './zotero-export-input.js';
import type { RecordType } from '../shared/literature-record.js';

/** An author ready for export: a person (family name, maybe a given name) or a literal name. */
export type ExportAuthor =
  | { readonly kind: 'person'; readonly family: string; readonly given?: string }
  | { readonly kind: 'literal'; readonly literal: string };

/**
 * A record ready for the exporters: every text already folded to one line (no control
 * characters, no line or paragraph separators), empty values dropped. Values are not yet
 * escaped for any format.
 */
export interface ExportRecord {
  readonly title: string;
  readonly authors: readonly ExportAuthor[];
  readonly year?: number;
  readonly venue?: string;
  readonly doi?: string;
  readonly url?: string;
  /** The record's `record_type`, absent read as `article`: each file's entry type (see `EXPORT_TYPES`). */
  readonly type: RecordType;
  readonly arxivId?: string;
  readonly pmid?: string;
  /** The abstract, folded to one line like every other value. */
  readonly abstract?: string;
  /** The record said `retracted: true`: every file flags it with a "Retracted" note. */
  readonly retracted?: true;
}

/** The note every import file gives a retracted record (docs/tools.md#10-qiongli_zotero_export_import_files). */
export const RETRACTED_NOTE = 'Retracted';

/**
 * Most authors exported per record, the first ones in order (the most a literature search
 * keeps, docs/provider-data.md). A longer list is cut: no record's author list can make one
 * step of the export unbounded.
 */
const MAX_EXPORT_AUTHORS = 1000;

const DOI_PREFIX = /^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:)/i;
const ARXIV_PREFIX = /^arxiv:/i;

/**
 * Prepares one validated record for export, with a pause between slices of a long abstract (the
 * only value not bounded by a field limit). The DOI loses a leading resolver URL or `doi:`
 * prefix, the arXiv id a leading `arXiv:`. A person without a family name but with a given
 * name becomes a literal name; an author with no name at all is dropped; authors past the
 * first {@link MAX_EXPORT_AUTHORS} are left out. A non-string `abstract` is ignored; only
 * `retracted: true` marks a record retracted.
 */
export function* toExportRecordStepwise(record: ZoteroRecordInput): Stepwise<ExportRecord> {
  const abstract = typeof record.abstract === 'string' ? yield* foldedOrAbsentStepwise(record.abstract) : undefined;
  const doi = foldedOrAbsent(record.doi?.trim().replace(DOI_PREFIX, ''));
  const arxivId = foldedOrAbsent(record.identifiers?.arxiv?.trim().replace(ARXIV_PREFIX, ''));
  return {
    title: foldToOneLine(record.title),
    authors: (record.authors ?? []).slice(0, MAX_EXPORT_AUTHORS).flatMap(toExportAuthor),
    ...(record.year !== undefined ? { year: record.year } : {}),
    ...optional('venue', foldedOrAbsent(record.venue)),
    ...optional('doi', doi),
    ...optional('url', foldedOrAbsent(record.url)),
    type: record.record_type ?? 'article',
    ...optional('arxivId', arxivId),
    ...optional('pmid', foldedOrAbsent(record.identifiers?.pmid)),
    ...optional('abstract', abstract),
    ...(record.retracted === true ? { retracted: true as const } : {}),
  };
}

function toExportAuthor(author: ExportAuthorInput): ExportAuthor[] {
  if ('family' in author && typeof author.family === 'string') {
    const family = foldedOrAbsent(author.family);
    const given = foldedOrAbsent(typeof author.given === 'string' ? author.given : undefined);
    if (family !== undefined) return [given !== undefined ? { kind: 'person', family, given } : { kind: 'person', family }];
    return given !== undefined ? [{ kind: 'literal', literal: given }] : [];
  }
  const literal = foldedOrAbsent(typeof author.literal === 'string' ? author.literal : undefined);
  return literal !== undefined ? [{ kind: 'literal', literal }] : [];
}

const optional = <K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } => (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
