import type * as z from 'zod';
import { finishNow, type Stepwise } from './stepwise.js';

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

/** Whole-argument bounds of the two bulk tools (docs/tools.md#8-qiongli_literature_export_evidence and #10): 32 levels, 100,000 values, 2 MiB. */
export const BULK_ARGUMENT_BOUNDS: JsonBounds = { maxDepth: 32, maxValues: 100_000, maxBytes: 2 * 1024 * 1024 };

/** Static messages of the whole-argument bounds (first in every bulk tool's precedence). They never contain input. */
export const ARGUMENT_BOUND_MESSAGES: Readonly<Record<JsonBound, string>> = {
  depth: 'arguments exceed the nesting limit',
  values: 'arguments exceed the value count limit',
  bytes: 'arguments exceed the byte limit',
};

/** The three bound messages in the order they are reported when several could apply. */
export const ARGUMENT_BOUND_PRECEDENCE: readonly string[] = [ARGUMENT_BOUND_MESSAGES.depth, ARGUMENT_BOUND_MESSAGES.values, ARGUMENT_BOUND_MESSAGES.bytes];

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
export const measureJson = (value: unknown, bounds: JsonBounds = UNBOUNDED): JsonMeasurement => finishNow(measureJsonStepwise(value, bounds));

/** Values (or members of one object) measured between two pauses of {@link measureJsonStepwise}. */
const MEASURED_PER_STEP = 1024;

/**
 * {@link measureJson}, stepwise: it pauses every thousand values, and every thousand keys of a
 * single large object, so 2 MiB of hostile arguments (100,000 distinct keys, each object of its
 * own shape) are measured in short steps.
 */
export function* measureJsonStepwise(value: unknown, bounds: JsonBounds = UNBOUNDED): Stepwise<JsonMeasurement> {
  // Two parallel stacks (value, depth of its container) instead of one object per value.
  const pending: unknown[] = [value];
  const depths: number[] = [0];
  let deepest = 0;
  let values = 0;
  let bytes = 0;
  const result = (exceeded?: JsonBound): JsonMeasurement => (exceeded ? { depth: deepest, values, bytes, exceeded } : { depth: deepest, values, bytes });

  while (pending.length > 0) {
    const current = pending.pop();
    const parentDepth = depths.pop()!;
    values += 1;
    if (values % MEASURED_PER_STEP === 0) yield;
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
      for (let i = current.length - 1; i >= 0; i--) {
        pending.push(encodable(current[i]) ? current[i] : null);
        depths.push(depth);
        if (i % MEASURED_PER_STEP === 0 && i > 0) yield;
      }
    } else {
      const object = current as Record<string, unknown>;
      const keys = Object.keys(object);
      let members = 0;
      for (let i = keys.length - 1; i >= 0; i--) {
        const child = object[keys[i]!];
        if (!encodable(child)) continue;
        members += 1;
        bytes += jsonStringBytes(keys[i]!) + 1;
        pending.push(child);
        depths.push(depth);
        if (members % MEASURED_PER_STEP === 0) yield;
      }
      bytes += 2 + Math.max(0, members - 1);
    }
    if (bytes > bounds.maxBytes) return result('bytes');
  }
  return result();
}

/** The bound `value` crosses first, or `undefined` when it is within `bounds`. */
export const exceededJsonBound = (value: unknown, bounds: JsonBounds): JsonBound | undefined => measureJson(value, bounds).exceeded;

const ARGUMENT_BOUNDS = new WeakMap<z.ZodType, JsonBounds>();

/**
 * Marks a tool's argument schema as bounded as a whole: {@link parseArguments} measures the
 * raw arguments against `bounds` before the schema runs, and a crossed bound's static message
 * wins over every other check. The raw arguments, not the schema's output: an object schema
 * that drops the keys it does not name (instead of copying them) must not hide them from the
 * bounds. Returns the schema itself; its JSON Schema is unchanged.
 */
export function withArgumentBounds<S extends z.ZodType>(schema: S, bounds: JsonBounds): S {
  ARGUMENT_BOUNDS.set(schema, bounds);
  return schema;
}

/** The whole-argument bounds registered for a schema by {@link withArgumentBounds}. */
export const argumentBoundsOf = (schema: z.ZodType): JsonBounds | undefined => ARGUMENT_BOUNDS.get(schema);

const encodable = (value: unknown): boolean => value !== undefined && typeof value !== 'function' && typeof value !== 'symbol';

function primitiveBytes(value: unknown): number {
  if (typeof value === 'string') return jsonStringBytes(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).length : 4;
  if (typeof value === 'boolean') return value ? 4 : 5;
  if (typeof value === 'bigint') return String(value).length;
  return 4; // null (and anything JSON would write as null)
}

/**
 * UTF-8 bytes of `JSON.stringify(text)`, counted in one pass without building it: quotes,
 * two-character escapes (`\"` `\\` `\b` `\t` `\n` `\f` `\r`), six-character escapes (other
 * controls and lone surrogates, as JSON.stringify writes them since ES2019), and UTF-8 widths.
 */
export function jsonStringBytes(text: string): number {
  let bytes = 2;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) {
      if (code >= 0x20) bytes += code === 0x22 || code === 0x5c ? 2 : 1;
      else bytes += code === 0x08 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d ? 2 : 6;
    } else if (code < 0x800) bytes += 2;
    else if (code < 0xd800 || code > 0xdfff) bytes += 3;
    else if (code <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i += 1;
    } else bytes += 6;
  }
  return bytes;
}
