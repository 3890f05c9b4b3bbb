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

/** How far a list is taken on one page: the end (exclusive) and the characters it adds. */
export interface Taken {
  readonly end: number;
  readonly used: number;
}

/**
 * Items `from`, `from + 1`, … of a list of `count` while what they add to the answer (`size` of
 * each, in characters of its JSON text) stays within `budget` — and at least one when
 * `atLeastOne`, so a page always moves forward. Only the items taken are measured.
 */
export function takeWithin(count: number, from: number, budget: number, size: (index: number) => number, atLeastOne: boolean): Taken {
  let used = 0;
  let end = from;
  for (; end < count; end++) {
    const next = size(end);
    if (used + next > budget && !(atLeastOne && end === from)) break;
    used += next;
  }
  return { end, used };
}

/** One page's part of a list that may be paged: the entries `from`…`end` and whether the list is paged. */
export interface ListPart extends Taken {
  readonly from: number;
  readonly paged: boolean;
}

/**
 * The part of a list (the outline, the `recheck` verdicts) one page shows: the whole list when
 * it takes at most a quarter of `budget` and no earlier page paged it (`at` undefined); else the
 * list is paged: from `at`, at most half of `budget`, at least one entry while any remain.
 */
export function listPart(count: number, at: number | undefined, budget: number, size: (index: number) => number): ListPart {
  const whole = at === undefined ? takeWithin(count, 0, budget / 4, size, false) : undefined;
  if (whole !== undefined && whole.end === count) return { from: 0, ...whole, paged: false };
  const from = at ?? 0;
  return { from, ...takeWithin(count, from, budget / 2, size, true), paged: true };
}
