// Longer than 200 lines: one state machine over both framings (line and Content-Length), with
// pausing and its backlog. Every byte must be consumed exactly once whatever the mode and the
// chunk boundaries; split across files, that one invariant would have to be checked in each.
import { Buffer } from 'node:buffer';
import type { TransportFailure, TransportListener } from '../../ports/transport.port.js';
import { type FrameBounds, SPEC_FRAME_BOUNDS } from './frame-bounds.js';
import { HeaderBlock } from './header-block.js';
import { HeaderStartDetector } from './header-start-detector.js';

const LF = 0x0a;
const CR = 0x0d;
const EMPTY = Buffer.alloc(0);

type Mode = 'line' | 'line-skip' | 'header' | 'payload' | 'payload-skip' | 'closed';

/** True when a line holds nothing but spaces, tabs and carriage returns (JSON whitespace). */
const isBlank = (line: Uint8Array): boolean => {
  for (let index = 0; index < line.length; index++) {
    const byte = line[index];
    if (byte !== 0x20 && byte !== 0x09 && byte !== CR) return false;
  }
  return true;
};

/**
 * The incremental stdio frame decoder (docs/protocol.md#framing). Feed it input chunks with {@link push} and
 * call {@link end} at end of input; it reports to a {@link TransportListener}, synchronously.
 *
 * - Line framing: a message whose first line does not match `/^content-length\s*:/i` (ASCII
 *   whitespace; the colon must come within the frame bound). A trailing `\r` is stripped;
 *   lines of only spaces, tabs and `\r` are skipped; a last line without `\n` at end of input
 *   is still delivered.
 * - Content-Length framing: the first line gives the length, other header lines are ignored,
 *   an empty line (`\n` or `\r\n`) ends the block, then exactly that many payload bytes.
 * - Bounds: an oversize line or payload is skipped as it arrives (never buffered), then
 *   `onOversize` is reported once. An oversize header block is skipped up to its empty line,
 *   its payload is skipped too, then `onOversize('content-length')`. Header bytes are never
 *   buffered, so memory stays within one frame bound whatever the input.
 * - Fatal: an invalid length value → `invalid-mcp-message` (as soon as its line ends); end of
 *   input inside a header block or payload → `incomplete-mcp-message`. Nothing is reported
 *   after `onEnd` or `onFatal`.
 *
 * Payloads are not copied when they lie in one input chunk: they may be views of it. Frames
 * are delivered synchronously from {@link push}/{@link end}; a listener may call {@link stop}.
 */
export class FrameReader {
  private mode: Mode = 'line';
  /** Buffered pieces of the current line or payload (views of input chunks). */
  private readonly parts: Buffer[] = [];
  /** Bytes of the current line or payload seen so far; bytes left to skip in `payload-skip`. */
  private size = 0;
  private readonly detector = new HeaderStartDetector();
  private readonly header = new HeaderBlock();
  private declaredLength = 0;
  /** Set by {@link pause}: no frame is delivered until {@link resume}. */
  private paused = false;
  /** Input received while paused (or left over when a pause came mid-chunk), in order. */
  private readonly backlog: { bytes: Buffer; position: number }[] = [];
  /** How the input broke off while frames were still held back: reported after them. */
  private pendingEnd: 'end' | TransportFailure | undefined;

  constructor(
    private readonly listener: TransportListener,
    private readonly bounds: FrameBounds = SPEC_FRAME_BOUNDS,
  ) {}

  /** True after `onEnd` or `onFatal` was reported, or after {@link stop}. */
  get closed(): boolean {
    return this.mode === 'closed';
  }

  /** Whether delivery is paused (see {@link pause}). */
  get isPaused(): boolean {
    return this.paused;
  }

  /**
   * Stops delivering frames, even in the middle of a chunk: the rest of the input is kept (not
   * decoded) until {@link resume}. The transport pauses while the output is full, so a flood of
   * small requests with large answers cannot pile up responses in memory.
   */
  pause(): void {
    this.paused = true;
  }

  /** Delivers what was held back, then goes on; may pause again from inside a delivery. */
  resume(): void {
    this.paused = false;
    while (!this.paused && this.backlog.length > 0) {
      const { bytes, position } = this.backlog.shift() as { bytes: Buffer; position: number };
      this.decode(bytes, position);
    }
    const ending = this.pendingEnd;
    if (!this.paused && ending !== undefined) {
      this.pendingEnd = undefined;
      if (ending === 'end') this.end();
      else this.fail(ending);
    }
  }

  /** Decodes one input chunk; ignored once closed. */
  push(chunk: Uint8Array): void {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (this.paused || this.backlog.length > 0) this.backlog.push({ bytes, position: 0 });
    else this.decode(bytes, 0);
  }

  private decode(bytes: Buffer, from: number): void {
    let position = from;
    while (position < bytes.length) {
      if (this.paused) {
        this.backlog.unshift({ bytes, position });
        return;
      }
      switch (this.mode) {
        case 'line':
          position = this.readLine(bytes, position);
          break;
        case 'line-skip':
          position = this.skipLine(bytes, position);
          break;
        case 'header':
          position = this.readHeader(bytes, position);
          break;
        case 'payload':
          position = this.readPayload(bytes, position);
          break;
        case 'payload-skip':
          position = this.skipPayload(bytes, position);
          break;
        case 'closed':
          return;
      }
    }
  }

  /**
   * End of input: delivers a final unterminated line, then `onEnd`, or reports a fatal. While
   * paused, it waits until everything held back was delivered.
   */
  end(): void {
    if (this.holdsInput()) {
      this.pendingEnd = 'end';
      return;
    }
    switch (this.mode) {
      case 'closed':
        return;
      case 'line':
        if (this.size > 0) this.finishLine(EMPTY);
        break;
      case 'line-skip':
        this.startMessage();
        this.listener.onOversize('line');
        break;
      default:
        this.stop();
        this.listener.onFatal('incomplete-mcp-message');
        return;
    }
    if (this.closed) return;
    this.stop();
    this.listener.onEnd();
  }

  /**
   * The input broke off (a read error, or closed without ending): delivers every complete
   * frame held back first (once resumed), drops a partial one, then reports `reason`.
   */
  fail(reason: TransportFailure): void {
    if (this.holdsInput()) {
      this.pendingEnd = reason;
      return;
    }
    if (this.closed) return;
    this.stop();
    this.listener.onFatal(reason);
  }

  /** Stops decoding silently (the transport failed elsewhere); later input is ignored. */
  stop(): void {
    this.mode = 'closed';
    this.parts.length = 0;
    this.backlog.length = 0;
    this.pendingEnd = undefined;
  }

  private holdsInput(): boolean {
    return this.mode !== 'closed' && (this.paused || this.backlog.length > 0);
  }

  private readLine(bytes: Buffer, start: number): number {
    if (this.detector.isPending) {
      const room = this.bounds.maxFrameBytes + 1 - this.size;
      const afterColon = this.detector.scan(bytes, start, Math.min(bytes.length, start + room));
      if (afterColon >= 0) {
        this.header.begin(this.size + (afterColon - start));
        this.parts.length = 0;
        this.mode = 'header';
        return afterColon;
      }
    }
    const newline = bytes.indexOf(LF, start);
    if (newline >= 0) {
      this.finishLine(bytes.subarray(start, newline));
      return newline + 1;
    }
    this.size += bytes.length - start;
    // One byte of slack: the line may still end with a `\r` that is stripped.
    if (this.size > this.bounds.maxFrameBytes + 1) {
      this.parts.length = 0;
      this.mode = 'line-skip';
    } else {
      this.parts.push(bytes.subarray(start));
    }
    return bytes.length;
  }

  private finishLine(tail: Buffer): void {
    const total = this.size + tail.length;
    const lastPart = tail.length > 0 ? tail : this.parts[this.parts.length - 1];
    const endsWithCR = lastPart !== undefined && lastPart[lastPart.length - 1] === CR;
    const length = endsWithCR ? total - 1 : total;
    let line = tail;
    if (this.parts.length > 0 && length <= this.bounds.maxFrameBytes) {
      this.parts.push(tail);
      line = Buffer.concat(this.parts, total);
    }
    this.startMessage();
    if (length > this.bounds.maxFrameBytes) {
      this.listener.onOversize('line');
      return;
    }
    if (endsWithCR) line = line.subarray(0, length);
    if (!isBlank(line)) this.listener.onFrame(line, 'line');
  }

  private skipLine(bytes: Buffer, start: number): number {
    const newline = bytes.indexOf(LF, start);
    if (newline < 0) return bytes.length;
    this.startMessage();
    this.listener.onOversize('line');
    return newline + 1;
  }

  private readHeader(bytes: Buffer, start: number): number {
    const next = this.header.read(bytes, start);
    if (this.header.state === 'invalid-length') {
      this.stop();
      this.listener.onFatal('invalid-mcp-message');
      return bytes.length;
    }
    if (this.header.state === 'complete') this.beginPayload();
    return next;
  }

  private beginPayload(): void {
    this.declaredLength = this.header.declaredLength;
    this.size = 0;
    if (this.header.size > this.bounds.maxHeaderBytes || this.declaredLength > this.bounds.maxFrameBytes) {
      this.mode = 'payload-skip';
      this.size = this.declaredLength;
      if (this.size === 0) this.finishSkippedPayload();
    } else if (this.declaredLength === 0) {
      this.startMessage();
      this.listener.onFrame(EMPTY, 'content-length');
    } else {
      this.mode = 'payload';
    }
  }

  private readPayload(bytes: Buffer, start: number): number {
    const needed = this.declaredLength - this.size;
    const stop = Math.min(bytes.length, start + needed);
    const piece = bytes.subarray(start, stop);
    if (this.parts.length === 0 && piece.length === needed) {
      this.startMessage();
      this.listener.onFrame(piece, 'content-length');
      return stop;
    }
    this.parts.push(piece);
    this.size += piece.length;
    if (this.size === this.declaredLength) {
      const payload = Buffer.concat(this.parts, this.size);
      this.startMessage();
      this.listener.onFrame(payload, 'content-length');
    }
    return stop;
  }

  private skipPayload(bytes: Buffer, start: number): number {
    const stop = Math.min(bytes.length, start + this.size);
    this.size -= stop - start;
    if (this.size === 0) this.finishSkippedPayload();
    return stop;
  }

  private finishSkippedPayload(): void {
    this.startMessage();
    this.listener.onOversize('content-length');
  }

  /** Resets the per-message state; a listener call made right after may close the reader. */
  private startMessage(): void {
    this.mode = 'line';
    this.parts.length = 0;
    this.size = 0;
    this.detector.reset();
  }
}
