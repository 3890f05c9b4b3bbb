import { foldToOneLine } from '../zotero-export/one-line-text.js';

/** Most characters (Unicode code points) an abstract keeps, the `…` included (docs/providers.md#the-literature-record). */
export const MAX_ABSTRACT_CHARACTERS = 2000;

// A character folding would change: a control character, whitespace other than the plain space,
// or a surrogate (a lone one must become U+FFFD; a text with pairs is simply checked the slow way).
// Two plain regexes (no `u` flag, no alternation) scan 2 MB of abstracts about twice as fast as one.
const FOLDED_CHARACTER = /[\x00-\x1f\x7f-\x9f\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff\ud800-\udfff]/;
const DOUBLE_SPACE = / {2}/;

/** Whether folding could change `text` (false for the clean text the adapters send). */
const needsFolding = (text: string): boolean =>
  text.charCodeAt(0) === 0x20 || text.charCodeAt(text.length - 1) === 0x20 || FOLDED_CHARACTER.test(text) || DOUBLE_SPACE.test(text);

/**
 * An abstract as a record carries it: folded to one line (every run of whitespace and control
 * characters becomes one space, lone surrogates U+FFFD, ends trimmed), then cut to
 * {@link MAX_ABSTRACT_CHARACTERS} code points with `…` as the last one. `undefined` when
 * nothing is left. Already clean text (what the adapters send) is only scanned,
 * not rewritten: a search may carry 1,000 abstracts.
 */
export function cleanAbstract(text: string): string | undefined {
  const folded = needsFolding(text) ? foldToOneLine(text) : text;
  if (folded.length === 0) return undefined;
  return cutToCharacters(folded, MAX_ABSTRACT_CHARACTERS);
}

/** `text` when it holds at most `max` code points, else its first `max − 1` (end trimmed) and `…`. */
function cutToCharacters(text: string, max: number): string {
  if (text.length <= max) return text; // code points ≤ UTF-16 units
  let points = 0;
  let cutAt = text.length;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xdc00 && unit <= 0xdfff && index > 0 && isHighSurrogate(text.charCodeAt(index - 1))) continue;
    if (points === max - 1) cutAt = index;
    if (++points > max) return `${text.slice(0, cutAt).trimEnd()}…`;
  }
  return text;
}

const isHighSurrogate = (unit: number): boolean => unit >= 0xd800 && unit <= 0xdbff;
