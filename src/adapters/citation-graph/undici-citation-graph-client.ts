import type { CitationGraphClient, GraphAccess, GraphSession, GraphSourceId } from '../../ports/citation-graph.port.js';
import { AnswerCache, DEFAULT_CACHE_ENTRIES } from '../provider-http/answer-cache.js';
import type { ProviderHttp } from '../provider-http/provider-http.js';
import { SourceSession, type SessionShared } from './graph-session.js';
import { SOURCE_PROTOCOLS } from './source-protocols.js';

/** How an {@link UndiciCitationGraphClient} is built. */
export interface UndiciCitationGraphClientOptions {
  /** The HTTP policy shared with the search client (one pacer per source, one dispatcher, one clock). */
  readonly http: ProviderHttp;
  /** Bound on cached answers (default 256; 0 disables the cache across calls). */
  readonly cacheEntries?: number;
}

/**
 * The CitationGraphClient over undici (docs/providers.md#the-citation-graph): constant endpoints,
 * the search client's HTTP policy and pacing lanes, a 10-minute cache of parsed answers of its
 * own (so the pages of a crawl are read again without the network), stepwise parsing.
 */
export class UndiciCitationGraphClient implements CitationGraphClient {
  private readonly shared: SessionShared;

  constructor(options: UndiciCitationGraphClientOptions) {
    this.shared = { http: options.http, cache: new AnswerCache<unknown>(options.cacheEntries ?? DEFAULT_CACHE_ENTRIES) };
  }

  session(source: GraphSourceId, access: GraphAccess): GraphSession {
    return new SourceSession(source, access, SOURCE_PROTOCOLS[source], this.shared);
  }
}
