import type { Readable, Writable } from 'node:stream';
import { Buffer } from 'node:buffer';
import type { Framing, Transport, TransportFailure, TransportListener } from '../../ports/transport.port.js';
import { type FrameBounds, SPEC_FRAME_BOUNDS } from './frame-bounds.js';
import { FrameReader } from './frame-reader.js';
import { FrameWriter, OUTPUT_PRESSURE_BYTES } from './frame-writer.js';

type Input = NodeJS.ReadableStream | Readable;

/**
 * The stdio {@link Transport} (SPEC §2, §3): decodes line and Content-Length frames from
 * `input` with a {@link FrameReader} and writes frames to `output` with a {@link FrameWriter}.
 * It writes nothing but frames.
 *
 * - Back-pressure: while more than 1 MiB of output waits in `output`, no further frame is
 *   delivered (even from the middle of a chunk) and `input` is paused; both resume on `drain`.
 * - Read side: `onFrame`/`onOversize` in arrival order, then exactly one of `onEnd` (clean end
 *   of input), or `onFatal` with `invalid-mcp-message`, `incomplete-mcp-message`, or
 *   `read-failure` (a read error, or the input closed without ending).
 * - Write side: `onFatal('stdout-closed')` (EPIPE, closed or destroyed output) or
 *   `onFatal('write-failure')`. This may come after `onEnd`, while the last responses are
 *   written, so the caller can still exit with the failure. At most one `onFatal` in all;
 *   after it, input is no longer read and later `send`s are ignored if the output failed.
 */
export class StdioTransport implements Transport {
  private readonly writer: FrameWriter;
  private reader: FrameReader | undefined;
  private listener: TransportListener | undefined;
  private inputDone = false;
  private fatal: TransportFailure | undefined;
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
        onFailure: (reason) => this.fail(reason),
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
        onEnd: () => this.finishInput(),
        onFatal: (reason) => this.fail(reason),
      },
      this.bounds,
    );
    if (this.fatal !== undefined) {
      this.reader.stop();
      this.inputDone = true;
      listener.onFatal(this.fatal);
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
  send(payload: string, framing: Framing): void {
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
    if (!this.inputDone) this.reader?.end();
  };

  private readonly onInputError = (): void => {
    if (!this.inputDone) this.fail('read-failure');
  };

  private readonly onInputClose = (): void => {
    // A close without `end` (or `error`) means input was cut off: not a clean end.
    if (!this.inputDone) this.fail('read-failure');
  };

  private finishInput(): void {
    this.inputDone = true;
    this.detachInput();
    this.listener?.onEnd();
  }

  private fail(reason: TransportFailure): void {
    if (this.fatal !== undefined) return;
    this.fatal = reason;
    this.reader?.stop();
    if (!this.inputDone) {
      this.inputDone = true;
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
    if (!this.reader.isPaused && !this.inputDone && !this.outputFull && !this.heldByOwner) this.input.resume();
  }

  /** Stops listening to input, but keeps an error handler so a late error cannot crash. */
  private detachInput(): void {
    this.input.removeListener('data', this.onData);
    this.input.removeListener('end', this.onInputEnd);
    this.input.removeListener('close', this.onInputClose);
  }
}
