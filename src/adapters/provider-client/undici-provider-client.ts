import type { Dispatcher } from 'undici';
import type { ProviderId } from '../../ports/config-source.port.js';
import type { ProviderClient, ProviderFailureKind, ProviderSearchOutcome, ProviderSearchRequest } from '../../ports/provider-client.port.js';
import { AnswerCache, DEFAULT_CACHE_ENTRIES, answerKey } from './answer-cache.js';
import { sleepUnlessAborted, systemClock, type ProviderClock } from './clock.js';
import { DEFAULT_TIMEOUTS, sharedAgent, type ProviderTimeouts } from './http-policy.js';
import { RequestPacer } from './pacing.js';
import { stepFailed, stepOk, type ProviderGet, type ProviderQuery, type Step } from './provider-protocol.js';
import { PROVIDER_PROTOCOLS } from './provider-protocols.js';
import { retryAfterMs } from './retry-after.js';
import { sendGet } from './send-get.js';

/** How an {@link UndiciProviderClient} is built. */
export interface UndiciProviderClientOptions {
  /** The program version, sent as `User-Agent: qiongli/<version>` (visible ASCII only). */
  readonly version: string;
  /** Where requests go; default: a shared plain undici `Agent` (tests pass a `MockAgent`). */
  readonly dispatcher?: Dispatcher;
  /** Time source for pacing, retries and the cache; default: the real clock. */
  readonly clock?: ProviderClock;
  /** Bound on cached answers (default 256; 0 disables the cache). */
  readonly cacheEntries?: number;
  /** Connect and whole-search limits (default 3 s / 15 s, docs/providers.md#requests). */
  readonly timeouts?: Partial<ProviderTimeouts>;
}

const failed = (kind: ProviderFailureKind): ProviderSearchOutcome => ({ ok: false, kind });

/** Statuses retried once when their `Retry-After` fits in the remaining budget. */
const RETRYABLE_STATUSES = new Set([429, 503]);

/**
 * The ProviderClient over undici (docs/providers.md#requests): constant endpoints, credentials only where
 * docs/providers.md#providers-and-readiness puts them, per-provider pacing, one polite retry, a 15 s budget per search, a
 * 4 MiB body cap, no redirects, no proxy, and a 10-minute in-memory cache of successful answers.
 *
 * Promise: `search` never throws; failures come back as a bare kind, with no URL, key or body.
 * The constructor throws a static `TypeError` when `version` cannot be sent in a header.
 */
export class UndiciProviderClient implements ProviderClient {
  private readonly userAgent: string;
  private readonly clock: ProviderClock;
  private readonly timeouts: ProviderTimeouts;
  private readonly cache: AnswerCache;
  private readonly pacer = new RequestPacer();
  private dispatcher: Dispatcher | undefined;

  constructor(options: UndiciProviderClientOptions) {
    if (!/^[\x21-\x7e]{1,64}$/u.test(options.version)) throw new TypeError('invalid provider client version');
    this.userAgent = `qiongli/${options.version}`;
    this.clock = options.clock ?? systemClock;
    this.timeouts = {
      connectMs: options.timeouts?.connectMs ?? DEFAULT_TIMEOUTS.connectMs,
      requestMs: options.timeouts?.requestMs ?? DEFAULT_TIMEOUTS.requestMs,
    };
    this.cache = new AnswerCache(options.cacheEntries ?? DEFAULT_CACHE_ENTRIES);
    this.dispatcher = options.dispatcher;
  }

  /** Searches one provider; see {@link ProviderClient.search}. */
  async search(request: ProviderSearchRequest): Promise<ProviderSearchOutcome> {
    try {
      return await this.searchProvider(request);
    } catch {
      return failed(request.signal.aborted ? 'cancelled' : 'transport_error');
    }
  }

  private async searchProvider(request: ProviderSearchRequest): Promise<ProviderSearchOutcome> {
    const { provider, signal } = request;
    if (signal.aborted) return failed('cancelled');
    const protocol = PROVIDER_PROTOCOLS[provider];
    const query: ProviderQuery = {
      query: request.query.trim(),
      limit: request.limit,
      credentials: request.credentials,
      searchBy: request.searchBy,
      years: request.years,
      includeAbstracts: request.includeAbstracts,
      signal,
    };
    const first = protocol.firstRequest(query);
    if (first === undefined) return { ok: true, records: [], cached: false };
    const key = answerKey(provider, first, query.includeAbstracts === true);
    const cached = this.cache.get(key, this.clock.now());
    if (cached !== undefined) return { ok: true, records: cached, cached: true };

    const deadline = this.clock.now() + this.timeouts.requestMs;
    const intervalMs = protocol.startIntervalMs(query.credentials);
    const result = await protocol.search(query, (get) => this.fetchText(get, provider, intervalMs, deadline, signal));
    if (result.ok) this.cache.set(key, result.value, this.clock.now());
    if (signal.aborted) return failed('cancelled');
    return result.ok ? { ok: true, records: result.value, cached: false } : failed(result.kind);
  }

  /**
   * One GET under the policy: wait for the provider's pacing slot (a slot beyond the deadline
   * → `rate_limited`), send, and retry once on 429/503 when `Retry-After` fits before the
   * deadline. A 429 that is not retried → `rate_limited`; a 404 of a single-work lookup → no
   * body (`undefined`: no such record); other non-2xx (3xx too) → `http_error`.
   */
  private async fetchText(
    get: ProviderGet,
    provider: ProviderId,
    intervalMs: number,
    deadline: number,
    signal: AbortSignal,
  ): Promise<Step<string | undefined>> {
    for (let attempt = 0; ; attempt += 1) {
      const wait = this.pacer.reserve(provider, intervalMs, this.clock.now(), deadline);
      if (wait === undefined) return stepFailed('rate_limited');
      if (!(await sleepUnlessAborted(this.clock, wait, signal))) return stepFailed('cancelled');
      const budgetMs = deadline - this.clock.now();
      if (budgetMs <= 0) return stepFailed('timeout');
      this.dispatcher ??= sharedAgent(this.timeouts);
      const reply = await sendGet(get, { dispatcher: this.dispatcher, userAgent: this.userAgent, callerSignal: signal, budgetMs });
      if (reply.kind === 'body') return stepOk(reply.text);
      if (reply.kind === 'failed') return stepFailed(reply.failure);
      if (reply.status === 404 && get.notFoundIsEmpty === true) return stepOk(undefined);
      if (attempt === 0 && RETRYABLE_STATUSES.has(reply.status)) {
        const retryWait = retryAfterMs(reply.retryAfter, this.clock.now());
        if (retryWait !== undefined && this.clock.now() + retryWait < deadline) {
          if (!(await sleepUnlessAborted(this.clock, retryWait, signal))) return stepFailed('cancelled');
          continue;
        }
      }
      return stepFailed(reply.status === 429 ? 'rate_limited' : 'http_error');
    }
  }
}
