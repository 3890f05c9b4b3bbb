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

  /** The call's AbortSignal (SPEC §5.4: one per request). */
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
