/**
 * Normalisations that dedupe and ranking compare records by (docs/providers.md#how-a-search-runs steps 5 and 6).
 * Each is computed at most once per record: a search may dedupe and rank 1,000 records.
 */

import { boundedLowerNormalForm } from './bounded-normal-form.js';

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
 * `Café` and `Cafe\u0301` (a combining accent) or `ﬁle` and `file` give the same key. The
 * normal form is bounded before it is built (see {@link boundedLowerNormalForm}): a key holds at
 * most 1 Ki code units (`MAX_KEY_UNITS`), so two titles alike in that prefix compare equal. The
 * runs are kept as one string, separated by single spaces, not as an array per run: a thousand
 * titles of thousands of runs would otherwise keep millions of small values alive (issue 19, row 4).
 * The compact form is built only when asked for, and not kept.
 */
export class TextKey {
  constructor(
    /** The runs in order, each followed by one space but the last. */
    private readonly spaced: string,
    /** How many runs there are (repeats included). */
    readonly runCount: number,
  ) {}

  /** Length of {@link compact}, known without building it. */
  get compactLength(): number {
    return this.runCount === 0 ? 0 : this.spaced.length - (this.runCount - 1);
  }

  /**
   * Calls `visit` with every run, in order, repeats included. With `lengths`, only runs of one
   * of those lengths are cut out of the key and visited (a ranking compares runs to a few words).
   */
  forEachRun(visit: (run: string) => void, lengths?: ReadonlySet<number>): void {
    for (let start = 0, seen = 0; seen < this.runCount; seen++) {
      let end = this.spaced.indexOf(' ', start);
      if (end < 0) end = this.spaced.length;
      if (lengths === undefined || lengths.has(end - start)) visit(this.spaced.slice(start, end));
      start = end + 1;
    }
  }

  /** Every run, in order, repeats included. */
  get runs(): string[] {
    const runs: string[] = [];
    this.forEachRun((run) => runs.push(run));
    return runs;
  }

  /** NFKC, lowercased, keeping only Unicode letters and digits (`治理 平台：证据` → `治理平台证据`). */
  get compact(): string {
    return this.runCount <= 1 ? this.spaced : this.spaced.replaceAll(' ', '');
  }
}

/**
 * The comparison key of a text, in one pass over its bounded NFKC, lowercased form: the same
 * runs as matching `[\p{L}\p{N}]+` (with the `u` flag), but without running a Unicode-property
 * regex over the whole string — ASCII is classified inline, other code units once per process.
 */
export function textKey(text: string): TextKey {
  const lower = boundedLowerNormalForm(text);
  const runs: string[] = [];
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
      runs.push(lower.slice(start, i));
      start = -1;
    }
    i += width - 1;
  }
  if (start >= 0) runs.push(lower.slice(start));
  return new TextKey(runs.join(' '), runs.length);
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
