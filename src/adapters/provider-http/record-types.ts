import type { ProviderRecordType } from '../../ports/provider-client.port.js';
import { asArray, asString } from './json-fields.js';

/*
 * What kind of work a record is, from each source's own type (docs/providers.md#record-types).
 * A source that states no type gives none: the record's type is then the first other source's
 * that knows one (the search merges records in search order), never a guessed `article`.
 */

/** Crossref `type` (its type list, api.crossref.org/types). */
const CROSSREF_TYPES: Readonly<Record<string, ProviderRecordType>> = {
  'journal-article': 'article',
  'posted-content': 'preprint',
  'proceedings-article': 'conference_paper',
  'book-chapter': 'book_chapter',
  'book-section': 'book_chapter',
  'book-part': 'book_chapter',
  'reference-entry': 'book_chapter',
  book: 'book',
  monograph: 'book',
  'edited-book': 'book',
  'reference-book': 'book',
  dissertation: 'thesis',
  dataset: 'dataset',
  database: 'dataset',
};

/** A Crossref work's `type` as a record type: a listed one, any other stated type `other`, none `undefined`. */
export function crossrefRecordType(type: unknown): ProviderRecordType | undefined {
  const stated = asString(type)?.trim().toLowerCase();
  if (stated === undefined || stated === '') return undefined;
  return Object.hasOwn(CROSSREF_TYPES, stated) ? CROSSREF_TYPES[stated] : 'other';
}

/** OpenAlex work `type` (its work types; `letter`, `editorial`, `erratum` and `retraction` appear in journals). */
const OPENALEX_TYPES: Readonly<Record<string, ProviderRecordType>> = {
  article: 'article',
  preprint: 'preprint',
  review: 'review',
  book: 'book',
  dataset: 'dataset',
  'book-chapter': 'book_chapter',
  'reference-entry': 'book_chapter',
  dissertation: 'thesis',
  letter: 'article',
  editorial: 'article',
  erratum: 'article',
  retraction: 'article',
};

/**
 * An OpenAlex work's `type` as a record type: an `article` whose primary location's source is a
 * conference (`primary_location.source.type`) is a conference paper; another stated type not
 * listed is `other`; none → `undefined`.
 */
export function openAlexRecordType(type: unknown, sourceType: unknown): ProviderRecordType | undefined {
  const stated = asString(type)?.trim().toLowerCase();
  if (stated === undefined || stated === '') return undefined;
  if (stated === 'article' && asString(sourceType)?.trim().toLowerCase() === 'conference') return 'conference_paper';
  return Object.hasOwn(OPENALEX_TYPES, stated) ? OPENALEX_TYPES[stated] : 'other';
}

/**
 * Semantic Scholar `publicationTypes` (a list; a paper often has several) in the order the most
 * telling one wins: a review, a conference paper, a book chapter, a book, a dataset, then a
 * journal article. A list of none of these (`News`, `Study`, `Editorial`, …), or none at all →
 * `undefined`: another source may know.
 */
const SEMANTIC_SCHOLAR_TYPES: readonly (readonly [string, ProviderRecordType])[] = [
  ['Review', 'review'],
  ['Conference', 'conference_paper'],
  ['BookSection', 'book_chapter'],
  ['Book', 'book'],
  ['Dataset', 'dataset'],
  ['JournalArticle', 'article'],
];

/** A Semantic Scholar paper's `publicationTypes` as a record type (see {@link SEMANTIC_SCHOLAR_TYPES}). */
export function semanticScholarRecordType(types: unknown): ProviderRecordType | undefined {
  const stated = new Set((asArray(types) ?? []).map((type) => asString(type)?.trim()));
  return SEMANTIC_SCHOLAR_TYPES.find(([type]) => stated.has(type))?.[1];
}

/**
 * A PubMed summary's type: a Bookshelf record (a non-empty `booktitle`: a chapter of a book such
 * as GeneReviews, whose publication type is often `Review`) is a book chapter; else by `pubtype`:
 * `Preprint`, `Review`/`Systematic Review`, `Congress` or a `… Conference`, `Dataset`; else an
 * article (every PubMed citation is a published work).
 */
export function pubMedRecordType(pubTypes: unknown, bookTitle: unknown): ProviderRecordType {
  if ((asString(bookTitle)?.trim() ?? '') !== '') return 'book_chapter';
  const stated = (asArray(pubTypes) ?? []).map((type) => asString(type)?.trim().toLowerCase() ?? '');
  if (stated.includes('preprint')) return 'preprint';
  if (stated.includes('review') || stated.includes('systematic review')) return 'review';
  if (stated.some((type) => type === 'congress' || /(^|\s)conference(,|$)/u.test(type))) return 'conference_paper';
  if (stated.includes('dataset')) return 'dataset';
  return 'article';
}
