/**
 * Normalisations that dedupe and ranking compare records by (docs/providers.md#how-a-search-runs steps 5 and 6).
 * Each is computed at most once per record: a search may dedupe and rank 1,000 records.
 */

const DOI_PREFIXES = ['https://doi.org/', 'http://doi.org/', 'doi:'];
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;

/**
 * A DOI for comparison and output: trimmed, lowercased, one leading `https://doi.org/`,
 * `http://doi.org/` or `doi:` stripped. Empty (or only a prefix) → `undefined` (absent).
 */
export function normaliseDoi(doi: string | undefined): string | undefined {
  if (doi === undefined) return undefined;
  let value = doi.trim().toLowerCase();
  const prefix = DOI_PREFIXES.find((candidate) => value.startsWith(candidate));
  if (prefix) value = value.slice(prefix.length).trim();
  return value.length > 0 ? value : undefined;
}

// Letter-or-digit verdicts, computed once per UTF-16 code unit: 0 unknown, 1 yes, 2 no.
const bmpVerdicts = new Uint8Array(0x10000);

function isLetterOrDigitUnit(code: number): boolean {
  let verdict = bmpVerdicts[code]!;
  if (verdict === 0) {
    verdict = code >= 0xd800 && code <= 0xdfff ? 2 : LETTER_OR_DIGIT.test(String.fromCharCode(code)) ? 1 : 2;
    bmpVerdicts[code] = verdict;
  }
  return verdict === 1;
}

/**
 * A title (or query) reduced for comparison: the runs of Unicode letters and digits of its
 * NFKC form, lowercased, in order (`治理 平台：证据` → `治理`, `平台`, `证据`). NFKC first, so
 * `Café` and `Cafe\u0301` (a combining accent) or `ﬁle` and `file` give the same key. Runs are
 * kept as offsets into the reduced text, not as strings: a thousand 16 KiB titles would
 * otherwise keep millions of small strings alive. The compact form is built only when asked for.
 */
export class TextKey {
  private joined: string | undefined;

  constructor(
    /** The NFKC, lowercased text the runs lie in. */
    private readonly text: string,
    /** Start and end offset of each run, in pairs. */
    private readonly bounds: readonly number[],
    /** Length of {@link compact}, known without building it. */
    readonly compactLength: number,
  ) {}

  /** How many runs there are (repeats included). */
  get runCount(): number {
    return this.bounds.length / 2;
  }

  /** The run at `index`, in order. */
  run(index: number): string {
    return this.text.slice(this.bounds[2 * index], this.bounds[2 * index + 1]);
  }

  /** Every run, in order, repeats included. */
  get runs(): string[] {
    const runs: string[] = [];
    for (let index = 0; index < this.runCount; index++) runs.push(this.run(index));
    return runs;
  }

  /** NFKC, lowercased, keeping only Unicode letters and digits (`治理 平台：证据` → `治理平台证据`). */
  get compact(): string {
    if (this.joined === undefined) {
      let joined = '';
      for (let bound = 0; bound < this.bounds.length; bound += 2) joined += this.text.slice(this.bounds[bound], this.bounds[bound + 1]);
      this.joined = joined;
    }
    return this.joined;
  }
}

/**
 * The comparison key of a text, in one pass over its NFKC, lowercased form: the same runs as
 * matching `[\p{L}\p{N}]+` (with the `u` flag), but without running a Unicode-property regex
 * over the whole string — ASCII is classified inline, other code units once per process.
 */
export function textKey(text: string): TextKey {
  const lower = text.normalize('NFKC').toLowerCase();
  const bounds: number[] = [];
  let length = 0;
  let start = -1;
  for (let i = 0; i < lower.length; i++) {
    const code = lower.charCodeAt(i);
    let inWord: boolean;
    let width = 1;
    if (code < 0x80) inWord = (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39);
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < lower.length && isLowSurrogate(lower.charCodeAt(i + 1))) {
      width = 2;
      inWord = LETTER_OR_DIGIT.test(lower.slice(i, i + 2));
    } else inWord = isLetterOrDigitUnit(code);
    if (inWord) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      bounds.push(start, i);
      length += i - start;
      start = -1;
    }
    i += width - 1;
  }
  if (start >= 0) {
    bounds.push(start, lower.length);
    length += lower.length - start;
  }
  return new TextKey(lower, bounds, length);
}

const isLowSurrogate = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;

/** NFKC, lowercased text keeping only Unicode letters and digits. */
export const compactText = (text: string): string => textKey(text).compact;

/** Whether a UTF-16 code unit matches `\s` in a JavaScript regular expression. */
function isJsWhitespace(code: number): boolean {
  if (code < 0x80) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Whether a text has whitespace other than single inner spaces (a cheap scan, no regex). */
function needsCollapse(text: string): boolean {
  let previousWasSpace = true; // a leading space needs collapsing
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x20) {
      if (previousWasSpace) return true;
      previousWasSpace = true;
    } else if (isJsWhitespace(code)) return true;
    else previousWasSpace = false;
  }
  return previousWasSpace && text.length > 0; // a trailing space
}

/** Collapses every whitespace run to one space and trims (untouched when already clean). */
export const collapseWhitespace = (text: string): string => (needsCollapse(text) ? text.replace(/\s+/g, ' ').trim() : text);

/**
 * The dedupe key of a record (docs/providers.md#how-a-search-runs step 5), given its already normalised DOI:
 * `doi:<normalised doi>` when it has a DOI, else `title:<compact title>:<year>` (the compact
 * title is NFKC, lowercased, letters and digits only) when it has
 * both a title with a letter or digit and a year, else `undefined` (never merged).
 * `titleKey` is asked for only when the title matters.
 */
export function dedupeKey(doi: string | undefined, titleKey: () => TextKey, year: number | undefined): string | undefined {
  if (doi !== undefined) return `doi:${doi}`;
  if (year === undefined) return undefined;
  const { compact } = titleKey();
  return compact.length > 0 ? `title:${compact}:${year}` : undefined;
}
