/*
 * Why this JSON reader is hand-written (issue 23, item 5): streaming JSON libraries that could be
 * fed in slices exist (@streamparser/json, stream-json, clarinet, jsonparse), but they tokenize
 * and build every value they meet — a 4 MiB string in a field nobody reads is accumulated whole
 * before anything can refuse it — and they walk the text a character at a time (saxes, the same
 * kind of parser for XML, costs 4–5× the hand-written reader it replaced: bench/XML-READER.md). Provider bodies are read by shape instead: what lies outside the shape is checked by
 * `indexOf` and skipped without being built, no string past 64 Ki characters is built, lists stop
 * at their bound, and list items reach `each` as they complete, all a bounded step at a time.
 */
import type { Stepwise } from '../../domain/shared/stepwise.js';
import { anyValue, fieldShape, type AnyShape, type ArrayShape, type JsonShape, type ObjectShape } from './json-shape.js';
import { JsonReadError, LONG_STRING, checkLongString, readString, stringEnd } from './json-strings.js';

export { JsonReadError } from './json-strings.js';

/** A pause comes after this many values or this many characters, whichever is first. */
const VALUES_PER_STEP = 256;
const CHARS_PER_STEP = 16 * 1024;

/** Deepest nesting a provider body may have; real answers stay below 20 levels. */
export const MAX_JSON_DEPTH = 256;

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** Longest string a {@link scalar} shape builds (no provider field is kept longer); longer ones are only checked. */
export const MAX_SCALAR_CHARS = 64 * 1024;
const LITERALS = new Map<string, unknown>([
  ['true', true],
  ['false', false],
  ['null', null],
]);

/** An open container: what is built of it (nothing when it is only read) and where reading is. */
interface Frame {
  readonly isArray: boolean;
  readonly value: unknown[] | Record<string, unknown> | undefined;
  readonly shape: ObjectShape | ArrayShape | AnyShape | undefined;
  /** Objects: the key of the field being read. */
  key: string;
  /** Shape of the value being read inside this container; `undefined`: it is skipped. */
  next: JsonShape | undefined;
  /** Arrays: items met so far; objects: other fields kept so far. */
  count: number;
  /** Arrays: `each` asked to stop. */
  done: boolean;
}

/**
 * Reads JSON text, building only what `shape` asks for (see {@link JsonShape}); with
 * {@link anyValue} the result equals `JSON.parse` (same numbers, strings, key order, last
 * duplicate wins, `__proto__` kept as plain data). Everything is checked: malformed text
 * anywhere, even in skipped parts, throws {@link JsonReadError}. Iterative (no nesting reaches
 * the call stack; nesting beyond `maxDepth` is refused) and paused every thousand values, so a
 * hostile 4 MiB body never blocks the event loop (docs/provider-data.md).
 */
export function* readJson(text: string, shape: JsonShape = anyValue, maxDepth: number = MAX_JSON_DEPTH): Stepwise<unknown> {
  const frames: Frame[] = [];
  let at = skipSpace(text, 0);
  let want: JsonShape | undefined = shape;
  let stepStart = at;
  for (let values = 1; ; values++) {
    if (values % VALUES_PER_STEP === 0 || at - stepStart > CHARS_PER_STEP) {
      stepStart = at;
      yield;
    }
    let value: unknown;
    const code = text.charCodeAt(at);
    if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
      if (frames.length >= maxDepth) throw new JsonReadError();
      const isArray = code === 0x5b;
      const builds = want !== undefined && (want.kind === 'any' || want.kind === (isArray ? 'array' : 'object'));
      const frame: Frame = {
        isArray,
        value: builds ? (isArray ? [] : {}) : undefined,
        shape: builds ? (want as Frame['shape']) : undefined,
        key: '',
        next: undefined,
        count: 0,
        done: false,
      };
      at = skipSpace(text, at + 1);
      if (text.charCodeAt(at) === (isArray ? 0x5d : 0x7d)) {
        at += 1;
        value = frame.value;
      } else {
        frames.push(frame);
        want = isArray ? nextItem(frame) : yield* readKey(frame);
        continue;
      }
    } else if (code === 0x22 /* " */) {
      const end = stringEnd(text, at);
      const build = want?.kind === 'any' || (want?.kind === 'scalar' && end - at <= MAX_SCALAR_CHARS);
      value = end - at > LONG_STRING && !build ? yield* checkLongString(text, at, end) : readString(text, at, end, build);
      at = end + 1;
    } else if (code === 0x2d || (code >= 0x30 && code <= 0x39)) {
      NUMBER.lastIndex = at;
      if (!NUMBER.test(text)) throw new JsonReadError();
      if (want?.kind === 'scalar' || want?.kind === 'any') value = Number(text.slice(at, NUMBER.lastIndex));
      at = NUMBER.lastIndex;
    } else {
      const word = text.startsWith('false', at) ? 'false' : text.slice(at, at + 4);
      if (!LITERALS.has(word)) throw new JsonReadError();
      if (want?.kind === 'scalar' || want?.kind === 'any') value = LITERALS.get(word);
      at += word.length;
    }

    // Place the value, then close every container that ends here.
    for (;;) {
      const frame = frames.at(-1);
      if (frame === undefined) {
        if (skipSpace(text, at) !== text.length) throw new JsonReadError();
        return value;
      }
      place(frame, value);
      at = skipSpace(text, at);
      const next = text.charCodeAt(at);
      if (next === 0x2c /* , */) {
        at = skipSpace(text, at + 1);
        want = frame.isArray ? nextItem(frame) : yield* readKey(frame);
        break;
      }
      if (next !== (frame.isArray ? 0x5d : 0x7d)) throw new JsonReadError();
      at += 1;
      frames.pop();
      value = frame.value;
    }
  }

  /** Reads `"key":` of the next field of `frame`; returns the shape its value is read with. */
  function* readKey(frame: Frame): Stepwise<JsonShape | undefined> {
    if (text.charCodeAt(at) !== 0x22) throw new JsonReadError();
    const shape = frame.shape as ObjectShape | AnyShape | undefined;
    const end = stringEnd(text, at);
    const build = shape !== undefined && (shape.kind === 'any' || end - at <= MAX_SCALAR_CHARS);
    const key = end - at > LONG_STRING && !build ? yield* checkLongString(text, at, end) : readString(text, at, end, build);
    at = skipSpace(text, end + 1);
    if (text.charCodeAt(at) !== 0x3a /* : */) throw new JsonReadError();
    at = skipSpace(text, at + 1);
    frame.next = shape === undefined || key === undefined ? undefined : fieldShape(shape, key, frame.count);
    if (shape?.kind === 'object' && frame.next !== undefined && !shape.fields.has(key!)) frame.count += 1;
    frame.key = key ?? '';
    return frame.next;
  }

  /** The shape the next item of array `frame` is read with. */
  function nextItem(frame: Frame): JsonShape | undefined {
    const shape = frame.shape as ArrayShape | AnyShape | undefined;
    const index = frame.count++;
    if (shape === undefined || shape.kind === 'any') frame.next = shape;
    else frame.next = !frame.done && index < (shape.max ?? Infinity) ? shape.items : undefined;
    return frame.next;
  }
}

/** Puts a finished value into its container, as the container's shape says. */
function place(frame: Frame, value: unknown): void {
  if (frame.value === undefined || frame.next === undefined) return;
  if (!frame.isArray) {
    if (value !== undefined) setOwn(frame.value as Record<string, unknown>, frame.key, value);
    return;
  }
  const each = frame.shape?.kind === 'array' ? frame.shape.each : undefined;
  if (each === undefined) (frame.value as unknown[]).push(value);
  else if (each(value) === false) frame.done = true;
}

/** The index of the first non-whitespace (JSON whitespace: space, tab, LF, CR) at or after `at`. */
function skipSpace(text: string, at: number): number {
  for (;;) {
    const code = text.charCodeAt(at);
    if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) return at;
    at += 1;
  }
}

/** Sets an own data property; a `__proto__` key is plain data, as `JSON.parse` makes it. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
