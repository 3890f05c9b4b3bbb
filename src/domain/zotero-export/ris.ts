import type { ExportAuthor, ExportRecord } from './export-record.js';

/**
 * Builds `references.ris` (SPEC §6.4 #10). Per record: `TY  - JOUR` (`GEN` for a preprint), one
 * `AU  - Last, First` per author, then `TI`, `PY`, `JO`, `DO`, `UR` when known, and `ER  - `.
 * Records are separated by a blank line; lines end with `\n`; the file ends with a newline
 * (empty when there are no records).
 *
 * Every value was folded to one line when the record was prepared, so no value can end a line and
 * start a tag of its own: each line of the file is a tag line or the blank separator.
 */
export function ris(records: readonly ExportRecord[]): string {
  if (records.length === 0) return '';
  return `${records.map(risEntry).join('\n\n')}\n`;
}

function risEntry(record: ExportRecord): string {
  const lines = [tag('TY', record.preprint ? 'GEN' : 'JOUR')];
  for (const author of record.authors) lines.push(tag('AU', risName(author)));
  lines.push(tag('TI', record.title));
  if (record.year !== undefined) lines.push(tag('PY', String(record.year)));
  if (record.venue !== undefined) lines.push(tag('JO', record.venue));
  if (record.doi !== undefined) lines.push(tag('DO', record.doi));
  if (record.url !== undefined) lines.push(tag('UR', record.url));
  lines.push('ER  - ');
  return lines.join('\n');
}

const tag = (name: string, value: string): string => `${name}  - ${value}`;

const risName = (author: ExportAuthor): string =>
  author.kind === 'literal' ? author.literal : author.given !== undefined ? `${author.family}, ${author.given}` : author.family;
