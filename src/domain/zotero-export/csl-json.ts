import type { Stepwise } from '../shared/stepwise.js';
import { jsonStringStepwise, TEXT_SLICE_UNITS } from '../shared/sliced-text.js';
import { RETRACTED_NOTE, type ExportAuthor, type ExportRecord } from './export-record.js';
import { EXPORT_TYPES, type CslType } from './export-types.js';

/** One CSL-JSON item as written to `references.json`. */
export interface CslItem {
  readonly id: string;
  readonly type: CslType;
  readonly title: string;
  readonly author?: ReadonlyArray<{ family: string; given?: string } | { literal: string }>;
  readonly issued?: { readonly 'date-parts': ReadonlyArray<readonly [number]> };
  readonly 'container-title'?: string;
  readonly DOI?: string;
  readonly URL?: string;
  readonly PMID?: string;
  readonly publisher?: string;
  readonly number?: string;
  readonly abstract?: string;
  readonly note?: typeof RETRACTED_NOTE;
  readonly source: 'qiongli';
}

/** One record's item as it appears inside the array of `references.json` (indented, no separator). */
export const cslEntry = (record: ExportRecord, id: string): string => JSON.stringify([cslItem(record, id)], null, 2).slice(4, -2); // "[\n  " … "\n]"

/** Where a long abstract goes in an entry written with an empty one (a raw newline is never inside a JSON string). */
const EMPTY_ABSTRACT = '\n    "abstract": ""';

/**
 * {@link cslEntry} with a long abstract encoded slice by slice (issue 19, row 6): the entry is
 * written with an empty abstract, whose place then takes the abstract's JSON string.
 */
export function* cslEntryStepwise(record: ExportRecord, id: string): Stepwise<string> {
  if (record.abstract === undefined || record.abstract.length <= TEXT_SLICE_UNITS) return cslEntry(record, id);
  const literal = yield* jsonStringStepwise(record.abstract);
  const entry = cslEntry({ ...record, abstract: '' }, id);
  const at = entry.indexOf(EMPTY_ABSTRACT) + EMPTY_ABSTRACT.length - 2;
  return `${entry.slice(0, at)}${literal}${entry.slice(at + 2)}`;
}

/**
 * `references.json` from its entries ({@link cslEntry}; docs/tools.md#10-qiongli_zotero_export_import_files): a CSL-JSON array, one item per record, the bytes
 * `JSON.stringify(items, null, 2)` writes, and a newline. `type` follows the record type (`EXPORT_TYPES`: a preprint is
 * `article`, which Zotero makes a Preprint item; an article or review `article-journal`; …).
 * The venue is `container-title`, or `publisher` for a book, thesis, dataset or other work; an
 * arXiv preprint names `arXiv` as publisher (Zotero: repository) and `arXiv:<id>` as number
 * (Zotero: archive ID), another preprint its venue as publisher. The abstract is
 * `abstract`; a retracted record gets `note: "Retracted"` (Zotero: Extra). `id` is the record's
 * citation key. Keys always appear in the same order, so the same records give the same bytes.
 */
export const cslFile = (entries: readonly string[]): string => (entries.length === 0 ? '[]\n' : `[\n  ${entries.join(',\n  ')}\n]\n`);

function cslItem(record: ExportRecord, id: string): CslItem {
  const exportType = EXPORT_TYPES[record.type];
  const arxiv = record.type === 'preprint' && record.arxivId !== undefined;
  const publisher = arxiv ? 'arXiv' : exportType.cslVenue === 'publisher' || record.type === 'preprint' ? record.venue : undefined;
  return {
    id,
    type: exportType.csl,
    title: record.title,
    ...(record.authors.length > 0 ? { author: record.authors.map(cslName) } : {}),
    ...(record.year !== undefined ? { issued: { 'date-parts': [[record.year] as const] } } : {}),
    ...(record.venue !== undefined && exportType.cslVenue === 'container-title' ? { 'container-title': record.venue } : {}),
    ...(record.doi !== undefined ? { DOI: record.doi } : {}),
    ...(record.url !== undefined ? { URL: record.url } : {}),
    ...(record.pmid !== undefined ? { PMID: record.pmid } : {}),
    ...(publisher !== undefined ? { publisher } : {}),
    ...(arxiv ? { number: `arXiv:${record.arxivId}` } : {}),
    ...(record.abstract !== undefined ? { abstract: record.abstract } : {}),
    ...(record.retracted === true ? { note: RETRACTED_NOTE } : {}),
    source: 'qiongli',
  };
}

/** An author as a CSL name: `literal`, or `family` with `given` when known. */
export const cslName = (author: ExportAuthor): { family: string; given?: string } | { literal: string } =>
  author.kind === 'literal'
    ? { literal: author.literal }
    : author.given !== undefined
      ? { family: author.family, given: author.given }
      : { family: author.family };
