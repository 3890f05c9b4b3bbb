import type { FullTextDocument } from '../../ports/fulltext-client.port.js';
import type { Stepwise } from '../shared/stepwise.js';
import type { CursorState } from './fulltext-cursor.js';
import type { ReadFullTextArguments } from './fulltext-input.js';
import type { ReadFullTextResult } from './fulltext-output.js';
import { findPassages } from './passage-find.js';
import { identifyPassages, type TextDigest } from './passage-ids.js';
import { inSection, listPart, resolveSection, takeWithin } from './passage-pages.js';
import { recheckPassages } from './passage-recheck.js';

/** Static notes a page may carry (docs/tools.md#qiongli_literature_read_fulltext). */
const PAGE_NOTES = {
  noSection: 'No section matches the section argument; pick an id or heading from sections.',
  noMatch: 'No passage contains the find terms.',
  documentCut: 'The document is longer than the reader keeps; its last passages are left out.',
} as const;

/**
 * Characters set aside on every page for what is measured only once the page is cut: the note
 * (its key and the longest note), the `next_cursor` (its key and a sealed cursor, about 250),
 * `truncated` and the outline's counts.
 */
const PAGE_RESERVE = 700;

/** What one page of a document shows. */
export interface DocumentPage {
  readonly sections: ReadFullTextResult['sections'];
  /** Set when the outline is paged: the index of the first section listed. */
  readonly sectionsFrom?: number;
  readonly passages: ReadFullTextResult['passages'];
  /** Where the next page starts, when there is one. */
  readonly next?: Omit<CursorState, 'sha256'>;
  readonly note?: string;
  readonly rechecked?: ReadFullTextResult['rechecked'];
  /** Set when the verdicts are paged: the index of the first verdict listed. */
  readonly recheckedFrom?: number;
}

/** Characters one entry adds to a JSON list (its text and a comma). */
const entrySize = (value: unknown): number => JSON.stringify(value).length + 1;

/**
 * One page of a document for the given arguments, stepwise: passage ids assigned, the
 * `section` narrowing and the `find` ranking applied (terms already parsed), `recheck` ids
 * judged against the whole document; then the page at `at` cut so the whole answer — the
 * `fixedCharacters` of the rest of the result, the verdicts, the outline and the passages with
 * their ids, all as JSON text — stays within `max_chars` (a page always moves forward by one
 * passage — and a section and a verdict while the lists below are paged — so it may pass a
 * small `max_chars` by those). The verdicts and the outline are each on every page when they
 * take at most a quarter of it; otherwise they are paged too ({@link listPart}), their next part
 * on the next page.
 */
export function* documentPage(
  document: FullTextDocument,
  args: ReadFullTextArguments,
  terms: readonly string[] | undefined,
  at: Omit<CursorState, 'sha256'>,
  digest: TextDigest,
  fixedCharacters: number,
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
  let budget = args.max_chars - fixedCharacters - PAGE_RESERVE;
  const verdicts = rechecked === undefined ? undefined : listPart(rechecked.length, at.rechecked, budget, (index) => entrySize(rechecked[index]));
  budget -= verdicts === undefined ? 0 : verdicts.used + 16;
  const outline = listPart(sections.length, at.sections, budget, (index) => entrySize(sections[index]));
  budget -= outline.used;
  const wire = (index: number) => {
    const passage = passages[order[index]!]!;
    return { id: passage.id, section_id: passage.sectionId, text: passage.text, ...(matches.has(order[index]!) ? { match: true as const } : {}) };
  };
  const taken = takeWithin(order.length, at.offset, budget, (index) => entrySize(wire(index)), true);
  const next = {
    offset: taken.end,
    ...(outline.paged ? { sections: outline.end } : {}),
    ...(verdicts?.paged === true ? { rechecked: verdicts.end } : {}),
  };
  const more = taken.end < order.length || (outline.paged && outline.end < sections.length) || (verdicts?.paged === true && verdicts.end < rechecked!.length);
  return {
    sections: sections.slice(outline.from, outline.end),
    ...(outline.paged ? { sectionsFrom: outline.from } : {}),
    passages: Array.from({ length: taken.end - at.offset }, (_, step) => wire(at.offset + step)),
    ...(more ? { next } : {}),
    ...(note === undefined ? {} : { note }),
    ...(verdicts === undefined ? {} : { rechecked: rechecked!.slice(verdicts.from, verdicts.end) }),
    ...(verdicts?.paged === true ? { recheckedFrom: verdicts.from } : {}),
  };
}
