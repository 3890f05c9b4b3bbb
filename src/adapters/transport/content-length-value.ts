type State = 'leading' | 'digits' | 'trailing' | 'invalid';

/** Blanks around the value that are trimmed: space, tab and carriage return. */
const isTrimmed = (byte: number): boolean => byte === 0x20 || byte === 0x09 || byte === 0x0d;
const isDigit = (byte: number): boolean => byte >= 0x30 && byte <= 0x39;

/**
 * Parses the value of a `Content-Length:` header line incrementally, without buffering it
 * (docs/protocol.md#framing): ASCII digits, with spaces, tabs and carriage returns around them ignored. Signs,
 * exponents, decimal points, inner blanks, an empty value or a number above
 * `Number.MAX_SAFE_INTEGER` make the value invalid.
 */
export class ContentLengthValue {
  private state: State = 'leading';
  private value = 0;

  /** Starts over for a new header line. */
  reset(): void {
    this.state = 'leading';
    this.value = 0;
  }

  /** Feeds `bytes[start, end)`: the part of the line after the colon (no `\n` among them). */
  feed(bytes: Uint8Array, start: number, end: number): void {
    for (let index = start; index < end && this.state !== 'invalid'; index++) {
      const byte = bytes[index] as number;
      if (isDigit(byte) && this.state !== 'trailing') {
        this.value = this.value * 10 + (byte - 0x30);
        this.state = this.value > Number.MAX_SAFE_INTEGER ? 'invalid' : 'digits';
      } else if (isTrimmed(byte)) {
        if (this.state === 'digits') this.state = 'trailing';
      } else {
        this.state = 'invalid';
      }
    }
  }

  /** The declared payload length, or `undefined` when the value is missing or invalid. */
  result(): number | undefined {
    return this.state === 'digits' || this.state === 'trailing' ? this.value : undefined;
  }
}
