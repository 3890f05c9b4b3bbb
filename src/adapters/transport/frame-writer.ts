import { Buffer } from 'node:buffer';
import type { Writable } from 'node:stream';
import type { Framing, TransportFailure } from '../../ports/transport.port.js';
import { encodeFrame } from './frame-encoder.js';
import { classifyOutputError } from './output-failure.js';

/** Pending output larger than this (in bytes) is written at once instead of batched. */
const EAGER_WRITE_BYTES = 256 * 1024;
/**
 * Output queued in the stream beyond this many bytes counts as full: the owner stops reading
 * until it drains. Larger than a pipe's buffer, so pipelined small answers keep flowing, yet
 * small enough to bound memory whatever the peer sends.
 */
export const OUTPUT_PRESSURE_BYTES = 1024 * 1024;

/** What a {@link FrameWriter} tells its owner. */
export interface FrameWriterEvents {
  /** The output failed; reported once. Nothing is written afterwards. */
  onFailure(reason: Extract<TransportFailure, 'stdout-closed' | 'write-failure'>): void;
  /** `true` when the output's buffer is full (stop producing), `false` once it drained. */
  onPressure(full: boolean): void;
}

const NEWLINE = Buffer.from('\n');
const NOTHING = Buffer.alloc(0);

/** The bytes before and after a payload of `length` bytes in a framing (see {@link encodeFrame}). */
const framingAround = (length: number, framing: Framing): [Buffer, Buffer] =>
  framing === 'content-length' ? [Buffer.from(`Content-Length: ${length}\r\n\r\n`), NOTHING] : [NOTHING, NEWLINE];

interface FlushWaiter {
  readonly writeNumber: number;
  readonly resolve: () => void;
}

/**
 * Writes frames to an output stream whole and in call order (docs/protocol.md#framing). Frames queued in the
 * same event-loop turn are joined and handed over with one `write` (fewer system calls under
 * pipelined load); a batch is written at once when it grows past 256 KiB. Back-pressure is
 * signalled through {@link FrameWriterEvents.onPressure}; frames queued meanwhile are still
 * written in order (never dropped) — the owner bounds memory by pausing its input.
 */
export class FrameWriter {
  /**
   * Frames queued in this turn, already encoded to UTF-8: a queued answer then costs its bytes
   * once, not a UTF-16 string plus the copy the stream makes of it (docs/robustness.md).
   */
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private scheduled: NodeJS.Immediate | undefined;
  private writesIssued = 0;
  private writesDone = 0;
  private readonly waiters: FlushWaiter[] = [];
  private full = false;
  private failed = false;

  /**
   * @param pressureBytes queued output (in the stream) that counts as full; tests use a tiny one
   */
  constructor(
    private readonly output: Writable,
    private readonly events: FrameWriterEvents,
    private readonly pressureBytes: number = OUTPUT_PRESSURE_BYTES,
  ) {
    output.on('error', this.fail);
    output.on('close', this.onClose);
  }

  /** Queues one frame; ignored after a failure. */
  send(payload: string | Uint8Array, framing: Framing): void {
    if (this.failed) return;
    if (typeof payload !== 'string') return this.sendBytes(payload, framing);
    const frame = encodeFrame(payload, framing);
    if (frame.length >= EAGER_WRITE_BYTES) {
      // A large frame goes out as the string it is: the stream writes a string without a
      // second copy when the pipe takes it, and copies only what it cannot take.
      this.writePending();
      this.write(frame);
      return;
    }
    this.queue(Buffer.from(frame, 'utf8'));
  }

  /** A payload already encoded (a batch's answer array): framed around its bytes, never copied. */
  private sendBytes(payload: Uint8Array, framing: Framing): void {
    const bytes = Buffer.isBuffer(payload) ? payload : Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength);
    const [head, tail] = framingAround(bytes.length, framing);
    if (bytes.length < EAGER_WRITE_BYTES) {
      this.queue(Buffer.concat([head, bytes, tail]));
      return;
    }
    this.writePending();
    for (const chunk of [head, bytes, tail]) if (chunk.length > 0) this.write(chunk);
  }

  private queue(bytes: Buffer): void {
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    if (this.pendingBytes >= EAGER_WRITE_BYTES) this.writePending();
    else this.scheduled ??= setImmediate(this.writePending);
  }

  /**
   * Hands every queued frame to the stream now and resolves once the stream has processed
   * them all (its write callbacks ran, after `drain` when it was full). Never rejects: after
   * a failure (reported through `onFailure`) it resolves at once.
   */
  flush(): Promise<void> {
    this.writePending();
    if (this.failed || this.writesDone === this.writesIssued) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ writeNumber: this.writesIssued, resolve }));
  }

  private readonly writePending = (): void => {
    if (this.scheduled !== undefined) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    if (this.pending.length === 0 || this.failed) return;
    const batch = this.pending.length === 1 ? (this.pending[0] as Buffer) : Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    this.write(batch);
  };

  private write(chunk: string | Buffer): void {
    if (this.failed) return;
    this.writesIssued++;
    let accepted: boolean;
    try {
      accepted = this.output.write(chunk, this.onWritten);
    } catch (error) {
      this.fail(error);
      return;
    }
    if (!accepted && !this.full && !this.failed && this.output.writableLength >= this.pressureBytes) {
      this.full = true;
      this.output.once('drain', this.onDrain);
      this.events.onPressure(true);
    }
  }

  private readonly onWritten = (error?: Error | null): void => {
    if (error) {
      this.fail(error);
      return;
    }
    this.writesDone++;
    while (this.waiters.length > 0 && (this.waiters[0] as FlushWaiter).writeNumber <= this.writesDone) {
      (this.waiters.shift() as FlushWaiter).resolve();
    }
  };

  private readonly onDrain = (): void => {
    this.full = false;
    if (!this.failed) this.events.onPressure(false);
  };

  private readonly onClose = (): void => {
    const unwritten = this.pending.length > 0 || this.writesDone < this.writesIssued;
    if (unwritten) this.fail({ code: 'ERR_STREAM_PREMATURE_CLOSE' });
  };

  private readonly fail = (error: unknown): void => {
    if (this.failed) return;
    this.failed = true;
    this.pending = [];
    this.pendingBytes = 0;
    if (this.scheduled !== undefined) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    for (const waiter of this.waiters.splice(0)) waiter.resolve();
    this.events.onFailure(classifyOutputError(error));
  };
}
