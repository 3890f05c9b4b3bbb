import { RETRACTED_NOTE, type ExportAuthor, type ExportRecord } from './export-record.js';
import { EXPORT_TYPES } from './export-types.js';

/** Entries separated by a blank line, with a final newline; empty without entries (RIS and BibTeX files). */
export const blankLineSeparated = (entries: readonly string[]): string => (entries.length === 0 ? '' : `${entries.join('\n\n')}\n`);

/**
 * `references.ris` from its entries ({@link risEntry}; docs/tools.md#10-qiongli_zotero_export_import_files). Per record: `TY` by record type (`JOUR` for an
 * article or review, `GEN` for a preprint, `CONF`, `CHAP`, `BOOK`, `THES`, `DATA`; see
 * `EXPORT_TYPES`), one `AU  - Last, First` per author, then `TI`, `PY`, the venue (`JO`; `T2`
 * for a proceedings paper or chapter; `PB` for a book, thesis or dataset), `DO`, `UR`, `AB` (abstract) when known,
 * `N1  - Retracted` for a retracted record, and `ER  - `.
 * Records are separated by a blank line; lines end with `\n`; the file ends with a newline
 * (empty when there are no records).
 *
 * Every value was folded to one line when the record was prepared, so no value can end a line and
 * start a tag of its own: each line of the file is a tag line or the blank separator.
 */
export const risFile = blankLineSeparated;

/** One record's RIS entry, `TY` to `ER`. */
export function risEntry(record: ExportRecord): string {
  const exportType = EXPORT_TYPES[record.type];
  const lines = [tag('TY', exportType.ris)];
  for (const author of record.authors) lines.push(tag('AU', risName(author)));
  lines.push(tag('TI', record.title));
  if (record.year !== undefined) lines.push(tag('PY', String(record.year)));
  if (record.venue !== undefined) lines.push(tag(exportType.risVenue, record.venue));
  if (record.doi !== undefined) lines.push(tag('DO', record.doi));
  if (record.url !== undefined) lines.push(tag('UR', record.url));
  if (record.abstract !== undefined) lines.push(tag('AB', record.abstract));
  if (record.retracted === true) lines.push(tag('N1', RETRACTED_NOTE));
  lines.push('ER  - ');
  return lines.join('\n');
}

const tag = (name: string, value: string): string => `${name}  - ${value}`;

const risName = (author: ExportAuthor): string =>
  author.kind === 'literal' ? author.literal : author.given !== undefined ? `${author.family}, ${author.given}` : author.family;
