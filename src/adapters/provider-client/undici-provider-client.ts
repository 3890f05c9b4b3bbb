import type { ProviderSearchOutcome, ProviderSearchRequest, ProviderClient } from '../../ports/provider-client.port.js';
import { AnswerCache, answerKey, DEFAULT_CACHE_ENTRIES } from '../provider-http/answer-cache.js';
import { providerFailure, success, type ProviderResult } from '../provider-http/provider-failure.js';
import type { ProviderGet } from '../provider-http/send-get.js';
import type { ProviderHttp } from '../provider-http/provider-http.js';
import type { Stepwise } from '../../domain/shared/stepwise.js';
import type { ProviderQuery } from './provider-protocol.js';
import { PROVIDER_PROTOCOLS } from './provider-protocols.js';

/** How an {@link UndiciProviderClient} is built. */
export interface UndiciProviderClientOptions {
  /**
   * The HTTP policy to send through (version, dispatcher, clock, limits, time slices), shared
   * with the other clients of the same sources: their pacing is then common.
   */
  readonly http: ProviderHttp;
  /** Bound on cached answers (default 256; 0 disables the cache). */
  readonly cacheEntries?: number;
}

/**
 * The ProviderClient over undici (docs/providers.md#requests): constant endpoints, credentials only where
 * docs/providers.md#providers-and-readiness puts them, per-provider pacing, one polite retry, a 15 s budget per search, a
 * 4 MiB body cap, no redirects, and a 10-minute in-memory cache of successful answers. The
 * HTTP policy itself is {@link ProviderHttp}'s.
 *
 * Promise: `search` never throws; failures come back as a kind (and the static cause of a
 * connection failure), with no URL, key or body.
 */
export class UndiciProviderClient implements ProviderClient {
  private readonly http: ProviderHttp;
  private readonly cache: AnswerCache;

  constructor(options: UndiciProviderClientOptions) {
    this.http = options.http;
    this.cache = new AnswerCache(options.cacheEntries ?? DEFAULT_CACHE_ENTRIES);
  }

  /** Searches one provider; see {@link ProviderClient.search}. */
  async search(request: ProviderSearchRequest): Promise<ProviderSearchOutcome> {
    try {
      return await this.searchProvider(request);
    } catch {
      return providerFailure(request.signal.aborted ? 'cancelled' : 'transport_error');
    }
  }

  private async searchProvider(request: ProviderSearchRequest): Promise<ProviderSearchOutcome> {
    const { provider, signal } = request;
    if (signal.aborted) return providerFailure('cancelled');
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
    if (first === undefined) return success({ records: [], cached: false });
    const clock = this.http.clock;
    const key = answerKey(provider, first, query.includeAbstracts === true);
    const cached = this.cache.get(key, clock.now());
    if (cached !== undefined) return success({ records: cached, cached: true });

    const deadline = this.http.deadlineFromNow();
    const intervalMs = protocol.startIntervalMs(query.credentials);
    const http = {
      fetchText: (get: ProviderGet) => this.http.fetchText({ get, lane: provider, intervalMs, deadline, signal }),
      parseInSlices: <T>(task: Stepwise<ProviderResult<T>>) => this.http.parseInSlices(task, signal),
    };
    const result = await protocol.search(query, http);
    if (result.ok) this.cache.set(key, result.value, clock.now());
    if (signal.aborted) return providerFailure('cancelled');
    return result.ok ? success({ records: result.value, cached: false }) : result;
  }
}
