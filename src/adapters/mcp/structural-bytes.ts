import type { Buffer } from 'node:buffer';

/** The bytes that open and close JSON containers. */
export const OPEN_ARRAY = 0x5b;
export const CLOSE_ARRAY = 0x5d;
export const OPEN_OBJECT = 0x7b;
export const CLOSE_OBJECT = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;

/** The bytes that structure JSON outside strings, and the quote that opens a string. */
const STRUCTURAL = [QUOTE, OPEN_ARRAY, CLOSE_ARRAY, OPEN_OBJECT, CLOSE_OBJECT, COMMA] as const;

/**
 * The structural bytes of a frame (`[ ] { } ,` outside strings), in order. Each kind's next
 * position is found with `Buffer.indexOf` (native, vectorised) and kept until that byte is
 * passed, so JavaScript never walks the numbers, literals and whitespace between them, and
 * strings are skipped whole: a frame costs one step per structural byte, not one per byte (an
 * 8 MiB frame of 131,000 long numbers took 36–61 ms byte by byte, 4 ms this way; issue 24,
 * row 13). The value bound keeps the number of steps bounded whatever the frame's size.
 */
export class StructuralBytes {
  private readonly ahead: number[] = [];

  constructor(
    private readonly bytes: Buffer,
    from: number,
  ) {
    for (let kind = 0; kind < STRUCTURAL.length; kind++) this.ahead.push(this.find(kind, from));
  }

  /** The position of the next structural byte, -1 at the end, -2 inside a string that never closes. */
  next(): number {
    for (;;) {
      const { ahead } = this;
      let kind = 0;
      for (let other = 1; other < ahead.length; other++) if ((ahead[other] as number) < (ahead[kind] as number)) kind = other;
      const position = ahead[kind] as number;
      if (position === Number.POSITIVE_INFINITY) return -1;
      if (kind !== 0) {
        ahead[kind] = this.find(kind, position + 1);
        return position;
      }
      const close = closingQuote(this.bytes, position);
      if (close < 0) return -2;
      for (let other = 0; other < ahead.length; other++) if ((ahead[other] as number) <= close) ahead[other] = this.find(other, close + 1);
    }
  }

  private find(kind: number, from: number): number {
    const position = this.bytes.indexOf(STRUCTURAL[kind] as number, from);
    return position < 0 ? Number.POSITIVE_INFINITY : position;
  }
}

/** The position of the quote closing the string opened at `open`, or -1. */
function closingQuote(bytes: Buffer, open: number): number {
  let quote = bytes.indexOf(QUOTE, open + 1);
  while (quote >= 0) {
    let backslashes = 0;
    while (bytes[quote - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
    quote = bytes.indexOf(QUOTE, quote + 1);
  }
  return -1;
}
