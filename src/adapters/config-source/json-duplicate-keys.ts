/**
 * Duplicate-key detection for JSON text (docs/configuration.md: duplicate keys are rejected).
 *
 * `JSON.parse` silently keeps the last of two equal keys, so the settings document is scanned
 * separately. Keys are compared after decoding their escapes, so `{"a":1,"\u0061":2}` holds a
 * duplicate just like `{"a":1,"a":2}`. Every object at every depth is checked; the scan is
 * iterative, so deep nesting cannot overflow the call stack.
 */

interface ObjectFrame {
  readonly kind: 'object';
  readonly keys: Set<string>;
  /** True right after `{` or `,`: the next string is a key. */
  expectingKey: boolean;
}
interface ArrayFrame {
  readonly kind: 'array';
}
type Frame = ObjectFrame | ArrayFrame;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The first key that repeats within one object: its decoded name and the index of its second occurrence. */
export interface DuplicateKey {
  readonly key: string;
  readonly index: number;
}

/**
 * Whether any object in `text` has two keys that decode to the same string.
 *
 * Precondition: `text` is valid JSON (call it after `JSON.parse` succeeded); on other text the
 * answer is unspecified but the function still returns without throwing.
 */
export const hasDuplicateKeys = (text: string): boolean => findDuplicateKey(text) !== undefined;

/** The first repeated key of {@link hasDuplicateKeys}, with where it repeats; `undefined` when none. */
export function findDuplicateKey(text: string): DuplicateKey | undefined {
  const stack: Frame[] = [];
  let index = 0;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    const top = stack[stack.length - 1];
    if (code === QUOTE) {
      const end = closingQuote(text, index);
      if (end < 0) return undefined;
      if (top?.kind === 'object' && top.expectingKey) {
        const key = decodeKey(text.slice(index, end + 1));
        if (key === undefined) return undefined;
        if (top.keys.has(key)) return { key, index };
        top.keys.add(key);
        top.expectingKey = false;
      }
      index = end + 1;
      continue;
    }
    if (code === 0x7b /* { */) stack.push({ kind: 'object', keys: new Set(), expectingKey: true });
    else if (code === 0x5b /* [ */) stack.push({ kind: 'array' });
    else if (code === 0x7d /* } */ || code === 0x5d /* ] */) stack.pop();
    else if (code === 0x2c /* , */ && top?.kind === 'object') top.expectingKey = true;
    index += 1;
  }
  return undefined;
}

/** Index of the quote that closes the string opened at `open`, or -1. */
function closingQuote(text: string, open: number): number {
  let index = open + 1;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code === BACKSLASH) index += 2;
    else if (code === QUOTE) return index;
    else index += 1;
  }
  return -1;
}

/** The decoded value of one JSON string literal (quotes included), or undefined if malformed. */
function decodeKey(literal: string): string | undefined {
  try {
    const value: unknown = JSON.parse(literal);
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}
