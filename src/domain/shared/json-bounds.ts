import type { z } from 'zod';
import { utf8ByteLength } from './text-bounds.js';

/** Upper bounds for one JSON value. */
export interface JsonBounds {
  /** Deepest allowed nesting of containers; the outermost object or array is depth 1. */
  readonly maxDepth: number;
  /** Most JSON values allowed, counting every object, array, string, number, boolean and null. */
  readonly maxValues: number;
  /** Largest allowed compact encoding (`JSON.stringify`), in UTF-8 bytes. */
  readonly maxBytes: number;
}

/** Which bound a value crosses. */
export type JsonBound = 'depth' | 'values' | 'bytes';

/** What {@link measureJson} found: the sizes seen so far and, when one was crossed, which. */
export interface JsonMeasurement {
  /** Deepest container nesting seen (0 for a bare primitive). */
  readonly depth: number;
  /** JSON values counted. */
  readonly values: number;
  /** UTF-8 bytes of the compact encoding counted. */
  readonly bytes: number;
  /** The first bound crossed in document order; absent when the value is within bounds. */
  readonly exceeded?: JsonBound;
}

/** Whole-argument bounds of the two bulk tools (SPEC §6.4 #8 and #10): 32 levels, 100,000 values, 2 MiB. */
export const BULK_ARGUMENT_BOUNDS: JsonBounds = { maxDepth: 32, maxValues: 100_000, maxBytes: 2 * 1024 * 1024 };

/** Static messages of the whole-argument bounds. They never contain input. */
export const ARGUMENT_BOUND_MESSAGES: Readonly<Record<JsonBound, string>> = {
  depth: 'arguments exceed the nesting limit',
  values: 'arguments exceed the value count limit',
  bytes: 'arguments exceed the byte limit',
};

/** The three bound messages in the order they are reported when several could apply. */
export const ARGUMENT_BOUND_PRECEDENCE: readonly string[] = [
  ARGUMENT_BOUND_MESSAGES.depth,
  ARGUMENT_BOUND_MESSAGES.values,
  ARGUMENT_BOUND_MESSAGES.bytes,
];

const UNBOUNDED: JsonBounds = { maxDepth: Infinity, maxValues: Infinity, maxBytes: Infinity };

/**
 * Measures a JSON value (what `JSON.parse` produces) without recursion, so no nesting can
 * exhaust the call stack. The walk goes in document order and stops at the first bound crossed,
 * so the work is proportional to `min(size, bounds)`. Object keys whose value is `undefined`, a
 * function or a symbol are skipped and such array items count as `null`, as `JSON.stringify`
 * does; for JSON data `bytes` equals the UTF-8 length of `JSON.stringify(value)`.
 *
 * Never throws. A cyclic structure is not JSON; with finite `maxValues` the walk still ends.
 */
export function measureJson(value: unknown, bounds: JsonBounds = UNBOUNDED): JsonMeasurement {
  const stack: Array<{ readonly value: unknown; readonly depth: number }> = [{ value, depth: 0 }];
  let deepest = 0;
  let values = 0;
  let bytes = 0;
  const result = (exceeded?: JsonBound): JsonMeasurement =>
    exceeded ? { depth: deepest, values, bytes, exceeded } : { depth: deepest, values, bytes };

  while (stack.length > 0) {
    const { value: current, depth: parentDepth } = stack.pop()!;
    values += 1;
    if (values > bounds.maxValues) return result('values');
    if (current === null || typeof current !== 'object') {
      bytes += primitiveBytes(current);
      if (bytes > bounds.maxBytes) return result('bytes');
      continue;
    }
    const depth = parentDepth + 1;
    deepest = Math.max(deepest, depth);
    if (depth > bounds.maxDepth) return result('depth');
    // Pushed in reverse so that popping visits children in document order.
    if (Array.isArray(current)) {
      bytes += 2 + Math.max(0, current.length - 1);
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: encodable(current[i]) ? current[i] : null, depth });
    } else {
      const keys = Object.keys(current).filter((key) => encodable((current as Record<string, unknown>)[key]));
      bytes += 2 + Math.max(0, keys.length - 1);
      for (const key of keys) bytes += stringBytes(key) + 1;
      for (let i = keys.length - 1; i >= 0; i--) stack.push({ value: (current as Record<string, unknown>)[keys[i]!], depth });
    }
    if (bytes > bounds.maxBytes) return result('bytes');
  }
  return result();
}

/** The bound `value` crosses first, or `undefined` when it is within `bounds`. */
export const exceededJsonBound = (value: unknown, bounds: JsonBounds): JsonBound | undefined =>
  measureJson(value, bounds).exceeded;

/**
 * A zod `superRefine` callback that reports the first crossed bound of the whole value with its
 * static message. Attach it with `{ when: () => true }` so it also runs when other checks failed.
 */
export const checkJsonBounds =
  (bounds: JsonBounds, messages: Readonly<Record<JsonBound, string>> = ARGUMENT_BOUND_MESSAGES) =>
  (value: unknown, ctx: z.RefinementCtx): void => {
    const exceeded = exceededJsonBound(value, bounds);
    if (exceeded) ctx.addIssue({ code: 'custom', message: messages[exceeded] });
  };

const encodable = (value: unknown): boolean =>
  value !== undefined && typeof value !== 'function' && typeof value !== 'symbol';

function primitiveBytes(value: unknown): number {
  if (typeof value === 'string') return stringBytes(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).length : 4;
  if (typeof value === 'boolean') return value ? 4 : 5;
  if (typeof value === 'bigint') return String(value).length;
  return 4; // null (and anything JSON would write as null)
}

// JSON.stringify escapes lone surrogates (ES2019), so its output measures exactly.
const stringBytes = (text: string): number => utf8ByteLength(JSON.stringify(text));
