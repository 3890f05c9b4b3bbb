// Splits a server's stdout into lines and finds each response's top-level id without parsing
// the whole (possibly large) response, so the harness stays cheap next to the server under test.

const LF = 0x0a;
const PREFIX = Buffer.from('{"jsonrpc":"2.0","id":');
const RESULT_AFTER_ID = Buffer.from(',"result":');
const RESULT_FIRST = Buffer.from('{"result":');
const SUFFIX_ID = Buffer.from('"id":');

const startsWithAt = (bytes, at, pattern) => {
  if (bytes.length - at < pattern.length) return false;
  for (let i = 0; i < pattern.length; i++) if (bytes[at + i] !== pattern[i]) return false;
  return true;
};

/** Reads unsigned decimal digits at `at`; returns [value, end] or undefined. */
const digitsAt = (bytes, at, end) => {
  let value = 0;
  let index = at;
  while (index < end && bytes[index] >= 0x30 && bytes[index] <= 0x39) value = value * 10 + (bytes[index++] - 0x30);
  return index === at ? undefined : [value, index];
};

/**
 * Classifies one response line (a Buffer without its `\n`).
 *
 * Fast paths, both sound for the top-level id: the line starts with `{"jsonrpc":"2.0","id":N,`
 * (Qiongli, floor) or ends with `"id":N}` (the SDK puts `jsonrpc` and `id` last; the final `}`
 * closes the top-level object, so its last member is top-level). Anything else is parsed.
 *
 * @returns {{ id: number|string|null|undefined, ok: boolean }} ok = a `result` (not an `error`)
 */
export function classifyLine(line) {
  if (startsWithAt(line, 0, PREFIX)) {
    const digits = digitsAt(line, PREFIX.length, line.length);
    if (digits !== undefined) return { id: digits[0], ok: startsWithAt(line, digits[1], RESULT_AFTER_ID) };
  }
  if (line.length > 2 && line[line.length - 1] === 0x7d && startsWithAt(line, 0, RESULT_FIRST)) {
    let start = line.length - 2;
    while (start > 0 && line[start] >= 0x30 && line[start] <= 0x39) start--;
    if (start < line.length - 2 && startsWithAt(line, start - SUFFIX_ID.length + 1, SUFFIX_ID)) {
      const digits = digitsAt(line, start + 1, line.length - 1);
      if (digits !== undefined) return { id: digits[0], ok: true };
    }
  }
  try {
    const message = JSON.parse(line.toString('utf8'));
    return { id: message?.id, ok: message !== null && typeof message === 'object' && 'result' in message };
  } catch {
    return { id: undefined, ok: false };
  }
}

/**
 * Incremental line splitter over stdout chunks; calls `onLine(buffer)` for every complete line.
 * Lines inside one chunk are views of it (no copy).
 */
export class LineSplitter {
  #rest = [];
  #restBytes = 0;

  constructor(onLine) {
    this.onLine = onLine;
  }

  /** Feeds one chunk. */
  push(chunk) {
    let start = 0;
    let newline = chunk.indexOf(LF, start);
    while (newline >= 0) {
      let line = chunk.subarray(start, newline);
      if (this.#restBytes > 0) {
        this.#rest.push(line);
        line = Buffer.concat(this.#rest, this.#restBytes + line.length);
        this.#rest = [];
        this.#restBytes = 0;
      }
      if (line.length > 0) this.onLine(line);
      start = newline + 1;
      newline = chunk.indexOf(LF, start);
    }
    if (start < chunk.length) {
      this.#rest.push(chunk.subarray(start));
      this.#restBytes += chunk.length - start;
    }
  }

  /** Bytes of an unfinished last line. */
  get pendingBytes() {
    return this.#restBytes;
  }
}
