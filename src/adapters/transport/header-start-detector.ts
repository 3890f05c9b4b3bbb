const HEADER_NAME = 'content-length';
const COLON = 0x3a;

/** ASCII whitespace accepted between the header name and its colon (JS `\s`, ASCII part). */
const isAsciiSpace = (byte: number): boolean => byte === 0x20 || byte === 0x09 || byte === 0x0b || byte === 0x0c || byte === 0x0d;

/** Lower-cases an ASCII letter byte; other bytes are returned unchanged. */
const lowerAscii = (byte: number): number => (byte >= 0x41 && byte <= 0x5a ? byte | 0x20 : byte);

/**
 * Decides, from the first bytes of a message, whether it is a Content-Length header block:
 * its first line must match `/^content-length\s*:/i` (docs/protocol.md#framing). Only ASCII whitespace counts
 * as `\s`. Anything else — including a line that ends before the colon — is a line message.
 *
 * It is incremental: bytes can arrive in any number of pieces, and it never buffers them.
 */
export class HeaderStartDetector {
  /** Name bytes matched so far; `HEADER_NAME.length` once the name is complete. */
  private matched = 0;
  private pending = true;

  /** Starts over for a new message. */
  reset(): void {
    this.matched = 0;
    this.pending = true;
  }

  /** True while the bytes seen so far could still begin a header line. */
  get isPending(): boolean {
    return this.pending;
  }

  /**
   * Scans `bytes[start, end)`, which continue the current message's first line.
   * Returns the index just after the colon when the line is a header line; otherwise -1, and
   * {@link isPending} tells whether more bytes are needed to decide.
   */
  scan(bytes: Uint8Array, start: number, end: number): number {
    for (let index = start; index < end && this.pending; index++) {
      const byte = bytes[index] as number;
      if (this.matched < HEADER_NAME.length) {
        if (lowerAscii(byte) === HEADER_NAME.charCodeAt(this.matched)) this.matched++;
        else this.pending = false;
      } else if (byte === COLON) {
        this.pending = false;
        return index + 1;
      } else if (!isAsciiSpace(byte)) {
        this.pending = false;
      }
    }
    return -1;
  }
}
