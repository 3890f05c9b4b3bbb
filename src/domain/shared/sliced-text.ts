import type { Stepwise } from './stepwise.js';
import { utf8ByteLength } from './text-bounds.js';

/**
 * Long texts transformed a slice at a time, with a pause between slices (issue 19, row 6): an
 * export value may be a 1,000,000-character abstract, and escaping or encoding it in one go
 * blocked the event loop 300–500 ms. Slices never split a surrogate pair, so every
 * per-character transform gives the same text sliced or whole.
 */

/** Code units transformed between two pauses (a few milliseconds for the costliest transform). */
export const TEXT_SLICE_UNITS = 16 * 1024;

const isHigh = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;

/** Where the slice of `text` starting at `from` ends: after about `units` code units, never inside a surrogate pair. */
export function sliceEnd(text: string, from: number, units: number = TEXT_SLICE_UNITS): number {
  const end = from + units;
  if (end >= text.length) return text.length;
  return isHigh(text.charCodeAt(end - 1)) && isLow(text.charCodeAt(end)) ? end + 1 : end;
}

/**
 * `transform` applied to `text` slice by slice, a pause after each slice but the last.
 * `transform` must work character by character (a slice's result depends on that slice only).
 * Stops early and returns `undefined` once the result would exceed `maxUnits` code units.
 */
export function* transformInSlices(text: string, transform: (slice: string) => string, maxUnits = Number.POSITIVE_INFINITY): Stepwise<string | undefined> {
  if (text.length <= TEXT_SLICE_UNITS) {
    const whole = transform(text);
    return whole.length > maxUnits ? undefined : whole;
  }
  const parts: string[] = [];
  let length = 0;
  for (let from = 0; from < text.length; ) {
    const to = sliceEnd(text, from);
    const part = transform(text.slice(from, to));
    length += part.length;
    if (length > maxUnits) return undefined;
    parts.push(part);
    from = to;
    if (from < text.length) yield;
  }
  return parts.join('');
}

/** The inside of a JSON string literal of `slice` (without its quotes). */
const jsonInside = (slice: string): string => {
  const literal = JSON.stringify(slice);
  return literal.slice(1, -1);
};

/** `JSON.stringify(text)` of a string, built slice by slice (the same text: no slice splits a surrogate pair). */
export function* jsonStringStepwise(text: string): Stepwise<string> {
  if (text.length <= TEXT_SLICE_UNITS) return JSON.stringify(text);
  return `"${(yield* transformInSlices(text, jsonInside)) as string}"`;
}

/** {@link utf8ByteLength} of a long text, slice by slice (the same count: no slice splits a surrogate pair). */
export function* utf8ByteLengthStepwise(text: string): Stepwise<number> {
  let total = 0;
  for (let from = 0; from < text.length; ) {
    const to = sliceEnd(text, from, 4 * TEXT_SLICE_UNITS);
    total += utf8ByteLength(text.slice(from, to));
    from = to;
    if (from < text.length) yield;
  }
  return total;
}
