import type { ToolCallContext } from './tool-definition.js';
import { errorFrame, guardResponseSize, isValidId, notificationFrame, resultFrame, type RequestId } from './json-rpc.js';
import { ErrorCode, Message } from './protocol-constants.js';

/**
 * Cancellation state of one in-flight `tools/call`. The AbortController is created only when
 * the tool reads its signal, so the common synchronous tools pay nothing for it; a call
 * cancelled before that still sees an aborted signal.
 */
export class CallControl {
  private controller: AbortController | undefined;
  private cancelledFlag = false;
  /** Set once the response (or its absence) is decided; progress stops then. */
  answered = false;

  /** The call's AbortSignal (docs/protocol.md#in-both-eras: one per request). */
  get signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.cancelledFlag) this.controller.abort();
    }
    return this.controller.signal;
  }

  /** Whether the client cancelled the call (its response must not be sent). */
  get cancelled(): boolean {
    return this.cancelledFlag;
  }

  /** Cancels the call: aborts its signal and marks its response as unwanted. */
  cancel(): void {
    this.cancelledFlag = true;
    this.controller?.abort();
  }
}

/**
 * What a running call sees: its signal and its progress reports. One object per call with its
 * accessors on the prototype (an object literal with a getter and a closure cost three
 * allocations a call; issue 24, row 10); `reportProgress` is made on its first read and may be
 * called detached.
 */
class CallContext implements ToolCallContext {
  private report: ((progress: number, total: number) => void) | undefined;

  constructor(
    private readonly control: CallControl,
    private readonly progressToken: string | number | undefined,
    private readonly notify: (frame: string) => void,
  ) {}

  get signal(): AbortSignal {
    return this.control.signal;
  }

  get reportProgress(): (progress: number, total: number) => void {
    this.report ??= (progress, total) => {
      const { control, progressToken } = this;
      if (progressToken === undefined || control.answered || control.cancelled) return;
      this.notify(notificationFrame('notifications/progress', { progressToken, progress, total }));
    };
    return this.report;
  }
}

/** The `progressToken` of a request's `_meta`, when it has a usable one. */
function progressTokenOf(params: Record<string, unknown> | undefined): string | number | undefined {
  const meta = params?._meta;
  if (meta === null || typeof meta !== 'object' || Array.isArray(meta)) return undefined;
  const token = (meta as Record<string, unknown>).progressToken;
  return typeof token === 'string' || (typeof token === 'number' && Number.isFinite(token)) ? token : undefined;
}

const idKey = (id: RequestId): string => (typeof id === 'string' ? `s${id}` : `n${id}`);

/**
 * The `tools/call` requests of one connection that are still running, by request id: each
 * gets its own {@link CallControl}, progress notifications go out only while it runs, and a
 * cancelled call answers nothing.
 */
export class InflightCalls {
  private readonly calls = new Map<string, CallControl>();

  /**
   * Runs one call. `invoke` produces the encoded `CallToolResult`; `notify` sends a progress
   * notification. Returns the response frame, or later the frame or `null` when cancelled.
   */
  run(
    id: RequestId,
    params: Record<string, unknown> | undefined,
    notify: (frame: string) => void,
    invoke: (context: ToolCallContext) => string | Promise<string>,
  ): string | Promise<string | null> {
    const control = new CallControl();
    const encoded = invoke(new CallContext(control, progressTokenOf(params), notify));
    if (typeof encoded === 'string') return guardResponseSize(resultFrame(id, encoded), id);
    const key = idKey(id);
    this.calls.set(key, control);
    const answer = (frame: string): string | null => {
      control.answered = true;
      if (this.calls.get(key) === control) this.calls.delete(key);
      return control.cancelled ? null : frame;
    };
    return encoded.then(
      (result) => answer(guardResponseSize(resultFrame(id, result), id)),
      () => answer(errorFrame(id, ErrorCode.InternalError, Message.internalError)),
    );
  }

  /** Cancels the running call with this request id, if any (`notifications/cancelled`). */
  cancel(requestId: unknown): void {
    if (!isValidId(requestId)) return;
    const key = idKey(requestId);
    const control = this.calls.get(key);
    if (control === undefined) return;
    this.calls.delete(key);
    control.cancel();
  }

  /** Cancels every running call (the server is stopping or its output failed). */
  cancelAll(): void {
    for (const control of this.calls.values()) control.cancel();
    this.calls.clear();
  }
}
