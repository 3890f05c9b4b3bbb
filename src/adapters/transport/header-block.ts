import { ContentLengthValue } from './content-length-value.js';

const LF = 0x0a;
const CR = 0x0d;

/** Where a {@link HeaderBlock} stands. */
export type HeaderBlockState = 'first-line' | 'more-lines' | 'complete' | 'invalid-length';

/**
 * One Content-Length header block being read (docs/protocol.md#framing), without buffering any of it: the
 * first line's value is parsed as it arrives, later lines are only scanned for the empty
 * line (`\n` or `\r\n`) that ends the block, and every byte is counted against the bound.
 */
export class HeaderBlock {
  private readonly value = new ContentLengthValue();
  private current: HeaderBlockState = 'complete';
  private bytes = 0;
  private length = 0;
  private lineLength = 0;
  private lineFirstByte = 0;

  /** Starts a block whose first line has been read up to and including its colon. */
  begin(bytesSoFar: number): void {
    this.value.reset();
    this.current = 'first-line';
    this.bytes = bytesSoFar;
    this.length = 0;
    this.lineLength = 0;
  }

  /** `invalid-length` as soon as the first line ends with a bad value; `complete` at the empty line. */
  get state(): HeaderBlockState {
    return this.current;
  }

  /** Bytes of the block so far, line endings and terminating empty line included. */
  get size(): number {
    return this.bytes;
  }

  /** The payload length the first line declared (valid once past the first line). */
  get declaredLength(): number {
    return this.length;
  }

  /** Reads from `bytes[start]` up to the end of one header line at most; returns the next index. */
  read(bytes: Uint8Array, start: number): number {
    const newline = bytes.indexOf(LF, start);
    const stop = newline < 0 ? bytes.length : newline;
    this.bytes += stop - start;
    if (this.current === 'first-line') this.value.feed(bytes, start, stop);
    else if (this.lineLength === 0 && stop > start) this.lineFirstByte = bytes[start] as number;
    this.lineLength += stop - start;
    if (newline < 0) return bytes.length;
    this.bytes += 1;
    this.endLine();
    return newline + 1;
  }

  private endLine(): void {
    if (this.current === 'first-line') {
      const declared = this.value.result();
      this.current = declared === undefined ? 'invalid-length' : 'more-lines';
      this.length = declared ?? 0;
    } else if (this.lineLength === 0 || (this.lineLength === 1 && this.lineFirstByte === CR)) {
      this.current = 'complete';
    }
    this.lineLength = 0;
  }
}
