import type {
  BibliographicQuery,
  FoundWork,
  LookupAccess,
  LookupResult,
  ReferenceIdentifier,
  ReferenceLookupSession,
  ReferenceSourceId,
  UpdateStatus,
} from '../../ports/reference-lookup.port.js';
import type { Stepwise } from '../../domain/shared/stepwise.js';
import { answerKey, type AnswerCache } from '../provider-http/answer-cache.js';
import { cachedAnswer, type AnswerStores } from '../provider-http/cached-answer.js';
import { providerFailure, success, type ProviderResult } from '../provider-http/provider-failure.js';
import type { ProviderHttp } from '../provider-http/provider-http.js';
import type { ProviderGet } from '../provider-http/send-get.js';
import { intervalFor } from '../provider-http/tier-pacing.js';

/** What every session of one client shares: the HTTP policy (its pacing lanes) and the answer cache. */
export interface LookupShared {
  readonly http: ProviderHttp;
  readonly cache: AnswerCache<unknown>;
}

/** A stepwise body reader of one answer form (run in time slices by the session). */
export type BodyRead<T> = (body: string) => Stepwise<ProviderResult<T>>;

/** What a source module may use while it answers one question. */
export interface LookupContext {
  readonly credentials: LookupAccess['credentials'];
  /**
   * The parsed answer to `get`: from this session's memory or the answer cache when a fresh one
   * is there (free), else sent under the HTTP policy — the source's pacing lane, the question's
   * 15 s budget, the body bound, the one polite retry — and read in time slices. A 404 of a
   * `notFoundIsEmpty` GET is `ifAbsent.value` (required then). Successful answers are kept;
   * failures never are.
   */
  answer<T>(get: ProviderGet, read: BodyRead<T>, ifAbsent?: { readonly value: T }): Promise<ProviderResult<T>>;
  /** What this session learned so far, by key (Crossref keeps each work's notices under its DOI). */
  readonly learned: Map<string, unknown>;
}

/**
 * One source of the reference check, as a session drives it. A question the source cannot
 * answer is answered `ok` with nothing, without a request.
 */
export interface SourceLookup {
  byIdentifier(identifier: ReferenceIdentifier, context: LookupContext): Promise<ProviderResult<FoundWork | undefined>>;
  search(query: BibliographicQuery, context: LookupContext): Promise<ProviderResult<readonly FoundWork[]>>;
  updateStatus(dois: readonly string[], context: LookupContext): Promise<ProviderResult<readonly UpdateStatus[]>>;
}

/** The answer of a question no source module can serve: nothing, and no request. */
export const nothing = <T>(value: T): Promise<ProviderResult<T>> => Promise.resolve(success(value));

/**
 * One tool call's work with one source ({@link ReferenceLookupSession}): its requests go through
 * the shared HTTP policy in the provider's own pacing lane (the provider id, so a reference check
 * and a search asking the same provider are paced together, at the tier its credentials give),
 * each question under its own 15 s budget (pacing waits included); answers are kept in the
 * shared cache and in the session's memory, and only requests actually sent are counted (a
 * polite retry is a second one; a start that paced out or a call cancelled while waiting, none).
 */
export class LookupSession implements ReferenceLookupSession {
  private sent = 0;
  private readonly stores: AnswerStores;
  private readonly learned = new Map<string, unknown>();
  private readonly intervalMs: number;

  constructor(
    private readonly source: ReferenceSourceId,
    private readonly access: LookupAccess,
    private readonly lookup: SourceLookup,
    private readonly shared: LookupShared,
  ) {
    this.intervalMs = intervalFor(source, access.credentials.apiKey);
    this.stores = { http: shared.http, cache: shared.cache, memo: new Map() };
  }

  byIdentifier(identifier: ReferenceIdentifier): Promise<LookupResult<FoundWork | undefined>> {
    return this.guarded((context) => this.lookup.byIdentifier(identifier, context));
  }

  search(query: BibliographicQuery): Promise<LookupResult<readonly FoundWork[]>> {
    return this.guarded((context) => this.lookup.search(query, context));
  }

  updateStatus(dois: readonly string[]): Promise<LookupResult<readonly UpdateStatus[]>> {
    return this.guarded((context) => this.lookup.updateStatus(dois, context));
  }

  requests(): number {
    return this.sent;
  }

  /** See {@link LookupContext.answer}; `deadline` is the question's. */
  private answer<T>(deadline: number, get: ProviderGet, read: BodyRead<T>, ifAbsent: { readonly value: T } | undefined): Promise<ProviderResult<T>> {
    const request = () => ({ get, lane: this.source, intervalMs: this.intervalMs, deadline, signal: this.access.signal, onSend: this.countSent });
    return cachedAnswer(this.stores, answerKey(this.source, get), request, read, ifAbsent);
  }

  /** Counts a request as it is sent (a retry too; never one that paced out). */
  private readonly countSent = (): void => {
    this.sent += 1;
  };

  /** Runs one question: never throws; `cancelled` once the signal aborted; a failure is its kind only. */
  private async guarded<T>(question: (context: LookupContext) => Promise<ProviderResult<T>>): Promise<LookupResult<T>> {
    const { signal } = this.access;
    if (signal.aborted) return { ok: false, error: 'cancelled' };
    const deadline = this.shared.http.deadlineFromNow();
    const context: LookupContext = {
      credentials: this.access.credentials,
      answer: (get, read, ifAbsent) => this.answer(deadline, get, read, ifAbsent),
      learned: this.learned,
    };
    let result: ProviderResult<T>;
    try {
      result = await question(context);
    } catch {
      result = providerFailure(signal.aborted ? 'cancelled' : 'transport_error');
    }
    if (signal.aborted) return { ok: false, error: 'cancelled' };
    return result.ok ? result : { ok: false, error: result.error.kind };
  }
}
