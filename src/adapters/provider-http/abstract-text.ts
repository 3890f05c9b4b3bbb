import { asArray, type JsonObject } from './json-fields.js';
import { stripKnownMarkup } from './markup-text.js';

/** Longest abstract a record carries, in characters (code points), `…` included (docs/provider-data.md). */
const MAX_ABSTRACT_CHARS = 2000;

/** Raw text read for one abstract; whatever lies beyond is only marked by the `…` cut. */
const MAX_RAW_ABSTRACT_CHARS = 64 * 1024;

/** The cut mark ending an abstract that was longer than {@link MAX_ABSTRACT_CHARS}. */
const ABSTRACT_CUT = '…';

/**
 * An abstract as a record carries it: whitespace runs collapsed, ends trimmed, and at most
 * {@link MAX_ABSTRACT_CHARS} characters — a longer text (or one the provider gave only in part,
 * `truncated`) keeps its first characters and ends with `…`. Blank → `undefined`. Work is
 * bounded: only the first 64 Ki characters of `value` are looked at.
 */
export function abstractText(value: string | undefined, truncated = false): string | undefined {
  if (value === undefined) return undefined;
  const more = truncated || value.length > MAX_RAW_ABSTRACT_CHARS;
  const text = value.slice(0, MAX_RAW_ABSTRACT_CHARS).replace(/\s+/gu, ' ').trim();
  if (text === '') return undefined;
  if (!more && afterCodePoints(text, MAX_ABSTRACT_CHARS) === text.length) return text;
  return `${text.slice(0, afterCodePoints(text, MAX_ABSTRACT_CHARS - ABSTRACT_CUT.length)).trimEnd()}${ABSTRACT_CUT}`;
}

/**
 * The index just after the first `count` code points of `text` (a surrogate pair is one, a lone
 * surrogate one too), or its length when it has fewer. Reads at most `2 × count` units, where
 * splitting the whole text into characters would allocate one string per character.
 */
function afterCodePoints(text: string, count: number): number {
  let index = 0;
  for (let points = 0; points < count && index < text.length; points++) {
    const unit = text.charCodeAt(index);
    const next = text.charCodeAt(index + 1);
    index += unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
  }
  return index;
}

/** Word positions of an OpenAlex inverted index looked at: no abstract of 2,000 characters has more words. */
const MAX_INDEX_POSITIONS = MAX_ABSTRACT_CHARS / 2;

/** Distinct words read from one inverted index (the reader skips later ones). */
export const MAX_INDEX_WORDS = 2048;

/** Positions read per word of an inverted index (the reader skips later ones). */
export const MAX_POSITIONS_PER_WORD = 256;

/**
 * The abstract of an OpenAlex `abstract_inverted_index` (`{word: [positions]}`), its words put
 * back in position order and joined by spaces; {@link abstractText} then collapses and cuts it.
 * Bounded work: the reader keeps at most {@link MAX_INDEX_WORDS} words of
 * {@link MAX_POSITIONS_PER_WORD} positions each, and only positions below
 * {@link MAX_INDEX_POSITIONS} are placed (a later one marks the text as cut). A position given
 * twice keeps the first word; non-integer or negative positions are ignored.
 */
export function invertedIndexText(index: JsonObject | undefined): string | undefined {
  if (index === undefined) return undefined;
  const words: (string | undefined)[] = new Array<string | undefined>(MAX_INDEX_POSITIONS).fill(undefined);
  let beyond = false;
  for (const [word, positions] of Object.entries(index)) {
    for (const position of asArray(positions) ?? []) {
      if (typeof position !== 'number' || !Number.isInteger(position) || position < 0) continue;
      if (position >= MAX_INDEX_POSITIONS) beyond = true;
      else words[position] ??= word;
    }
  }
  return abstractText(joinedPrefix(words), beyond);
}

/**
 * The words joined by spaces, but only as far as {@link abstractText} reads (one character past
 * its 64 Ki, so it still sees the text is longer): a few 65,000-character words at a thousand
 * positions would otherwise join 65 million characters for a 2,000-character abstract.
 */
function joinedPrefix(words: readonly (string | undefined)[]): string {
  const wanted = MAX_RAW_ABSTRACT_CHARS + 1;
  let text = '';
  let first = true;
  for (const word of words) {
    if (word === undefined) continue;
    if (text.length >= wanted) break;
    const glue = first ? '' : ' ';
    text += glue + word.slice(0, wanted - text.length - glue.length);
    first = false;
  }
  return text;
}

/** A leading heading that only names the section (`Abstract`, `Summary`). */
const LEADING_HEADING = /^\s*<(jats:)?title>\s*(?:abstract|summary)\s*<\/(jats:)?title>/iu;

const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * Crossref's `abstract`, `title` and `container-title` as plain text: its JATS/HTML markup removed by
 * {@link stripKnownMarkup} (a leading `Abstract` or `Summary` heading dropped, known inline
 * elements such as `<jats:italic>` removed in place, other known elements a space, anything
 * else that only looks like a tag, `k<n and n>2`, kept as text), then the XML/HTML character references it used decoded
 * (`&amp;`, `&lt;`, `&#233;`, `&#xE9;`; unknown ones stay as written). Text that only looks
 * like a tag after decoding (`&lt;b&gt;`) stays text. Only the first 64 Ki characters are read
 * (the JSON reader builds no longer string), and every step is linear in them.
 */
export function markupFreeText(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const raw = value.slice(0, MAX_RAW_ABSTRACT_CHARS).replace(LEADING_HEADING, '');
  const decoded = stripKnownMarkup(raw).replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/giu, (reference, body: string) => {
    if (!body.startsWith('#')) return NAMED[body.toLowerCase()] ?? reference;
    const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : reference;
  });
  return decoded;
}
