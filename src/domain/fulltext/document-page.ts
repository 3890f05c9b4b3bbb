import type { FullTextDocument } from '../../ports/fulltext-client.port.js';
import type { Stepwise } from '../shared/stepwise.js';
import type { ReadFullTextArguments } from './fulltext-input.js';
import type { ReadFullTextResult } from './fulltext-output.js';
import { findPassages } from './passage-find.js';
import { identifyPassages, type TextDigest } from './passage-ids.js';
import { inSection, pageOf, resolveSection } from './passage-pages.js';
import { recheckPassages } from './passage-recheck.js';

/** Static notes a page may carry (docs/tools.md#qiongli_literature_read_fulltext). */
export const PAGE_NOTES = {
  noSection: 'No section matches the section argument; pick an id or heading from sections.',
  noMatch: 'No passage contains the find terms.',
  documentCut: 'The document is longer than the reader keeps; its last passages are left out.',
} as const;

/** What one page of a document shows. */
export interface DocumentPage {
  readonly sections: ReadFullTextResult['sections'];
  readonly passages: ReadFullTextResult['passages'];
  /** Offset of the next page, when there is one. */
  readonly next?: number;
  readonly note?: string;
  readonly rechecked?: ReadFullTextResult['rechecked'];
}

/**
 * One page of a document for the given arguments, stepwise: passage ids assigned, the
 * `section` narrowing and the `find` ranking applied (terms already parsed), then the page at
 * `offset` cut to `max_chars`. `recheck` ids are judged against the whole document.
 */
export function* documentPage(
  document: FullTextDocument,
  args: ReadFullTextArguments,
  terms: readonly string[] | undefined,
  offset: number,
  digest: TextDigest,
): Stepwise<DocumentPage> {
  const passages = yield* identifyPassages(document, digest);
  const sections = document.sections.map(({ id, heading, level }) => ({ id, heading, level }));
  const rechecked = args.recheck === undefined ? undefined : recheckPassages(args.recheck, passages);
  const section = args.section === undefined ? undefined : resolveSection(document.sections, args.section);
  let note: string | undefined = document.truncated ? PAGE_NOTES.documentCut : undefined;
  let order = passages.map((_, index) => index);
  if (args.section !== undefined) {
    order = section === undefined ? [] : order.filter((index) => inSection(passages[index]!, section));
    if (section === undefined) note = PAGE_NOTES.noSection;
  }
  let matches = new Set<number>();
  if (terms !== undefined && order.length > 0) {
    const found = yield* findPassages(passages, order, terms);
    order = found.order;
    matches = found.matches;
    if (order.length === 0) note = PAGE_NOTES.noMatch;
  }
  const page = pageOf(passages, order, offset, args.max_chars);
  return {
    sections,
    passages: page.indexes.map((index) => {
      const passage = passages[index]!;
      return { id: passage.id, section_id: passage.sectionId, text: passage.text, ...(matches.has(index) ? { match: true as const } : {}) };
    }),
    ...(page.next === undefined ? {} : { next: page.next }),
    ...(note === undefined ? {} : { note }),
    ...(rechecked === undefined ? {} : { rechecked }),
  };
}
