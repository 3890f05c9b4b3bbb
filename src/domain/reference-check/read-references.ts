import type { BibliographyParser } from '../../ports/bibliography-parser.port.js';
import type { Stepwise } from '../shared/stepwise.js';
import {
  arxivInText,
  arxivOf,
  checkable,
  doiInText,
  doiOf,
  KEPT_CHARACTERS,
  keptText,
  pmidOf,
  surnameOf,
  yearIn,
  type GivenReference,
} from './given-reference.js';
import { readBibtex } from './read-bibtex.js';
import { readCslJson } from './read-csl-json.js';
import { readPlainText, referenceOfText } from './read-plain-text.js';
import { readRis } from './read-ris.js';
import type { ReferenceFormat, ReferenceObject } from './reference-check-input.js';
import { detectFormat, withoutNul } from './reference-format.js';

export { detectFormat } from './reference-format.js';

/** The reference one object describes; its `text` fills in what the fields leave out. */
function referenceOfObject(object: ReferenceObject): GivenReference {
  const fromText = object.text === undefined ? undefined : referenceOfText(object.text);
  if (fromText?.unreadable !== undefined && object.title === undefined) return fromText;
  const reference: { -readonly [K in keyof GivenReference]: GivenReference[K] } = {};
  const title = keptText(object.title, KEPT_CHARACTERS.title);
  if (title !== undefined) reference.title = title;
  else if (fromText?.text !== undefined) reference.text = fromText.text;
  const firstAuthor = surnameOf(object.authors?.[0]) ?? fromText?.firstAuthor;
  if (firstAuthor !== undefined) reference.firstAuthor = firstAuthor;
  const year = yearIn(object.year) ?? fromText?.year;
  if (year !== undefined) reference.year = year;
  const venue = keptText(object.venue, KEPT_CHARACTERS.venue);
  if (venue !== undefined) reference.venue = venue;
  const doi = doiOf(object.doi) ?? (object.doi === undefined ? undefined : doiInText(object.doi)) ?? fromText?.doi;
  if (doi !== undefined) reference.doi = doi;
  const pmid = pmidOf(object.pmid) ?? fromText?.pmid;
  if (pmid !== undefined) reference.pmid = pmid;
  const arxiv = arxivOf(object.arxiv) ?? (object.arxiv === undefined ? undefined : arxivInText(object.arxiv)) ?? fromText?.arxiv;
  if (arxiv !== undefined) reference.arxiv = arxiv;
  return checkable(reference);
}

/**
 * The references of a call, in input order (docs/tools.md#the-reference-check):
 * a string read in its named or detected format, or the objects of a list. NUL characters are
 * dropped first. Every reader is stepwise (one reference per step, long scans paused) and stops
 * one reference past the call's limit; unreadable references keep their place.
 */
export function* readReferences(
  references: string | readonly ReferenceObject[],
  format: ReferenceFormat | undefined,
  parser: BibliographyParser,
): Stepwise<GivenReference[]> {
  if (typeof references !== 'string') {
    const read: GivenReference[] = [];
    for (const object of references) {
      read.push(referenceOfObject(object));
      yield;
    }
    return read;
  }
  const text = withoutNul(references);
  switch (format ?? detectFormat(text)) {
    case 'bibtex':
      return yield* readBibtex(text, parser);
    case 'ris':
      return yield* readRis(text);
    case 'csl-json':
      return yield* readCslJson(text);
    case 'text':
      return yield* readPlainText(text);
  }
}
