import { Buffer, isUtf8 } from 'node:buffer';
import { CLOSE_ARRAY, CLOSE_OBJECT, OPEN_ARRAY, OPEN_OBJECT, StructuralBytes } from './structural-bytes.js';

// Hand-written on purpose: this runs before any parse, to decide whether a frame may be parsed at
// all (a JSON parser, ours or a library's, is what an oversized frame must not reach: parsing one
// object of 131,000 keys holds V8 90–360 ms, an 8 MiB `[{},…]` ~400 MiB). It counts only what the
// bounds need and touches in JavaScript only the structural bytes (see StructuralBytes).

/**
 * What a look at a frame's bytes says before it is parsed: parse it as usual, or it is a JSON
 * array of more elements than a batch may hold, or it holds more values than any message may
 * (parsing it would cost hundreds of MiB), or it is not JSON at all. `parse-shallow`: a message
 * (not an array) whose bytes were scanned and nest at most `maxDepth` containers, so the parsed
 * value need not be walked for its depth (that walk took 20 ms on one object of 99,000 keys).
 */
export type BatchPrescan = 'parse' | 'parse-shallow' | 'too-many-elements' | 'too-many-values' | 'not-json';

/** The bounds a frame is checked against before it is parsed. */
export interface PrescanBounds {
  /** Elements a batch (a top-level array) may hold. */
  readonly maxElements: number;
  /**
   * Values (containers and the separators between values) any frame may hold. A value takes
   * at least two bytes, so frames shorter than twice this are not scanned for it.
   */
  readonly maxValues: number;
  /** Containers a message may nest (the value itself counts as one when it is a container). */
  readonly maxDepth: number;
  /**
   * Members one object may hold (absent: no bound). Parsing one object of 131,000 keys costs
   * V8 90–360 ms, several times as much as the same keys spread over small objects (issue 19,
   * row 5). Objects nested deeper than `maxDepth` share one count.
   */
  readonly maxMembers?: number;
}

/**
 * Bytes of elements parsed at once while checking an oversized array is valid JSON. Small, so
 * that what one window's parse builds dies young (256 KiB windows of `{},` peaked ~60 MiB
 * higher on Node 24: their values outlived the young generation).
 */
const WINDOW_BYTES = 16 * 1024;

const isWhitespace = (byte: number | undefined): boolean => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;

/**
 * Looks at a frame's bytes before it is parsed. A top-level array's elements are counted
 * without parsing it, so that an oversized batch is refused without building millions of
 * values first (an 8 MiB line of `{},` parses to ~350 MB). An array with more than
 * `maxElements` elements is then checked for validity window by window (so a malformed one
 * still gets the parse error it deserves), holding one window's values at a time. Any other
 * frame long enough to hold more than `maxValues` values has them counted (strings skipped
 * whole): one 8 MiB request whose params hold `[{},{},…]` would otherwise cost ~400 MiB to
 * parse. So are the members of each object, against `maxMembers`. Such a frame is refused
 * whether or not it is valid JSON.
 */
export function prescanBatch(payload: Uint8Array, bounds: PrescanBounds): BatchPrescan {
  const bytes = Buffer.isBuffer(payload) ? payload : Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength);
  let start = 0;
  while (isWhitespace(bytes[start])) start++;
  if (bytes[start] === OPEN_ARRAY) {
    let elements = 1;
    const counted = scanTopLevel(bytes, start, () => ++elements <= bounds.maxElements);
    if (counted === 'stopped') return isUtf8(bytes) && isValidInWindows(bytes, start) ? 'too-many-elements' : 'not-json';
  }
  if (bytes.length < scanFrom(bounds)) return 'parse';
  const scan = scanValues(bytes, start, bounds);
  if (scan === 'too-many') return 'too-many-values';
  return bytes[start] !== OPEN_ARRAY && scan !== 'unterminated' && scan <= bounds.maxDepth ? 'parse-shallow' : 'parse';
}

/**
 * The shortest frame that can break a bound: a value takes at least two bytes, an object
 * member at least four (`"":0` and its comma, the keys all alike), so shorter frames are not scanned.
 */
const scanFrom = (bounds: PrescanBounds): number => Math.min(2 * bounds.maxValues, 4 * (bounds.maxMembers ?? Number.POSITIVE_INFINITY));

/** Marks an array on the stack of open containers (an object's entry counts its commas). */
const ARRAY_MARK = -1;

/**
 * Counts the containers and separators outside strings from `start`, and the commas of each
 * open object: 'too-many' past `maxValues` values or `maxMembers` members of one object, else
 * the deepest nesting of containers seen ('unterminated' for an open string).
 */
function scanValues(bytes: Buffer, start: number, bounds: PrescanBounds): number | 'too-many' | 'unterminated' {
  const { maxValues, maxDepth } = bounds;
  const maxCommas = (bounds.maxMembers ?? Number.POSITIVE_INFINITY) - 1;
  const commas = new Float64Array(maxDepth + 2); // per open container up to maxDepth + 1; deeper ones share the last
  const structure = new StructuralBytes(bytes, start);
  let values = 0;
  let depth = 0;
  let deepest = 0;
  let position = structure.next();
  for (; position >= 0; position = structure.next()) {
    const byte = bytes[position];
    if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (++values > maxValues) return 'too-many';
      if (++depth > deepest) deepest = depth;
      if (depth <= maxDepth + 1) commas[depth] = byte === OPEN_ARRAY ? ARRAY_MARK : 0;
      else if (byte === OPEN_OBJECT && commas[maxDepth + 1] === ARRAY_MARK) commas[maxDepth + 1] = 0;
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
      depth--;
    } else {
      if (++values > maxValues) return 'too-many';
      const slot = Math.min(depth, maxDepth + 1);
      const count = commas[slot] as number;
      if (count === ARRAY_MARK) continue;
      if (count + 1 > maxCommas) return 'too-many';
      commas[slot] = count + 1;
    }
  }
  return position === -2 ? 'unterminated' : deepest;
}

/**
 * Walks the array opened at `start`, calling `onComma` with the position of each top-level
 * comma until it returns false ('stopped'). Returns the position of the closing bracket, or
 * 'unterminated'. Strings are skipped whole; the walk trusts the input to be JSON (a
 * malformed one is caught by the parse that follows either way).
 */
function scanTopLevel(bytes: Buffer, start: number, onComma: (position: number) => boolean): number | 'stopped' | 'unterminated' {
  const structure = new StructuralBytes(bytes, start);
  let depth = 0;
  for (let position = structure.next(); position >= 0; position = structure.next()) {
    const byte = bytes[position];
    if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) depth++;
    else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
      if (--depth === 0) return position;
    } else if (depth === 1 && !onComma(position)) return 'stopped';
  }
  return 'unterminated';
}

/** Whether the array at `start` is valid JSON, parsing runs of elements of about one window. */
function isValidInWindows(bytes: Buffer, start: number): boolean {
  let windowStart = start + 1;
  let valid = true;
  const parses = (end: number): boolean => {
    let content = windowStart;
    while (content < end && isWhitespace(bytes[content])) content++;
    // Every window follows `[` or a comma, so a blank one is an empty element.
    if (content === end) return false;
    try {
      JSON.parse(`[${bytes.toString('utf8', windowStart, end)}]`);
      return true;
    } catch {
      return false;
    }
  };
  const close = scanTopLevel(bytes, start, (comma) => {
    if (comma - windowStart < WINDOW_BYTES) return true;
    valid = parses(comma);
    windowStart = comma + 1;
    return valid;
  });
  if (!valid || typeof close !== 'number' || !parses(close)) return false;
  for (let after = close + 1; after < bytes.length; after++) if (!isWhitespace(bytes[after])) return false;
  return true;
}
