/*
 * The string scanning of the hand-written JSON reader (why it is hand-written: the note at the
 * top of json-reader.ts): a string's end is found with `indexOf`, a long one is checked a window
 * at a time, and only strings a shape keeps are decoded.
 */
import type { Stepwise } from '../../domain/shared/stepwise.js';

/** Thrown for text that is not JSON (or nests deeper than allowed). The message is static. */
export class JsonReadError extends Error {
  constructor() {
    super('malformed JSON');
    this.name = 'JsonReadError';
  }
}

/** Strings longer than this are checked a window at a time, between pauses. */
export const LONG_STRING = 64 * 1024;

const ESCAPE_OR_CONTROL = /[\\\u0000-\u001f]/u;
const CONTROL = /[\u0000-\u001f]/u;
const HEX4 = /^[0-9a-fA-F]{4}$/u;
const STRING_BODY = /^(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*$/u;

/** The index of the quote closing the string literal that opens at `start`. */
export function stringEnd(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  while (end > 0 && isEscaped(text, end)) end = text.indexOf('"', end + 1);
  if (end < 0) throw new JsonReadError();
  return end;
}

/** The string literal from quote `start` to quote `end`: built (sliced, or decoded natively when escaped) or only checked. */
export function readString(text: string, start: number, end: number, build: boolean): string | undefined {
  const inner = text.slice(start + 1, end);
  if (!ESCAPE_OR_CONTROL.test(inner)) return build ? inner : undefined;
  if (!build) {
    if (!STRING_BODY.test(inner)) throw new JsonReadError();
    return undefined;
  }
  try {
    return JSON.parse(text.slice(start, end + 1)) as string;
  } catch {
    throw new JsonReadError();
  }
}

/** Checks a long string literal without building it, a window at a time (escapes may cross windows). */
export function* checkLongString(text: string, start: number, end: number): Stepwise<undefined> {
  for (let from = start + 1; from < end; from += LONG_STRING) {
    if (CONTROL.test(text.slice(from, Math.min(end, from + LONG_STRING)))) throw new JsonReadError();
    yield;
  }
  let escapes = 0;
  for (let slash = text.indexOf('\\', start + 1); slash >= 0 && slash < end; slash = text.indexOf('\\', slash + 2)) {
    const escaped = text.charAt(slash + 1);
    if (escaped === 'u') {
      if (!HEX4.test(text.slice(slash + 2, slash + 6))) throw new JsonReadError();
    } else if (!'"\\/bfnrt'.includes(escaped) || escaped === '') throw new JsonReadError();
    if (++escapes % 4096 === 0) yield;
  }
  return undefined;
}

/** Whether the quote at `index` is escaped (preceded by an odd run of backslashes). */
function isEscaped(text: string, index: number): boolean {
  let slashes = 0;
  while (text.charCodeAt(index - 1 - slashes) === 0x5c) slashes += 1;
  return slashes % 2 === 1;
}
