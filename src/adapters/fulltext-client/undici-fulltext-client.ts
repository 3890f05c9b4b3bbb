import type { FullTextClient, FullTextOutcome, FullTextRequest, ResolvedWork, SourceAttempt } from '../../ports/fulltext-client.port.js';
import type { ProviderHttp } from '../provider-http/provider-http.js';
import { readArxiv } from './arxiv-read.js';
import { readEuropePmc, readPmc } from './jats-sources.js';
import { pmcReadingUrl } from './pmc.js';
import { ReadCache } from './read-cache.js';
import type { SourceRead } from './source-reads.js';

/** How an {@link UndiciFullTextClient} is built. */
export interface UndiciFullTextClientOptions {
  /** The HTTP policy shared with the search and citation-graph clients (one pacer per source). */
  readonly http: ProviderHttp;
  /** Reads kept for paging (default 4; 0 disables the cache). */
  readonly cacheEntries?: number;
}

/** The outcome of a sequence of source reads: the first document, every attempt, the ids learnt. */
function outcomeOf(reads: readonly SourceRead[], given: ResolvedWork, openAccessUrl: string | undefined): FullTextOutcome {
  const attempts: SourceAttempt[] = reads.map((read) => read.attempt);
  const work = Object.assign({}, ...reads.map((read) => read.work ?? {}), given) as ResolvedWork;
  const document = reads.find((read) => read.document !== undefined)?.document;
  return { work, attempts, ...(document === undefined ? {} : { document }), ...(openAccessUrl === undefined ? {} : { openAccessUrl }) };
}

/**
 * The {@link FullTextClient} over undici (docs/providers.md#full-text-sources): Europe PMC then
 * PubMed Central for a DOI, PMID or PMCID; arXiv for an arXiv id — constant endpoints, the shared
 * HTTP policy ({@link ProviderHttp}: pacing per source lane, Retry-After, body and decompression
 * bounds, cancellation), parsing in time slices. Reads that no source failed are kept 10 minutes
 * (at most 4), so paging does not fetch the document again.
 *
 * Promise: `read` never throws; every failure is a `failed` attempt with its kind, with no URL,
 * key or body.
 */
export class UndiciFullTextClient implements FullTextClient {
  private readonly cache: ReadCache<FullTextOutcome>;

  constructor(private readonly options: UndiciFullTextClientOptions) {
    this.cache = new ReadCache(options.cacheEntries ?? 4);
  }

  async read(request: FullTextRequest): Promise<FullTextOutcome> {
    const key = JSON.stringify([
      request.work,
      request.sources.europepmc,
      request.sources.pmc === undefined ? null : request.sources.pmc.apiKey !== undefined,
      request.sources.arxiv,
    ]);
    const clock = this.options.http.clock;
    const cached = this.cache.get(key, clock.now());
    if (cached !== undefined) return cached;
    const outcome = await this.readSources(request);
    if (!outcome.attempts.some((attempt) => attempt.outcome === 'failed')) this.cache.set(key, outcome, clock.now());
    return outcome;
  }

  private async readSources({ work, sources, signal }: FullTextRequest): Promise<FullTextOutcome> {
    const { http } = this.options;
    if (work.kind === 'arxiv') {
      if (!sources.arxiv) return { work: { arxiv: work.arxiv }, attempts: [{ provider: 'arxiv', outcome: 'disabled' }] };
      const read = await readArxiv(http, work.arxiv, signal);
      return outcomeOf([read], { arxiv: work.arxiv }, read.openAccessUrl);
    }
    const given: ResolvedWork = work.kind === 'doi' ? { doi: work.doi } : work.kind === 'pmid' ? { pmid: work.pmid } : { pmcid: work.pmcid };
    const reads: SourceRead[] = [];
    let pmcid = work.kind === 'pmcid' ? work.pmcid : undefined;
    let openAccessUrl: string | undefined;
    if (sources.europepmc) {
      const europe = await readEuropePmc(http, work, signal);
      reads.push(europe);
      pmcid ??= europe.record?.pmcid;
      openAccessUrl = europe.record?.openAccessUrl;
      if (europe.document !== undefined || signal.aborted) return outcomeOf(reads, given, openAccessUrl);
    } else reads.push({ attempt: { provider: 'europepmc', outcome: 'disabled' } });
    if (sources.pmc === undefined) reads.push({ attempt: { provider: 'pmc', outcome: 'disabled' } });
    else if (pmcid !== undefined) reads.push(await readPmc(http, pmcid, sources.pmc.apiKey, signal));
    return outcomeOf(reads, given, openAccessUrl ?? (pmcid === undefined ? undefined : pmcReadingUrl(pmcid)));
  }
}
