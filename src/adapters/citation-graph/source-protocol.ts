import type { EdgeChunk, GraphAccess, GraphDirection, ResolvedWork, WorkIdentifier, WorkIds } from '../../ports/citation-graph.port.js';
import type { ProviderRecord } from '../../ports/provider-client.port.js';
import type { Stepwise } from '../../domain/shared/stepwise.js';
import type { ProviderGet } from '../provider-http/send-get.js';
import type { ProviderResult } from '../provider-http/provider-failure.js';
import type { RecordOptions } from '../provider-http/record-fields.js';

/** A stepwise body parser of one answer form (run in time slices by the session). */
export type BodyParse<T> = (body: string) => Stepwise<ProviderResult<T>>;

/** How one GET of a source is sent. */
export interface AnswerOptions<T> {
  /** An OpenAlex list (filter) call, counted apart from single-work lookups. */
  readonly list?: boolean;
  /** The value of a single-work lookup answered 404 (the GET must be `notFoundIsEmpty`). */
  readonly absent?: T;
}

/** What a source module may use while it serves one session. */
export interface SourceContext {
  readonly access: GraphAccess;
  /** What records keep beyond the always-on fields (abstracts when asked for). */
  readonly options: RecordOptions;
  /**
   * The parsed answer to `get`: from this session's memory or the answer cache when a fresh one
   * is there, else sent under the HTTP policy (pacing lane, budget, body bound, retry) and parsed
   * in time slices. Successful answers are kept; failures never are.
   */
  answer<T>(get: ProviderGet, parse: BodyParse<T>, options?: AnswerOptions<T>): Promise<ProviderResult<T>>;
  /** What the session learned so far, by key (OpenAlex keeps each resolved work under its `W…` id). */
  readonly learned: Map<string, unknown>;
}

/**
 * One source of the citation graph, as the session drives it. A source that cannot serve a
 * request (OpenCitations resolves nothing; Crossref has no citations) answers without sending.
 */
export interface SourceProtocol {
  /** Smallest gap between two request starts in the source's pacing lane (its own id), in ms. */
  intervalMs(credentials: GraphAccess['credentials']): number;
  resolve(work: WorkIdentifier, context: SourceContext): Promise<ProviderResult<ResolvedWork | undefined>>;
  chunk(direction: GraphDirection, ids: WorkIds, index: number, context: SourceContext): Promise<ProviderResult<EdgeChunk>>;
  lookup(doi: string, context: SourceContext): Promise<ProviderResult<ProviderRecord | undefined>>;
}

/** An empty last chunk: nothing (more) to read. */
export const NO_EDGES: EdgeChunk = { edges: [], last: true };
