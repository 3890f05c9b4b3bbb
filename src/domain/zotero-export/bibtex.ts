import { RETRACTED_NOTE, type ExportAuthor, type ExportRecord } from './export-record.js';
import { blankLineSeparated } from './ris.js';
import { EXPORT_TYPES } from './export-types.js';
import { finishNow, type Stepwise } from '../shared/stepwise.js';
import { transformInSlices } from '../shared/sliced-text.js';

/*
 * BibTeX (and biber's btparse, and pybtex) find the end of a braced value by counting braces,
 * and a backslash does not hide one: `\}` still closes a level, so `title = {x\}, author =
 * {Forged}}` would end the title at `x\` and forge an author. A brace of a value is therefore
 * written as LaTeX's escaped brace next to an invisible `\vphantom` holding the opposite one, as
 * Zotero's own exporter does: `{` → `\{\vphantom{\}}`, `}` → `\vphantom{\{}\}`. Each is
 * balanced for a brace counter (it never dips below the level it starts at) and prints one
 * brace in LaTeX.
 */
const ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\textbackslash{}',
  '{': '\\{\\vphantom{\\}}',
  '}': '\\vphantom{\\{}\\}',
  '#': '\\#',
  '%': '\\%',
  '&': '\\&',
  _: '\\_',
  $: '\\$',
  '^': '\\^{}',
  '~': '\\~{}',
};

/**
 * Escapes the ten BibTeX/LaTeX special characters `\ { } # % & _ $ ^ ~` of a folded value so
 * that the result is balanced for BibTeX's brace counting (see the note on the escapes above):
 * no value can close its field, forge a field or an entry, or leave the file open.
 */
export const escapeBibtex = (value: string): string => value.replace(/[\\{}#%&_$^~]/g, (ch) => ESCAPES[ch] ?? ch);

/**
 * Makes a DOI or URL safe inside a braced BibTeX value without LaTeX escaping (which would
 * corrupt it): `{`, `}`, `\`, `$` and spaces are percent-encoded (`%7B`, `%7D`, `%5C`, `%24`,
 * `%20`), so the value can never unbalance braces nor open math for Better BibTeX's reader (which
 * refuses an entry with an unclosed `$`). Every other character is kept.
 */
export const bibtexLink = (value: string): string => value.replace(/[{}\\ $]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);

/**
 * `bibliography.bib` from its entries ({@link bibtexEntry}; docs/tools.md#10-qiongli_zotero_export_import_files): blank-line separated, a final newline,
 * empty without records. A record is `@article{key,` with `title`, `author`
 * (` and `-joined), `year`, `journal`, `doi`, `url` when known. The entry type and the venue's
 * field follow the record type (`EXPORT_TYPES`): a preprint is `@misc{key,` with the venue as
 * `howpublished`, a proceedings paper `@inproceedings` and a chapter `@incollection` with
 * `booktitle`, a book `@book` with `publisher`, a thesis `@phdthesis` with `school`, a dataset
 * or other work `@misc`; an arXiv preprint adds `eprinttype = {arxiv}` and
 * `eprint = {<id>}`; then `abstract` when known and `note = {Retracted}` for a retracted record. Values were folded to one line; text values are then escaped with
 * {@link escapeBibtex}, DOI and URL with {@link bibtexLink}.
 *
 * Every value is balanced for a brace counter that ignores backslashes, as BibTeX, biber and
 * pybtex count, so no value can close an entry or a field early or leave it open.
 */
export const bibtexFile = blankLineSeparated;

/** One record's BibTeX entry. */
export const bibtexEntry = (record: ExportRecord, key: string): string => finishNow(bibtexEntryStepwise(record, key)) as string;

/**
 * {@link bibtexEntry} with a pause between slices of a long abstract (escaping a
 * 1,000,000-character one took ~400 ms in one go); `undefined` as soon as the escaped abstract
 * alone exceeds `maxUnits` code units.
 */
export function* bibtexEntryStepwise(record: ExportRecord, key: string, maxUnits = Number.POSITIVE_INFINITY): Stepwise<string | undefined> {
  const abstract = record.abstract === undefined ? undefined : yield* transformInSlices(record.abstract, escapeBibtex, maxUnits);
  if (record.abstract !== undefined && abstract === undefined) return undefined;
  const fields: Array<[string, string]> = [['title', escapeBibtex(record.title)]];
  if (record.authors.length > 0) fields.push(['author', record.authors.map(bibtexName).join(' and ')]);
  if (record.year !== undefined) fields.push(['year', String(record.year)]);
  const exportType = EXPORT_TYPES[record.type];
  if (record.venue !== undefined) fields.push([exportType.bibtexVenue, escapeBibtex(record.venue)]);
  if (record.doi !== undefined) fields.push(['doi', bibtexLink(record.doi)]);
  if (record.url !== undefined) fields.push(['url', bibtexLink(record.url)]);
  if (record.type === 'preprint' && record.arxivId !== undefined) {
    fields.push(['eprinttype', 'arxiv'], ['eprint', escapeBibtex(record.arxivId)]);
  }
  if (abstract !== undefined) fields.push(['abstract', abstract]);
  if (record.retracted === true) fields.push(['note', RETRACTED_NOTE]);
  const body = fields.map(([name, value]) => `  ${name} = {${value}}`).join(',\n');
  return `@${exportType.bibtex}{${key},\n${body}\n}`;
}

// A literal name, or a family name standing alone, is braced so BibTeX keeps it whole. A part
// holding a comma or the word "and" is braced so it cannot split the name list.
function bibtexName(author: ExportAuthor): string {
  if (author.kind === 'literal') return `{${escapeBibtex(author.literal)}}`;
  if (author.given === undefined) return `{${escapeBibtex(author.family)}}`;
  return `${protect(escapeBibtex(author.family))}, ${protect(escapeBibtex(author.given))}`;
}

const protect = (part: string): string => (/,|(^|\s)and(\s|$)/i.test(part) ? `{${part}}` : part);
