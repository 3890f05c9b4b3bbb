import { notificationFrame } from './json-rpc.js';

/** What the client answered to one request of this server. */
export type ClientAnswer =
  | { readonly kind: 'result'; readonly value: unknown }
  | { readonly kind: 'error' }
  /** Nothing came in time, or nothing can come: the wait timed out, the call was cancelled, the input ended, the server stopped, or too many requests were out. */
  | { readonly kind: 'no_answer' };

/** Bounds of the requests a connection sends to its client (docs/protocol.md#requests-to-the-client). */
export interface ClientRequestBounds {
  /** Requests waiting for an answer at once; one more is not sent and gets `no_answer` at once. */
  readonly maxOutstanding: number;
  /** How long an answer is waited for. */
  readonly timeoutMs: number;
}

/**
 * Four requests out at once, and 45 s for each answer: a URL-mode elicitation is answered when the
 * person consents or declines, and the v1 SDK client, which most hosts are built on, gives the
 * enclosing `tools/call` 60 s by default.
 */
export const CLIENT_REQUEST_BOUNDS: ClientRequestBounds = { maxOutstanding: 4, timeoutMs: 45_000 };

const ID_PREFIX = 'qiongli-';

/**
 * The requests one connection sent to its client and still waits on. Ids are the server's own
 * (`qiongli-1`, `qiongli-2`, …, never reused); a response settles the request with its id once,
 * and a response with an unknown or already settled id is ignored (and never echoed). Every
 * wait is bounded in number and time, and ends at once when the call is cancelled (the client is
 * told with `notifications/cancelled`), when the input ends or when the server stops.
 */
export class ClientRequests {
  private next = 1;
  private open = true;
  private readonly waiting = new Map<string, (answer: ClientAnswer) => void>();

  constructor(private readonly bounds: ClientRequestBounds = CLIENT_REQUEST_BOUNDS) {}

  /** Requests waiting for an answer now. */
  get outstanding(): number {
    return this.waiting.size;
  }

  /**
   * Sends `method` with `params` through `send` and resolves with the client's answer, or with
   * `no_answer` (see {@link ClientAnswer}). Never rejects.
   */
  ask(method: string, params: Record<string, unknown>, send: (frame: string) => void, signal?: AbortSignal): Promise<ClientAnswer> {
    if (!this.open || signal?.aborted || this.waiting.size >= this.bounds.maxOutstanding) return Promise.resolve({ kind: 'no_answer' });
    const id = `${ID_PREFIX}${this.next++}`;
    return new Promise((resolve) => {
      const tellCancelled = (): void => send(notificationFrame('notifications/cancelled', { requestId: id }));
      const onAbort = (): void => {
        if (finish({ kind: 'no_answer' })) tellCancelled();
      };
      const timer = setTimeout(onAbort, this.bounds.timeoutMs);
      const finish = (answer: ClientAnswer): boolean => {
        if (!this.waiting.delete(id)) return false;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        resolve(answer);
        return true;
      };
      this.waiting.set(id, finish);
      signal?.addEventListener('abort', onAbort, { once: true });
      send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    });
  }

  /** A response from the client: answers the request with that id, if one waits; else ignored. */
  receiveAnswer(id: string | number, answer: ClientAnswer): void {
    if (typeof id === 'string') this.waiting.get(id)?.(answer);
  }

  /** No answer can come any more (input ended, the server stops): every wait ends with `no_answer`, and nothing new is sent. */
  closeAll(): void {
    this.open = false;
    for (const finish of [...this.waiting.values()]) finish({ kind: 'no_answer' });
  }
}
