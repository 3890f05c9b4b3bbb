import type { Stepwise } from '../shared/stepwise.js';
import { sliceEnd, TEXT_SLICE_UNITS } from '../shared/sliced-text.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// Control characters (C0, DEL, C1 incl. U+0085) and every whitespace character other than the
// plain space: \r \n \t \v \f, U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F,
// U+3000, U+FEFF.
const LINE_BREAKING = /[\p{Cc}\s]+/gu;

/**
 * Folds a value to one clean line: lone surrogates become U+FFFD, every run of control
 * characters and whitespace becomes one space, and the ends are trimmed. The result contains no
 * line terminator of any kind, so it cannot start a new line (or a new tag) in a line-based
 * file format.
 */
export function foldToOneLine(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD').replace(LINE_BREAKING, ' ').trim();
}

/** The folded value, or `undefined` when nothing is left (absent values are omitted). */
export function foldedOrAbsent(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const folded = foldToOneLine(text);
  return folded === '' ? undefined : folded;
}

/** A slice folded but not trimmed: its ends may meet the neighbouring slices' spaces. */
const foldSlice = (slice: string): string => slice.replace(LONE_SURROGATE, '\uFFFD').replace(LINE_BREAKING, ' ');

/**
 * {@link foldedOrAbsent} of a long value, slice by slice with a pause between slices (a
 * 1,000,000-character abstract took 330 ms in one go): the same text, as a run of whitespace
 * cut by a slice boundary becomes one space where the slices meet.
 */
export function* foldedOrAbsentStepwise(text: string | undefined): Stepwise<string | undefined> {
  if (text === undefined || text.length <= TEXT_SLICE_UNITS) return foldedOrAbsent(text);
  const parts: string[] = [];
  let endsInSpace = false;
  for (let from = 0; from < text.length; ) {
    const to = sliceEnd(text, from);
    let part = foldSlice(text.slice(from, to));
    if (endsInSpace && part.startsWith(' ')) part = part.slice(1);
    if (part.length > 0) endsInSpace = part.endsWith(' ');
    parts.push(part);
    from = to;
    yield;
  }
  const folded = parts.join('').trim();
  return folded === '' ? undefined : folded;
}
