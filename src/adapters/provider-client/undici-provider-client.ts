import type { Dispatcher } from 'undici';
import type { ProviderFailureKind, ProviderSearchOutcome, ProviderSearchRequest, ProviderClient, TransportCause } from '../../ports/provider-client.port.js';
import { AnswerCache, DEFAULT_CACHE_ENTRIES, answerKey } from './answer-cache.js';
import type { ProviderClock } from './clock.js';
import type { ProviderTimeouts } from './http-policy.js';
import { ProviderHttp } from './provider-http.js';
import type { ProviderQuery } from './provider-protocol.js';
import { PROVIDER_PROTOCOLS } from './provider-protocols.js';

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
  /**
   * The HTTP policy to send through, shared with the other clients of the same sources (their
   * pacing is then common); when given, `version`, `dispatcher`, `clock` and `timeouts` are its own.
   */
  readonly http?: ProviderHttp;
}

const failed = (kind: ProviderFailureKind, cause?: TransportCause): ProviderSearchOutcome =>
  cause === undefined ? { ok: false, kind } : { ok: false, kind, cause };

/**
 * The ProviderClient over undici (docs/providers.md#requests): constant endpoints, credentials only where
 * docs/providers.md#providers-and-readiness puts them, per-provider pacing, one polite retry, a 15 s budget per search, a
 * 4 MiB body cap, no redirects, and a 10-minute in-memory cache of successful answers. The
 * HTTP policy itself is {@link ProviderHttp}'s.
 *
 * Promise: `search` never throws; failures come back as a bare kind, with no URL, key or body.
 * The constructor throws a static `TypeError` when `version` cannot be sent in a header.
 */
export class UndiciProviderClient implements ProviderClient {
  private readonly http: ProviderHttp;
  private readonly cache: AnswerCache;

  constructor(options: UndiciProviderClientOptions) {
    this.http = options.http ?? new ProviderHttp(options);
    this.cache = new AnswerCache(options.cacheEntries ?? DEFAULT_CACHE_ENTRIES);
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
    const clock = this.http.clock;
    const key = answerKey(provider, first, query.includeAbstracts === true);
    const cached = this.cache.get(key, clock.now());
    if (cached !== undefined) return { ok: true, records: cached, cached: true };

    const deadline = this.http.deadlineFromNow();
    const intervalMs = protocol.startIntervalMs(query.credentials);
    const result = await protocol.search(query, (get) => this.http.fetchText({ get, lane: provider, intervalMs, deadline, signal }));
    if (result.ok) this.cache.set(key, result.value, clock.now());
    if (signal.aborted) return failed('cancelled');
    return result.ok ? { ok: true, records: result.value, cached: false } : failed(result.kind, result.cause);
  }
}
