/**
 * The NFKC, lowercased form of a text, bounded by size before it can grow (issue 19, row 4).
 * NFKC may expand a character up to 18 times (U+FDFA becomes an 18-character phrase), so a
 * 16 KiB title could become a ~100,000-unit key (no real title is longer than a few hundred). The text is normalised in chunks, cut only
 * where a chunk boundary cannot change the result, and normalisation stops once the output
 * holds {@link MAX_KEY_UNITS} code units: the work and the key of every text are bounded.
 */

/** Most UTF-16 code units of a normalised, lowercased text a comparison key is built from. */
export const MAX_KEY_UNITS = 1024;

/** Input code units normalised at a time (at 18× expansion, about one key's bound). */
const CHUNK_UNITS = 64;

/** How far past a chunk's end a safe cut is looked for before cutting at a code point. */
const CUT_SEARCH_UNITS = 64;

const STARTER = /^[\p{L}\p{N}\p{P}\p{S}\p{Z}]$/u;

/**
 * Whether a chunk may end before the code unit at `index`: the character there is a starter
 * that never composes with what precedes it (nor decomposes into something that does), so
 * NFKC of the two sides joined equals the two NFKC forms concatenated. Marks, conjoining
 * Hangul vowels and finals, compatibility and half-width jamo, and the half-width voiced
 * sound marks are not such starters.
 */
function isSafeCut(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code < 0x300) return true;
  if (code >= 0xdc00 && code <= 0xdfff) return !isHighSurrogate(text.charCodeAt(index - 1)); // a lone low surrogate stays as it is
  if (code >= 0xd800 && code <= 0xdbff) return !isLowSurrogateAt(text, index + 1) || STARTER.test(text.slice(index, index + 2));
  if ((code >= 0x1160 && code <= 0x11ff) || (code >= 0xd7b0 && code <= 0xd7ff)) return false;
  if ((code >= 0x3131 && code <= 0x318e) || (code >= 0xff9e && code <= 0xffdc)) return false;
  return STARTER.test(text[index]!);
}

/** Where a chunk starting at `from` ends: a safe cut near `from + CHUNK_UNITS`, never inside a surrogate pair. */
function chunkEnd(text: string, from: number): number {
  const end = from + CHUNK_UNITS;
  if (end >= text.length) return text.length;
  for (let index = end; index < Math.min(text.length, end + CUT_SEARCH_UNITS); index++) if (isSafeCut(text, index)) return index;
  if (end + CUT_SEARCH_UNITS >= text.length) return text.length; // the rest is read whole
  return isLowSurrogateAt(text, end) ? end + 1 : end;
}

const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;

const isLowSurrogateAt = (text: string, index: number): boolean => {
  const code = text.charCodeAt(index);
  return code >= 0xdc00 && code <= 0xdfff;
};

/** `text` cut to at most `units` code units, never between the halves of a surrogate pair. */
const cutTo = (text: string, units: number): string => {
  if (text.length <= units) return text;
  return text.slice(0, isLowSurrogateAt(text, units) ? units - 1 : units);
};

/**
 * NFKC then lowercase, of as much of `text` as gives at most {@link MAX_KEY_UNITS} code units.
 * A text whose normal form fits is read whole, exactly as `text.normalize('NFKC').toLowerCase()`.
 */
export function boundedLowerNormalForm(text: string): string {
  if (text.length <= CHUNK_UNITS) return cutTo(text.normalize('NFKC').toLowerCase(), MAX_KEY_UNITS);
  let normal = '';
  for (let from = 0; from < text.length && normal.length < MAX_KEY_UNITS; ) {
    const to = chunkEnd(text, from);
    normal += text.slice(from, to).normalize('NFKC');
    from = to;
  }
  return cutTo(cutTo(normal, MAX_KEY_UNITS).toLowerCase(), MAX_KEY_UNITS);
}
