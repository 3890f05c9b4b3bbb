import type { BibliographyParser, BibtexFields } from '../../ports/bibliography-parser.port.js';
import type { Stepwise } from '../shared/stepwise.js';
import { MAX_REFERENCES } from './reference-check-input.js';
import { reduceEntry, splitBibtex } from './bibtex-entries.js';
import { plainBibtexFields } from './bibtex-plain.js';
import {
  arxivInText,
  arxivOf,
  checkable,
  doiInText,
  doiOf,
  KEPT_CHARACTERS,
  keptText,
  pmidOf,
  unreadable,
  yearIn,
  type GivenReference,
} from './given-reference.js';

/** Entry types that are not references. */
const NOT_REFERENCES = new Set(['comment', 'preamble', 'string']);

/** Most characters of `@string` definitions handed to the parser with each entry that uses a macro. */
const MAX_STRINGS_CHARACTERS = 2048;

/** Whether a reduced entry has a bare value (a macro name) the `@string` definitions may resolve. */
const usesMacro = (entry: string): boolean => /(?:=|#)\s*[A-Za-z]/u.test(entry);

/** The reference one entry's fields describe. */
function referenceOfBibtex(fields: BibtexFields): GivenReference {
  const first = fields.authors?.[0];
  const eprintIsArxiv = fields.eprint !== undefined && (fields.eprintType === undefined || /arxiv/iu.test(fields.eprintType));
  const reference: { -readonly [K in keyof GivenReference]: GivenReference[K] } = {};
  const title = keptText(fields.title, KEPT_CHARACTERS.title);
  if (title !== undefined) reference.title = title;
  const firstAuthor = first === undefined ? undefined : keptText('literal' in first ? first.literal : first.family, KEPT_CHARACTERS.firstAuthor);
  if (firstAuthor !== undefined) reference.firstAuthor = firstAuthor;
  const year = yearIn(fields.year) ?? yearIn(fields.date);
  if (year !== undefined) reference.year = year;
  const venue = keptText(fields.venue, KEPT_CHARACTERS.venue);
  if (venue !== undefined) reference.venue = venue;
  const doi = doiOf(fields.doi) ?? (fields.url === undefined ? undefined : doiInText(fields.url));
  if (doi !== undefined) reference.doi = doi;
  const pmid = pmidOf(fields.pmid);
  if (pmid !== undefined) reference.pmid = pmid;
  const arxiv = (eprintIsArxiv ? arxivOf(fields.eprint) : undefined) ?? (fields.url === undefined ? undefined : arxivInText(fields.url));
  if (arxiv !== undefined) reference.arxiv = arxiv;
  return checkable(reference);
}

/**
 * Reads a BibTeX bibliography (docs/tools.md#the-reference-check): split into
 * entries ({@link splitBibtex}), each reduced and bounded ({@link reduceEntry}) and read — plain
 * entries at once ({@link plainBibtexFields}), the others by the parser —, one entry per step. `@comment`, `@preamble` and `@string` are not references;
 * `@string` definitions (the first 2 KiB) resolve macros. An entry that cannot be read stays in
 * the list as an unreadable reference. Reading stops after one reference more than a call may
 * check (the caller then refuses the call).
 */
export function* readBibtex(text: string, parser: BibliographyParser): Stepwise<GivenReference[]> {
  const chunks = yield* splitBibtex(text);
  let strings = '';
  for (const chunk of chunks) {
    if (chunk.type !== 'string' || chunk.unterminated) continue;
    const definition = text.slice(chunk.start, chunk.end);
    if (strings.length + definition.length <= MAX_STRINGS_CHARACTERS) strings += `${definition}\n`;
  }
  const references: GivenReference[] = [];
  for (const chunk of chunks) {
    if (references.length > MAX_REFERENCES) break;
    if (NOT_REFERENCES.has(chunk.type)) continue;
    if (chunk.unterminated) {
      references.push(unreadable('syntax'));
      continue;
    }
    const reduced = reduceEntry(text, chunk);
    if (!reduced.ok) {
      references.push(unreadable(reduced.error));
      yield;
      continue;
    }
    const plain = plainBibtexFields(chunk.type, reduced.value.fields);
    if (plain !== undefined) references.push(referenceOfBibtex(plain));
    else {
      const { text: entry } = reduced.value;
      const reading = parser.readEntry(entry, strings.length > 0 && usesMacro(entry) ? strings : undefined);
      references.push(reading.ok ? referenceOfBibtex(reading.value) : unreadable('syntax'));
    }
    yield;
  }
  return references;
}
