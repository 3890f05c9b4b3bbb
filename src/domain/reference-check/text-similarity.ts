import { textKey } from '../literature-search/record-keys.js';
import { lastNameOf } from './given-reference.js';

/**
 * The measures a reference is compared by (docs/tools.md#the-reference-check,
 * "Score"): titles on §7.3.5's normal form (NFKC, lowercased, Unicode letters and digits only,
 * at most 1 Ki code units), names without accents.
 */

/** A text's compact normal form and its character bigrams (each as one number, sorted: a bag to merge). */
export interface Bigrams {
  readonly compact: string;
  readonly codes: Uint32Array;
  readonly size: number;
}

/** The bigrams of a text's compact normal form (§7.3.5). */
export function bigramsOf(text: string): Bigrams {
  const compact = textKey(text).compact;
  const size = Math.max(0, compact.length - 1);
  const codes = new Uint32Array(size);
  for (let index = 0; index < size; index++) codes[index] = compact.charCodeAt(index) * 0x10000 + compact.charCodeAt(index + 1);
  codes.sort();
  return { compact, codes, size };
}

/** Bigrams two bags share, counted with multiplicity (one merge of the two sorted lists). */
function shared(a: Bigrams, b: Bigrams): number {
  let left = 0;
  let right = 0;
  let common = 0;
  while (left < a.size && right < b.size) {
    const x = a.codes[left]!;
    const y = b.codes[right]!;
    if (x === y) {
      common += 1;
      left += 1;
      right += 1;
    } else if (x < y) left += 1;
    else right += 1;
  }
  return common;
}

/**
 * Sørensen–Dice similarity of two texts' bigram bags (1 = the same normal form). Equal compact
 * forms give 1 even when shorter than two characters.
 */
export function dice(a: Bigrams, b: Bigrams): number {
  if (a.compact.length > 0 && a.compact === b.compact) return 1;
  if (a.size + b.size === 0) return 0;
  return (2 * shared(a, b)) / (a.size + b.size);
}

/** Share of `part`'s bigrams found in `whole` (1 = `part` is contained); 0 for an empty `part`. */
export function containment(part: Bigrams, whole: Bigrams): number {
  if (part.size === 0) return 0;
  if (whole.compact.includes(part.compact)) return 1;
  return shared(part, whole) / part.size;
}

/** A name for comparison: NFKD without combining marks, lowercased, letters only (`Müller` → `muller`). */
export function nameKey(name: string): string {
  return name
    .slice(0, 256)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}]/gu, '');
}

/** Whether two surnames name the same person's family: equal keys, or one ends the other (`van der Berg` / `Berg`). */
export const sameSurname = (a: string, b: string): boolean => sameSurnameKey(nameKey(a), nameKey(b));

/** {@link sameSurname} of two names already reduced by {@link nameKey}. */
export function sameSurnameKey(left: string, right: string): boolean {
  if (left.length === 0 || right.length === 0) return false;
  if (left === right) return true;
  const [short, long] = left.length <= right.length ? [left, right] : [right, left];
  return short.length >= 3 && long.endsWith(short);
}

const SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv']);

/**
 * The surname of a record author: `family`, or the part of a literal name before a comma, else its
 * last word (suffixes skipped), or the words before trailing initials (PubMed's `Wakefield AJ`).
 */
export function recordSurname(author: { readonly family: string } | { readonly literal: string }): string {
  if ('family' in author) return author.family;
  const comma = author.literal.indexOf(',');
  if (comma > 0) return author.literal.slice(0, comma);
  const words = author.literal.split(/\s+/u).filter((word) => word.length > 0);
  while (words.length > 1 && SUFFIXES.has(nameKey(words[words.length - 1]!))) words.pop();
  return lastNameOf(words) ?? author.literal;
}

/** The name keys of the words at the head of a reference text (where its authors are). */
export function headNameKeys(text: string): Set<string> {
  return new Set(
    text
      .slice(0, 400)
      .split(/[\s,.;:()]+/u)
      .map(nameKey)
      .filter((key) => key.length > 1),
  );
}
