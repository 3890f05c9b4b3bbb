/**
 * The Zotero item type each record type must become through Zotero's own CSL JSON import
 * (docs/zotero.md#item-types), written out for the tests that check it; `absent` is a record no
 * source typed.
 */
export const ZOTERO_ITEM_TYPES = {
  absent: 'journalArticle',
  article: 'journalArticle',
  review: 'journalArticle',
  preprint: 'preprint',
  conference_paper: 'conferencePaper',
  book_chapter: 'bookSection',
  book: 'book',
  thesis: 'thesis',
  dataset: 'dataset',
  other: 'document',
} as const;
