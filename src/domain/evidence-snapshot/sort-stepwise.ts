import type { Stepwise } from '../shared/stepwise.js';

/** Strings sorted in one native call; larger lists are sorted in runs of this size, then merged. */
const RUN = 2048;

/** Elements merged between two pauses. */
const MERGED_PER_STEP = 4096;

/**
 * Sorts strings in ascending UTF-16 code-unit order (what `Array.prototype.sort` does without a
 * comparator), stepwise: runs of {@link RUN} are sorted natively, then merged bottom-up with a
 * pause every few thousand elements, so sorting 100,000 keys never blocks for long. Stable.
 * Returns a new array; `items` is left as it is.
 */
export function* sortStepwise(items: readonly string[]): Stepwise<string[]> {
  if (items.length <= RUN) return [...items].sort();
  let runs: string[][] = [];
  for (let start = 0; start < items.length; start += RUN) {
    runs.push(items.slice(start, start + RUN).sort());
    yield;
  }
  while (runs.length > 1) {
    const merged: string[][] = [];
    for (let index = 0; index < runs.length; index += 2) {
      const right = runs[index + 1];
      merged.push(right === undefined ? runs[index]! : yield* merge(runs[index]!, right));
    }
    runs = merged;
  }
  return runs[0]!;
}

/** Merges two sorted lists, the left one first on ties. */
function* merge(left: readonly string[], right: readonly string[]): Stepwise<string[]> {
  const out: string[] = [];
  let l = 0;
  let r = 0;
  while (l < left.length && r < right.length) {
    out.push(right[r]! < left[l]! ? right[r++]! : left[l++]!);
    if (out.length % MERGED_PER_STEP === 0) yield;
  }
  while (l < left.length) out.push(left[l++]!);
  while (r < right.length) out.push(right[r++]!);
  return out;
}
