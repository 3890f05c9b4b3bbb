import type { LookupAccess, ReferenceLookup, ReferenceLookupSession, ReferenceSourceId } from '../../ports/reference-lookup.port.js';
import { AnswerCache, DEFAULT_CACHE_ENTRIES } from '../provider-http/answer-cache.js';
import type { ProviderHttp } from '../provider-http/provider-http.js';
import { arxivLookup } from './arxiv-lookup.js';
import { crossrefLookup } from './crossref-lookup.js';
import { LookupSession, type LookupShared, type SourceLookup } from './lookup-session.js';
import { openAlexLookup } from './openalex-lookup.js';
import { pubMedLookup } from './pubmed-lookup.js';
import { semanticScholarLookup } from './semantic-scholar-lookup.js';

/** How an {@link UndiciReferenceLookup} is built. */
export interface UndiciReferenceLookupOptions {
  /** The HTTP policy shared with the search client (one pacing lane per provider, one dispatcher, one clock). */
  readonly http: ProviderHttp;
  /** Bound on cached answers (default 256; 0 disables the cache across calls). */
  readonly cacheEntries?: number;
}

/** Each source's request builders and readers. */
const LOOKUPS: Readonly<Record<ReferenceSourceId, SourceLookup>> = {
  crossref: crossrefLookup,
  openalex: openAlexLookup,
  semantic_scholar: semanticScholarLookup,
  pubmed: pubMedLookup,
  arxiv: arxivLookup,
};

/**
 * The ReferenceLookup over undici (docs/providers.md#the-reference-check): constant endpoints,
 * the search client's HTTP policy and pacing lanes, a 10-minute cache of parsed answers of its
 * own, stepwise reading. Promise: no session method throws; a failure is a kind.
 */
export class UndiciReferenceLookup implements ReferenceLookup {
  private readonly shared: LookupShared;

  constructor(options: UndiciReferenceLookupOptions) {
    this.shared = { http: options.http, cache: new AnswerCache<unknown>(options.cacheEntries ?? DEFAULT_CACHE_ENTRIES) };
  }

  session(source: ReferenceSourceId, access: LookupAccess): ReferenceLookupSession {
    return new LookupSession(source, access, LOOKUPS[source], this.shared);
  }
}
