import type { Writable } from 'node:stream';
import type { Framing, TransportFailure } from '../../ports/transport.port.js';
import { encodeFrame } from './frame-encoder.js';
import { classifyOutputError } from './output-failure.js';

/** Pending output larger than this (in UTF-16 units) is written at once instead of batched. */
const EAGER_WRITE_UNITS = 256 * 1024;
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
  private pending = '';
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
  send(payload: string, framing: Framing): void {
    if (this.failed) return;
    this.pending += encodeFrame(payload, framing);
    if (this.pending.length >= EAGER_WRITE_UNITS) this.writePending();
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
    if (this.pending === '' || this.failed) return;
    const batch = this.pending;
    this.pending = '';
    this.writesIssued++;
    let accepted: boolean;
    try {
      accepted = this.output.write(batch, 'utf8', this.onWritten);
    } catch (error) {
      this.fail(error);
      return;
    }
    if (!accepted && !this.full && !this.failed && this.output.writableLength >= this.pressureBytes) {
      this.full = true;
      this.output.once('drain', this.onDrain);
      this.events.onPressure(true);
    }
  };

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
    const unwritten = this.pending !== '' || this.writesDone < this.writesIssued;
    if (unwritten) this.fail({ code: 'ERR_STREAM_PREMATURE_CLOSE' });
  };

  private readonly fail = (error: unknown): void => {
    if (this.failed) return;
    this.failed = true;
    this.pending = '';
    if (this.scheduled !== undefined) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    for (const waiter of this.waiters.splice(0)) waiter.resolve();
    this.events.onFailure(classifyOutputError(error));
  };
}
