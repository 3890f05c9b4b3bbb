import type { Framing, Transport, TransportFailure } from '../../ports/transport.port.js';
import type { ToolCallContext } from './tool-definition.js';
import type { RequestId } from './json-rpc.js';
import { InflightCalls } from './call-control.js';
import { InflightBound } from './inflight-bound.js';
import { runBatch } from './batch-run.js';

/** A reply: an encoded frame, nothing, or either later. */
export type Reply = string | null | Promise<string | null>;

/**
 * Answers still pending (tool calls waiting on I/O, batch elements included) beyond which the
 * connection stops reading until half of them are done: a peer pipelining slow calls cannot
 * make the server hold an unbounded number of them, nor queue their answers past the output
 * back-pressure.
 */
export const MAX_PENDING_ANSWERS = 64;

/** Failures of the output: nothing more can be sent, so nothing is waited for. */
const OUTPUT_FAILURES: ReadonlySet<TransportFailure> = new Set(['stdout-closed', 'write-failure']);

/** What the connection tells whoever runs it. */
export interface ConnectionLifecycle {
  /**
   * Input is over and every request read before its end has been answered. `failure` tells
   * why the input broke off when it did not end cleanly (a truncated or invalid frame, a read
   * error): the answers still went out first.
   */
  finished(failure?: TransportFailure): void;
  /** The output failed (stdout closed, write error): in-flight work was aborted. */
  failed(reason: TransportFailure): void;
}

/**
 * The work in flight on one connection: answers pending (counted against
 * {@link MAX_PENDING_ANSWERS}, reading paused past it), running tool calls (each with its own
 * AbortSignal, cancelled by `notifications/cancelled` or a stop), and when the connection is
 * finished: at end of input once nothing is pending, at once on an output failure.
 */
export class InflightWork {
  private readonly calls = new InflightCalls();
  private readonly bound: InflightBound;
  /** Set when input is over; `failure` when it broke off. */
  private inputOver: { readonly failure?: TransportFailure } | undefined;
  private done = false;
  private stopped = false;

  constructor(
    private readonly transport: Transport,
    private readonly lifecycle: ConnectionLifecycle,
  ) {
    this.bound = new InflightBound(MAX_PENDING_ANSWERS, transport, () => this.finishIfDone());
  }

  /** Whether the connection stopped: nothing is read, run or answered any more. */
  get isStopped(): boolean {
    return this.stopped;
  }

  /** Reads nothing more, aborts every in-flight request and sends no new answer. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.bound.stop();
    this.transport.pauseReading();
    this.calls.cancelAll();
  }

  /** Input ended cleanly: finish once every pending answer is out. */
  inputEnded(): void {
    this.inputOver = {};
    this.finishIfDone();
  }

  /** The transport failed: an output failure stops everything at once; an input failure ends input. */
  transportFailed(reason: TransportFailure): void {
    if (OUTPUT_FAILURES.has(reason)) {
      this.stop();
      this.lifecycle.failed(reason);
      return;
    }
    this.inputOver = { failure: reason };
    this.finishIfDone();
  }

  /** Sends a frame unless the connection stopped. */
  send(frame: string | Uint8Array, framing: Framing): void {
    if (!this.stopped) this.transport.send(frame, framing);
  }

  /** Sends a reply now, or counts it until it settles and sends it then. */
  deliver(reply: Reply, framing: Framing): void {
    if (reply === null) return;
    if (typeof reply === 'string') return this.send(reply, framing);
    this.bound.track(reply, (frame) => {
      if (frame !== null) this.send(frame, framing);
    });
  }

  /** Runs one `tools/call` with its own signal and progress (see {@link InflightCalls.run}). */
  runCall(
    id: RequestId,
    params: Record<string, unknown> | undefined,
    framing: Framing,
    invoke: (context: ToolCallContext) => string | Promise<string>,
  ): string | Promise<string | null> {
    return this.calls.run(id, params, (frame) => this.send(frame, framing), invoke);
  }

  /** Cancels the running call with this request id, if any (`notifications/cancelled`). */
  cancel(requestId: unknown): void {
    this.calls.cancel(requestId);
  }

  /** Runs a batch's elements, each counted like a single request (see {@link runBatch}). */
  runBatch(items: readonly unknown[], framing: Framing, handle: (item: unknown) => Reply): void {
    runBatch(items, { handle, send: (frame) => this.send(frame, framing), bound: this.bound });
  }

  private finishIfDone(): void {
    if (this.inputOver === undefined || this.done || this.stopped || !this.bound.idle) return;
    this.done = true;
    this.lifecycle.finished(this.inputOver.failure);
  }
}
