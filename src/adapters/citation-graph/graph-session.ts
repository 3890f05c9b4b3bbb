import type {
  EdgeChunk,
  GraphAccess,
  GraphCost,
  GraphDirection,
  GraphSession,
  GraphSourceId,
  ResolvedWork,
  WorkIdentifier,
  WorkIds,
} from '../../ports/citation-graph.port.js';
import type { ProviderRecord } from '../../ports/provider-client.port.js';
import { answerKey, type AnswerCache } from '../provider-http/answer-cache.js';
import { cachedAnswer, type AnswerStores } from '../provider-http/cached-answer.js';
import { providerFailure, type ProviderResult } from '../provider-http/provider-failure.js';
import type { ProviderGet } from '../provider-http/send-get.js';
import type { ProviderHttp } from '../provider-http/provider-http.js';
import type { RecordOptions } from '../provider-http/record-fields.js';
import type { AnswerOptions, BodyParse, SourceContext, SourceProtocol } from './source-protocol.js';

/** What every session of one client shares: the HTTP policy (and its pacing lanes) and the answer cache. */
export interface SessionShared {
  readonly http: ProviderHttp;
  readonly cache: AnswerCache<unknown>;
}

/** What a request is for: each has its own time budget, so waiting for one source's lookup never spends another's. */
type Phase = 'resolve' | 'edges' | 'lookup';

/**
 * One tool call's work with one source ({@link GraphSession}): its requests go through the
 * shared HTTP policy in the source's own pacing lane (the provider id, so a graph call and a
 * search to the same provider are paced together), under one 15 s budget per phase (resolving
 * the work, reading its edges, looking works up), each started by the phase's first request, and
 * answers are kept in the shared cache and in the session's own memory (a crawl reads the same
 * pages again within one call).
 */
export class SourceSession implements GraphSession {
  private readonly options: RecordOptions;
  private readonly deadlines = new Map<Phase, number>();
  private requests = 0;
  private listCalls = 0;
  private readonly stores: AnswerStores;
  private readonly learned = new Map<string, unknown>();

  constructor(
    private readonly source: GraphSourceId,
    private readonly access: GraphAccess,
    private readonly protocol: SourceProtocol,
    private readonly shared: SessionShared,
  ) {
    this.options = { abstracts: access.includeAbstracts === true };
    this.stores = { http: shared.http, cache: shared.cache, memo: new Map() };
  }

  resolve(work: WorkIdentifier): Promise<ProviderResult<ResolvedWork | undefined>> {
    return this.guarded('resolve', (context) => this.protocol.resolve(work, context));
  }

  chunk(direction: GraphDirection, ids: WorkIds, index: number): Promise<ProviderResult<EdgeChunk>> {
    if (!Number.isSafeInteger(index) || index < 0) return Promise.resolve(providerFailure('http_error'));
    return this.guarded('edges', (context) => this.protocol.chunk(direction, ids, index, context));
  }

  lookup(doi: string): Promise<ProviderResult<ProviderRecord | undefined>> {
    return this.guarded('lookup', (context) => this.protocol.lookup(doi, context));
  }

  cost(): GraphCost {
    return { requests: this.requests, listCalls: this.listCalls };
  }

  /** See {@link SourceContext.answer}; the request spends the budget of `phase`. */
  private answer<T>(phase: Phase, get: ProviderGet, parse: BodyParse<T>, options: AnswerOptions<T> = {}): Promise<ProviderResult<T>> {
    const { http } = this.shared;
    const key = answerKey(this.source, get, this.options.abstracts === true);
    const request = () => {
      const deadline = this.deadlines.get(phase) ?? http.deadlineFromNow();
      this.deadlines.set(phase, deadline);
      this.requests += 1;
      if (options.list === true) this.listCalls += 1;
      const { signal, credentials } = this.access;
      return { get, lane: this.source, intervalMs: this.protocol.intervalMs(credentials), deadline, signal };
    };
    return cachedAnswer(this.stores, key, request, parse, 'absent' in options ? { value: options.absent as T } : undefined);
  }

  /** Runs one operation: never throws, and `cancelled` once the signal aborted. */
  private async guarded<T>(phase: Phase, operation: (context: SourceContext) => Promise<ProviderResult<T>>): Promise<ProviderResult<T>> {
    const { signal } = this.access;
    if (signal.aborted) return providerFailure('cancelled');
    const context: SourceContext = {
      access: this.access,
      options: this.options,
      answer: (get, parse, options) => this.answer(phase, get, parse, options),
      learned: this.learned,
    };
    let result: ProviderResult<T>;
    try {
      result = await operation(context);
    } catch {
      result = providerFailure(signal.aborted ? 'cancelled' : 'transport_error');
    }
    return signal.aborted ? providerFailure('cancelled') : result;
  }
}
