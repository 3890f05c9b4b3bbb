import type { Dispatcher } from 'undici';
import { sleepUnlessAborted, systemClock, type ProviderClock } from './clock.js';
import { DEFAULT_TIMEOUTS, MAX_BODY_BYTES, sharedAgent, type ProviderTimeouts } from './http-policy.js';
import { RequestPacer, type PacedStart } from './pacing.js';
import { retryAfterMs } from './retry-after.js';
import { sendGet, type ProviderGet } from './send-get.js';
import type { TextPieces } from './body-text.js';
import { parseInSlices, providerFailure, success, type ProviderResult } from './provider-failure.js';
import type { PausableWork, TimeSlices } from '../../ports/time-slices.port.js';
import type { ProxyEnvironment } from './proxy-dispatcher.js';

/** How a {@link ProviderHttp} is built. */
export interface ProviderHttpOptions {
  /** The program version, sent as `User-Agent: qiongli/<version>` (visible ASCII only). */
  readonly version: string;
  /** Runs body parsing in time slices (the composition root gives the scheduling adapter's). */
  readonly slices: TimeSlices;
  /** Where requests go; default: a shared plain undici `Agent` (tests pass a `MockAgent`). */
  readonly dispatcher?: Dispatcher;
  /** Time source for pacing and retries; default: the real clock. */
  readonly clock?: ProviderClock;
  /** Connect and whole-call limits (default 3 s / 15 s, docs/providers.md#requests). */
  readonly timeouts?: Partial<ProviderTimeouts>;
  /** Where the default dispatcher reads the proxy variables (default: `process.env`; docs/configuration.md#proxies). */
  readonly environment?: ProxyEnvironment;
}

/** One GET under the policy, and what governs it. */
export interface PolicyGet {
  readonly get: ProviderGet;
  /**
   * The pacing lane: request starts in one lane are at least `intervalMs` apart, whichever tool
   * sends them (a provider id, or another source's id such as `opencitations`).
   */
  readonly lane: string;
  /** Smallest gap between two starts in the lane, in ms (0: no pacing). */
  readonly intervalMs: number;
  /** Clock time after which nothing more may start or be waited for (the call's budget). */
  readonly deadline: number;
  /** The caller's signal: its abort means `cancelled`. */
  readonly signal: AbortSignal;
  /** Largest body accepted, declared, read or decompressed (default {@link MAX_BODY_BYTES}). */
  readonly maxBodyBytes?: number;
  /** Sees every piece of a 2xx body as received, content coding undone, before decoding (to hash the bytes themselves). */
  readonly onBody?: (bytes: Uint8Array) => void;
  /** Called as each request is sent (a retry is sent again), never for one that paced out or was cancelled while waiting. */
  readonly onSend?: () => void;
}

/** Statuses retried once when their `Retry-After` fits in the remaining budget. */
const RETRYABLE_STATUSES = new Set([429, 503]);

/**
 * The HTTP policy every provider request follows (docs/providers.md#requests), shared by every
 * client that talks to a scholarly source (search, citation graph, full text): one pacer, one
 * dispatcher, one clock, so two tools asking the same source are paced together.
 *
 * Constant endpoints are the caller's promise (each request builder holds its own constants);
 * this class adds the `User-Agent`, compression, the body bound, the deadline, cancellation,
 * pacing and the one polite retry.
 */
export class ProviderHttp {
  /** The clock pacing, retries and budgets read (callers compute deadlines with it). */
  readonly clock: ProviderClock;
  /** The limits in force. */
  readonly timeouts: ProviderTimeouts;
  private readonly userAgent: string;
  private readonly pacer = new RequestPacer();
  private dispatcher: Dispatcher | undefined;
  private readonly environment: ProxyEnvironment | undefined;
  private readonly slices: TimeSlices;

  /** Throws a static `TypeError` when `version` cannot be sent in a header. */
  constructor(options: ProviderHttpOptions) {
    if (!/^[\x21-\x7e]{1,64}$/u.test(options.version)) throw new TypeError('invalid provider client version');
    this.userAgent = `qiongli/${options.version}`;
    this.clock = options.clock ?? systemClock;
    this.timeouts = {
      connectMs: options.timeouts?.connectMs ?? DEFAULT_TIMEOUTS.connectMs,
      requestMs: options.timeouts?.requestMs ?? DEFAULT_TIMEOUTS.requestMs,
    };
    this.dispatcher = options.dispatcher;
    this.environment = options.environment;
    this.slices = options.slices;
  }

  /** Runs a stepwise parse of a body in time slices: a throw → `decode_error`, an abort of `signal` → `cancelled`. */
  parseInSlices<T>(task: PausableWork<ProviderResult<T>>, signal?: AbortSignal): Promise<ProviderResult<T>> {
    return parseInSlices(this.slices, task, signal);
  }

  /** The deadline of a call starting now: now + the whole-call limit. */
  deadlineFromNow(): number {
    return this.clock.now() + this.timeouts.requestMs;
  }

  /**
   * One GET under the policy: wait for the lane's pacing slot (a slot beyond the deadline →
   * `rate_limited`; a slot given back by a request that never reached the provider moves later
   * ones up), send, and retry once on 429/503 when `Retry-After` fits before the
   * deadline. A proxy variable that is not a proxy URL → `transport_error` (`proxy`), nothing
   * sent. A 429 that is not retried → `rate_limited`; a 404 of a single-work lookup → no
   * body (`undefined`: no such record); other non-2xx (3xx too) → `http_error`. Never throws.
   */
  async fetchText(request: PolicyGet): Promise<ProviderResult<string | undefined>> {
    const body = await this.fetchPieces(request);
    if (!body.ok) return body;
    return success(body.value?.join(''));
  }

  /**
   * {@link fetchText}, the body left in the pieces it was decoded in: for the large documents
   * (16 MiB), which readers take in pieces, so no step joins them into one string.
   */
  async fetchPieces(request: PolicyGet): Promise<ProviderResult<TextPieces | undefined>> {
    const { get, lane, intervalMs, deadline, signal } = request;
    const dispatcher = this.dispatcherOrUndefined();
    if (dispatcher === undefined) return providerFailure('transport_error', 'proxy');
    for (let attempt = 0; ; attempt += 1) {
      const slot = this.pacer.reserve(lane, intervalMs, this.clock.now(), deadline);
      if (slot === undefined) return providerFailure('rate_limited');
      if (!(await this.waitForSlot(lane, slot, signal))) return providerFailure('cancelled');
      this.pacer.sent(lane, slot, intervalMs, this.clock.now());
      const budgetMs = deadline - this.clock.now();
      if (budgetMs <= 0) return providerFailure('timeout');
      request.onSend?.();
      const reply = await sendGet(get, {
        dispatcher,
        userAgent: this.userAgent,
        callerSignal: signal,
        budgetMs,
        maxBodyBytes: request.maxBodyBytes ?? MAX_BODY_BYTES,
        ...(request.onBody === undefined ? {} : { onBody: request.onBody }),
      });
      if (reply.kind === 'body') return success(reply.pieces);
      if (reply.kind === 'failed') {
        if (!reply.reachedProvider) this.pacer.giveBack(lane, slot, intervalMs, this.clock.now());
        return providerFailure(reply.failure, reply.cause);
      }
      if (reply.status === 404 && get.notFoundIsEmpty === true) return success(undefined);
      if (attempt === 0 && RETRYABLE_STATUSES.has(reply.status)) {
        const retryWait = retryAfterMs(reply.retryAfter, this.clock.now());
        if (retryWait !== undefined && this.clock.now() + retryWait < deadline) {
          if (!(await sleepUnlessAborted(this.clock, retryWait, signal))) return providerFailure('cancelled');
          continue;
        }
      }
      return providerFailure(reply.status === 429 ? 'rate_limited' : 'http_error');
    }
  }

  /** The injected or default dispatcher; `undefined` when a proxy variable is unusable (never echoed). */
  private dispatcherOrUndefined(): Dispatcher | undefined {
    try {
      this.dispatcher ??= sharedAgent(this.timeouts, this.environment);
      return this.dispatcher;
    } catch {
      return undefined;
    }
  }

  /**
   * Waits until `slot`'s start, re-reading it whenever the lane gives a start back (a request
   * that never reached the provider); `false` when `signal` aborted.
   */
  private async waitForSlot(lane: string, slot: PacedStart, signal: AbortSignal): Promise<boolean> {
    for (;;) {
      const wait = slot.start - this.clock.now();
      if (wait <= 0) return !signal.aborted;
      const moved = this.pacer.movedSignal(lane, this.clock.now());
      await sleepUnlessAborted(this.clock, wait, AbortSignal.any([signal, moved]));
      // Slept the whole wait (whatever the clock now says), or cancelled: done; moved: re-read.
      if (signal.aborted || !moved.aborted) return !signal.aborted;
    }
  }
}
