import type { Stepwise } from '../shared/stepwise.js';
import type { Passage } from './passage-ids.js';

/** Most terms a `find` keeps (the first ones). */
const MAX_TERMS = 16;
/** Occurrences of one term counted per passage, at most. */
const MAX_COUNTED = 100;
/** Passages compared between two pauses. */
const PASSAGES_PER_STEP = 64;

/** Text as `find` compares it: NFKC (so full-width and ligature forms match), lower case. */
const comparable = (text: string): string => text.normalize('NFKC').toLowerCase();

/**
 * The terms of a `find` argument: "quoted phrases" and whitespace-separated words, compared in
 * NFKC lower case, each at least two characters, each once, at most 16. None → empty list.
 */
export function findTerms(find: string): string[] {
  const terms = new Set<string>();
  for (const match of comparable(find).matchAll(/"([^"]*)"|(\S+)/gu)) {
    const term = (match[1] ?? match[2] ?? '').replace(/\s+/gu, ' ').trim();
    if ([...term].length >= 2 && terms.size < MAX_TERMS) terms.add(term);
  }
  return [...terms];
}

/** How many times `term` occurs in `text`, up to {@link MAX_COUNTED}. */
function occurrences(text: string, term: string): number {
  let count = 0;
  for (let at = text.indexOf(term); at >= 0 && count < MAX_COUNTED; at = text.indexOf(term, at + term.length)) count++;
  return count;
}

/** One ranked passage of a `find`. */
interface Hit {
  readonly index: number;
  readonly terms: number;
  readonly occurrences: number;
}

/**
 * The passages of `scope` (indexes into `passages`, in document order) containing any of
 * `terms`, ranked (most distinct terms, then most occurrences, then document order), each
 * followed by its neighbours: the passage before it and after it in its own section. Every
 * passage appears once, at its first place; within a hit's group the passages keep document
 * order. Returns indexes into `passages` and the set of those that match.
 */
export function* findPassages(
  passages: readonly Passage[],
  scope: readonly number[],
  terms: readonly string[],
): Stepwise<{ order: number[]; matches: Set<number> }> {
  const hits: Hit[] = [];
  for (const [count, index] of scope.entries()) {
    const text = comparable(passages[index]!.text);
    let found = 0;
    let total = 0;
    for (const term of terms) {
      const seen = occurrences(text, term);
      if (seen > 0) {
        found++;
        total += seen;
      }
    }
    if (found > 0) hits.push({ index, terms: found, occurrences: total });
    if ((count + 1) % PASSAGES_PER_STEP === 0) yield;
  }
  hits.sort((a, b) => b.terms - a.terms || b.occurrences - a.occurrences || a.index - b.index);
  const placed = new Set<number>();
  const order: number[] = [];
  const sameSection = (index: number, neighbour: number): boolean => passages[neighbour]?.section === passages[index]!.section;
  for (const [count, hit] of hits.entries()) {
    for (const index of [hit.index - 1, hit.index, hit.index + 1]) {
      if ((index === hit.index || sameSection(hit.index, index)) && !placed.has(index)) {
        placed.add(index);
        order.push(index);
      }
    }
    if ((count + 1) % PASSAGES_PER_STEP === 0) yield;
  }
  return { order, matches: new Set(hits.map((hit) => hit.index)) };
}
