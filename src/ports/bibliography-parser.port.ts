import { portToken, type PortToken } from './port-token.js';

/** An author of a BibTeX entry: a person's `family` and `given` names, or an institution's `literal` name. */
export type BibtexAuthor = { readonly family: string; readonly given?: string } | { readonly literal: string };

/**
 * The fields of one BibTeX entry a reference check reads, LaTeX turned into Unicode text
 * (`{\"U}ber` → `Über`) and whitespace collapsed; absent fields are omitted.
 */
export interface BibtexFields {
  /** The entry type, lowercased (`article`, `inproceedings`, …). */
  readonly type: string;
  readonly title?: string;
  readonly authors?: readonly BibtexAuthor[];
  /** `year` as written (the domain reads four digits out of it). */
  readonly year?: string;
  /** `date` (biblatex) as written. */
  readonly date?: string;
  /** `journal`, `journaltitle` or `booktitle`, the first present. */
  readonly venue?: string;
  readonly doi?: string;
  readonly pmid?: string;
  /** `eprint`, with `archiveprefix`/`eprinttype` when present (the domain keeps it only for arXiv). */
  readonly eprint?: string;
  readonly eprintType?: string;
  readonly url?: string;
}

/**
 * Where each field of {@link BibtexFields} is read from: the BibTeX fields in order, the first
 * with a value winning. Both readers (the library's and the plain-entry one) follow it.
 */
export const BIBTEX_FIELD_SOURCES: readonly (readonly [Exclude<keyof BibtexFields, 'type' | 'authors'>, readonly string[]])[] = [
  ['title', ['title']],
  ['year', ['year']],
  ['date', ['date']],
  ['venue', ['journal', 'journaltitle', 'booktitle']],
  ['doi', ['doi']],
  ['pmid', ['pmid']],
  ['eprint', ['eprint']],
  ['eprintType', ['archiveprefix', 'eprinttype']],
  ['url', ['url']],
];

/** What reading one entry gives: its fields, or that the parser could not read it (no detail: input is never echoed). */
export type BibtexEntryReading = { readonly ok: true; readonly value: BibtexFields } | { readonly ok: false; readonly error: 'unreadable' };

/**
 * A BibTeX parser (docs/tools.md#the-reference-check): reads ONE entry at a time.
 * The domain splits a bibliography into entries and bounds each before it gets here (at most
 * {@link MAX_PARSED_ENTRY_CHARACTERS} characters, braces nested at most {@link MAX_PARSED_BRACE_DEPTH}
 * deep), because the library behind it takes seconds on a long field and minutes on 256 KiB of
 * `@` signs (measurements in src/domain/reference-check/bibtex-entries.ts).
 *
 * Promise: synchronous, never throws (a library error is `unreadable`), keeps no state between
 * calls; `strings` are `@string` definitions of the same bibliography, as BibTeX text.
 */
export interface BibliographyParser {
  readEntry(entry: string, strings?: string): BibtexEntryReading;
}

/** Longest entry text handed to {@link BibliographyParser.readEntry}. */
export const MAX_PARSED_ENTRY_CHARACTERS = 4096;

/** Deepest brace nesting in an entry handed to {@link BibliographyParser.readEntry} (the entry's own braces count as 1). */
export const MAX_PARSED_BRACE_DEPTH = 8;

/**
 * Where the {@link BibliographyParser} comes from: its library brings about 5 MB of code, so the
 * composition root loads it on the first call that reads BibTeX (a dynamic import), never at
 * start-up. `load` shares one load; a failure to load rejects.
 */
export interface BibliographyParserSource {
  load(): Promise<BibliographyParser>;
}

/** Service identifier of the {@link BibliographyParserSource} port. */
export const BibliographyParserSourceId: PortToken<BibliographyParserSource> = portToken('qiongli.BibliographyParserSource');
