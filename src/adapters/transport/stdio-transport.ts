import type { Readable, Writable } from 'node:stream';
import { Buffer } from 'node:buffer';
import type { Framing, Transport, TransportFailure, TransportListener } from '../../ports/transport.port.js';
import { type FrameBounds, SPEC_FRAME_BOUNDS } from './frame-bounds.js';
import { FrameReader } from './frame-reader.js';
import { FrameWriter, OUTPUT_PRESSURE_BYTES } from './frame-writer.js';

type Input = NodeJS.ReadableStream | Readable;

/**
 * The stdio {@link Transport} (docs/protocol.md#framing): decodes line and Content-Length frames from
 * `input` with a {@link FrameReader} and writes frames to `output` with a {@link FrameWriter}.
 * It writes nothing but frames.
 *
 * - Back-pressure: while more than 1 MiB of output waits in `output`, no further frame is
 *   delivered (even from the middle of a chunk) and `input` is paused; both resume on `drain`.
 * - Read side: `onFrame`/`onOversize` in arrival order, then exactly one of `onEnd` (clean end
 *   of input), or `onFatal` with `invalid-mcp-message`, `incomplete-mcp-message`, or
 *   `read-failure` (a read error, or the input closed without ending). Whatever breaks the
 *   input off — end, error or close — while delivery is held (by back-pressure or by the
 *   owner), every complete frame read before it is still delivered first, once the hold is
 *   lifted; a stream that closes right after its end is a clean end (docs/robustness.md).
 * - Write side: `onFatal('stdout-closed')` (EPIPE, closed or destroyed output) or
 *   `onFatal('write-failure')`, at most once. It may come after the read side's last event,
 *   while the last responses are written, so the caller can still exit with it. After it,
 *   input is no longer read and later `send`s are ignored.
 */
export class StdioTransport implements Transport {
  private readonly writer: FrameWriter;
  private reader: FrameReader | undefined;
  private listener: TransportListener | undefined;
  /** The read side reported its last event (end or failure), or the output failed. */
  private inputDone = false;
  /** The input stream delivers nothing more (it ended, failed or closed). */
  private streamOver = false;
  private outputFailure: TransportFailure | undefined;
  private outputFull = false;
  private heldByOwner = false;

  /**
   * @param input  the byte stream to read (stdin in production)
   * @param output the byte stream to write (stdout in production)
   * @param bounds frame size limits; the SPEC values unless a test needs smaller ones
   * @param outputPressureBytes output waiting in `output` that pauses reading (default 1 MiB)
   */
  constructor(
    private readonly input: Input,
    output: Writable,
    private readonly bounds: FrameBounds = SPEC_FRAME_BOUNDS,
    outputPressureBytes: number = OUTPUT_PRESSURE_BYTES,
  ) {
    this.writer = new FrameWriter(
      output,
      {
        onFailure: (reason) => this.failOutput(reason),
        onPressure: (full) => this.onPressure(full),
      },
      outputPressureBytes,
    );
  }

  /** Starts reading; throws if called twice. */
  start(listener: TransportListener): void {
    if (this.listener !== undefined) throw new Error('transport already started');
    this.listener = listener;
    this.reader = new FrameReader(
      {
        onFrame: (payload, framing) => listener.onFrame(payload, framing),
        onOversize: (framing) => listener.onOversize(framing),
        onEnd: () => this.finishInput(() => listener.onEnd()),
        onFatal: (reason) => this.finishInput(() => listener.onFatal(reason)),
      },
      this.bounds,
    );
    if (this.outputFailure !== undefined) {
      this.reader.stop();
      this.inputDone = true;
      listener.onFatal(this.outputFailure);
      return;
    }
    this.input.on('data', this.onData);
    this.input.on('end', this.onInputEnd);
    this.input.on('error', this.onInputError);
    this.input.on('close', this.onInputClose);
    if (this.outputFull || this.heldByOwner) {
      this.reader.pause();
      this.input.pause();
    }
  }

  /** Queues one payload in the given framing; written whole, in call order. */
  send(payload: string | Uint8Array, framing: Framing): void {
    this.writer.send(payload, framing);
  }

  /** Resolves when every queued frame was handed to the output; never rejects. */
  flush(): Promise<void> {
    return this.writer.flush();
  }

  /** Holds frame delivery and input until {@link resumeReading} (the owner bounds its work). */
  pauseReading(): void {
    this.heldByOwner = true;
    if (this.inputDone || this.reader === undefined) return;
    this.reader.pause();
    this.input.pause();
  }

  /** Lifts {@link pauseReading}; reading resumes unless the output is still full. */
  resumeReading(): void {
    this.heldByOwner = false;
    if (!this.outputFull) this.continueReading();
  }

  private readonly onData = (chunk: Uint8Array | string): void => {
    if (this.inputDone || this.reader === undefined) return;
    this.reader.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
  };

  private readonly onInputEnd = (): void => {
    if (!this.endStream()) return;
    this.reader?.end();
  };

  private readonly onInputError = (): void => {
    if (!this.endStream()) return;
    this.reader?.fail('read-failure');
  };

  private readonly onInputClose = (): void => {
    // A close without `end` (or `error`) means the input was cut off: not a clean end. A close
    // after `end` is the stream's normal teardown, even while the reader still holds frames.
    if (!this.endStream()) return;
    this.reader?.fail('read-failure');
  };

  /** Marks the stream as over and stops listening to it; false if it already was. */
  private endStream(): boolean {
    if (this.streamOver) return false;
    this.streamOver = true;
    this.detachInput();
    return !this.inputDone;
  }

  private finishInput(report: () => void): void {
    this.inputDone = true;
    this.detachInput();
    report();
  }

  /** A write-side failure: reported once, even after the read side's last event. */
  private failOutput(reason: TransportFailure): void {
    if (this.outputFailure !== undefined) return;
    this.outputFailure = reason;
    if (!this.inputDone) {
      this.inputDone = true;
      this.reader?.stop();
      this.detachInput();
      this.input.pause();
    }
    this.listener?.onFatal(reason);
  }

  private onPressure(full: boolean): void {
    this.outputFull = full;
    if (this.inputDone || this.reader === undefined) return;
    if (full) {
      this.reader.pause();
      this.input.pause();
      return;
    }
    if (!this.heldByOwner) this.continueReading();
  }

  /** Delivers what the reader held back, then reads input again unless paused anew meanwhile. */
  private continueReading(): void {
    if (this.inputDone || this.reader === undefined) return;
    this.reader.resume();
    if (!this.reader.isPaused && !this.inputDone && !this.streamOver && !this.outputFull && !this.heldByOwner) this.input.resume();
  }

  /** Stops listening to input, but keeps an error handler so a late error cannot crash. */
  private detachInput(): void {
    this.input.removeListener('data', this.onData);
    this.input.removeListener('end', this.onInputEnd);
    this.input.removeListener('close', this.onInputClose);
  }
}
