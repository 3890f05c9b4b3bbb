import type { DocumentSection } from '../../ports/fulltext-client.port.js';
import type { Passage } from './passage-ids.js';

/** A heading or a `section` argument as compared: NFKC, lower case, whitespace collapsed. */
const comparableHeading = (text: string): string => text.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();

/** A heading without its leading number (`2.1 Methods`, `II-A Threat Model`, `A. Proofs` → the words). */
const withoutNumber = (heading: string): string => heading.trim().replace(/^(?:\d+(?:\.\d+)*\.?|[IVXLC]+(?:-[A-Z\d]+)*\.?|[A-Z]\.)\s+/u, '');

/**
 * The section a `section` argument names: an exact section id first, else the first section
 * whose heading equals it (ignoring case, width and spacing), else the first whose heading
 * equals it once both lose a leading number (`Methods` names `2 Methods`).
 */
export function resolveSection(sections: readonly DocumentSection[], wanted: string): DocumentSection | undefined {
  const byId = sections.find((section) => section.id === wanted.trim());
  if (byId !== undefined) return byId;
  const target = comparableHeading(wanted);
  const bare = comparableHeading(withoutNumber(wanted));
  return (
    sections.find((section) => comparableHeading(section.heading) === target) ??
    sections.find((section) => section.heading !== '' && comparableHeading(withoutNumber(section.heading)) === bare)
  );
}

/** Whether a passage lies in `section` or one of its subsections. */
export const inSection = (passage: Passage, section: DocumentSection): boolean =>
  passage.sectionId === section.id || passage.sectionId.startsWith(`${section.id}.`);

/** One page of an ordered passage list. */
export interface Page {
  readonly indexes: readonly number[];
  /** Offset of the next page in the list; `undefined` when this page ends it. */
  readonly next?: number;
}

/**
 * The page of `order` (indexes into `passages`) starting at `offset`: passages while their text
 * stays within `maxCharacters` in total — at least one, so a page always moves forward.
 */
export function pageOf(passages: readonly Passage[], order: readonly number[], offset: number, maxCharacters: number): Page {
  const indexes: number[] = [];
  let used = 0;
  let at = offset;
  for (; at < order.length; at++) {
    const characters = passages[order[at]!]!.characters;
    if (indexes.length > 0 && used + characters > maxCharacters) break;
    indexes.push(order[at]!);
    used += characters;
  }
  return at < order.length ? { indexes, next: at } : { indexes };
}
