import { isCredentialKey, type RedactionRule } from '../shared/redaction.js';
import type { Stepwise } from '../shared/stepwise.js';
import { sortStepwise } from './sort-stepwise.js';

/** Values written between two pauses. */
const VALUES_PER_STEP = 512;

/** Output parts joined into one piece at a time, so the final join stays short. */
const PARTS_PER_PIECE = 4096;

/** An open container being written: its members (array items or sorted kept keys) and the next one. */
interface Frame {
  readonly array: readonly unknown[] | undefined;
  readonly object: Record<string, unknown> | undefined;
  readonly keys: readonly string[];
  next: number;
}

/**
 * Writes JSON data as canonical text, stepwise: every object's keys in ascending UTF-16
 * code-unit order (the order of RFC 8785), arrays in their order, and every key `rule` judges
 * credential-bearing removed with its whole value, at any depth. Two inputs that differ only in
 * key order give the same bytes; integer-like keys are ordered as text too (`"10"` before
 * `"9"`), which an object's own key order could not do.
 *
 * Iterative (any nesting, though callers pass bounded data) and paused every few hundred values;
 * a large object's keys are sorted stepwise as well (see {@link sortStepwise}). Values that JSON
 * cannot hold (`undefined`, functions, symbols) are skipped in objects and written as `null` in
 * arrays, as `JSON.stringify` does.
 */
export function* canonicalRedactedJson(value: unknown, rule: RedactionRule): Stepwise<string> {
  const pieces: string[] = [];
  let parts: string[] = [];
  const write = (text: string): void => {
    parts.push(text);
    if (parts.length >= PARTS_PER_PIECE) {
      pieces.push(parts.join(''));
      parts = [];
    }
  };
  const frames: Frame[] = [];
  let pending: unknown = value;
  let hasPending = true;
  for (let count = 1; ; count++) {
    if (count % VALUES_PER_STEP === 0) yield;
    if (hasPending) {
      hasPending = false;
      if (pending === null || typeof pending !== 'object') write(JSON.stringify(pending) ?? 'null');
      else if (Array.isArray(pending)) {
        write('[');
        frames.push({ array: pending, object: undefined, keys: [], next: 0 });
      } else {
        const object = pending as Record<string, unknown>;
        const kept = yield* keptKeys(object, rule);
        write('{');
        frames.push({ array: undefined, object, keys: yield* sortStepwise(kept), next: 0 });
      }
    }
    const frame = frames.at(-1);
    if (frame === undefined) break;
    const length = frame.array ? frame.array.length : frame.keys.length;
    if (frame.next >= length) {
      write(frame.array ? ']' : '}');
      frames.pop();
      continue;
    }
    if (frame.next > 0) write(',');
    if (frame.array) {
      const item = frame.array[frame.next];
      pending = encodable(item) ? item : null;
    } else {
      const key = frame.keys[frame.next]!;
      write(`${JSON.stringify(key)}:`);
      pending = frame.object![key];
    }
    frame.next += 1;
    hasPending = true;
  }
  pieces.push(parts.join(''));
  return pieces.join('');
}

/** The keys of `object` that are written: JSON-encodable values, not credential-bearing under `rule`. */
function* keptKeys(object: Record<string, unknown>, rule: RedactionRule): Stepwise<string[]> {
  const keys = Object.keys(object);
  const kept: string[] = [];
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!;
    if (encodable(object[key]) && !isCredentialKey(key, rule)) kept.push(key);
    if (index % VALUES_PER_STEP === VALUES_PER_STEP - 1) yield;
  }
  return kept;
}

const encodable = (value: unknown): boolean => value !== undefined && typeof value !== 'function' && typeof value !== 'symbol';
