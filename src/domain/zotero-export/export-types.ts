import type { RecordType } from '../shared/literature-record.js';

/** The CSL-JSON item types the exports write. */
export type CslType = 'article-journal' | 'article' | 'paper-conference' | 'chapter' | 'book' | 'thesis' | 'dataset' | 'document';

/** How one record type is written in each file, and where its venue goes. */
export interface ExportType {
  /** CSL-JSON `type`; Zotero's CSL JSON import makes the Zotero type from it (docs/zotero.md#item-types). */
  readonly csl: CslType;
  /** The CSL-JSON variable that carries the venue (Zotero keeps `container-title` only for types with a publication title). */
  readonly cslVenue: 'container-title' | 'publisher';
  /** RIS `TY`. */
  readonly ris: string;
  /** The RIS tag that carries the venue. */
  readonly risVenue: 'JO' | 'T2' | 'PB';
  /** BibTeX entry type. */
  readonly bibtex: string;
  /** The BibTeX field that carries the venue. */
  readonly bibtexVenue: 'journal' | 'howpublished' | 'booktitle' | 'publisher' | 'school';
}

const journal: ExportType = { csl: 'article-journal', cslVenue: 'container-title', ris: 'JOUR', risVenue: 'JO', bibtex: 'article', bibtexVenue: 'journal' };

/**
 * Each record type in each file (docs/zotero.md#item-types), checked against Zotero's own
 * import translators: CSL `article` is Zotero's Preprint, `paper-conference` a Conference
 * Paper, `chapter` a Book Section, `document` a Document; a review article is a journal
 * article (CSL `review` would become a Document). RIS has no preprint type (Zotero reads `GEN`
 * as a journal article), so only CSL-JSON keeps a preprint a preprint. Books, theses and
 * datasets have no publication title in Zotero, so their venue is the publisher (a thesis's
 * university, a dataset's repository).
 */
export const EXPORT_TYPES: Readonly<Record<RecordType, ExportType>> = {
  article: journal,
  review: journal,
  preprint: { csl: 'article', cslVenue: 'container-title', ris: 'GEN', risVenue: 'JO', bibtex: 'misc', bibtexVenue: 'howpublished' },
  conference_paper: { csl: 'paper-conference', cslVenue: 'container-title', ris: 'CONF', risVenue: 'T2', bibtex: 'inproceedings', bibtexVenue: 'booktitle' },
  book_chapter: { csl: 'chapter', cslVenue: 'container-title', ris: 'CHAP', risVenue: 'T2', bibtex: 'incollection', bibtexVenue: 'booktitle' },
  book: { csl: 'book', cslVenue: 'publisher', ris: 'BOOK', risVenue: 'PB', bibtex: 'book', bibtexVenue: 'publisher' },
  thesis: { csl: 'thesis', cslVenue: 'publisher', ris: 'THES', risVenue: 'PB', bibtex: 'phdthesis', bibtexVenue: 'school' },
  dataset: { csl: 'dataset', cslVenue: 'publisher', ris: 'DATA', risVenue: 'PB', bibtex: 'misc', bibtexVenue: 'howpublished' },
  other: { csl: 'document', cslVenue: 'publisher', ris: 'GEN', risVenue: 'JO', bibtex: 'misc', bibtexVenue: 'howpublished' },
};
