import { portToken, type PortToken } from './port-token.js';
import type { ProviderRecord, ProviderResult, ProviderSearchRequest } from './provider-client.port.js';

/**
 * The sources of the citation graph, in the order edges are merged and listed
 * (docs/providers.md#the-citation-graph): three search providers and OpenCitations.
 */
export const GRAPH_SOURCE_IDS = ['openalex', 'semantic_scholar', 'opencitations', 'crossref'] as const;
/** One of the {@link GRAPH_SOURCE_IDS}. */
export type GraphSourceId = (typeof GRAPH_SOURCE_IDS)[number];

/** Which way an edge points from the work: to the works it cites, or from the works citing it. */
export type GraphDirection = 'references' | 'citations';

/** A work as the caller named it, already checked and normalised by the domain. */
export type WorkIdentifier =
  | { readonly kind: 'doi'; readonly value: string }
  | { readonly kind: 'openalex'; readonly value: string }
  | { readonly kind: 'semantic_scholar'; readonly value: string }
  | { readonly kind: 'pmid'; readonly value: string }
  | { readonly kind: 'arxiv'; readonly value: string };

/** What is known of a work's identifiers (normalised: DOI lowercase, OpenAlex `W…`). */
export interface WorkIds {
  readonly doi?: string;
  readonly openalex?: string;
  readonly semantic_scholar?: string;
  readonly pmid?: string;
  readonly arxiv?: string;
}

/** A work as one source resolved it, and how many edges that source counts for it. */
export interface ResolvedWork {
  readonly record: ProviderRecord;
  readonly ids: WorkIds;
  /** How many works it cites, as the source counts them. */
  readonly referenceTotal?: number;
  /** How many works cite it, as the source counts them. */
  readonly citationTotal?: number;
}

/**
 * One edge as a source reported it. `record` is the work at the other end when the source
 * describes it; OpenCitations gives only identifiers (`doi`, `openalex`) and the publication
 * year it derives from its dates. S2 adds how the citation reads.
 */
export interface ProviderEdge {
  readonly record?: ProviderRecord;
  readonly doi?: string;
  readonly openalex?: string;
  readonly year?: number;
  /** Sentences of the citing paper around the citation (Semantic Scholar). */
  readonly contexts?: readonly string[];
  /** Why the citing paper cites (`background`, `methodology`, `result`; Semantic Scholar). */
  readonly intents?: readonly string[];
  /** Whether Semantic Scholar judges the citation influential. */
  readonly influential?: boolean;
}

/**
 * A slice of one source's edges. Every source's edges are read as numbered chunks of at most
 * {@link GRAPH_CHUNK_SIZE}: chunk `n` is always the same slice (page `n` of a paged API, or
 * items `100·n …` of a whole list), so a crawl can be read again from its start.
 */
export interface EdgeChunk {
  readonly edges: readonly ProviderEdge[];
  /** No chunk follows this one. */
  readonly last: boolean;
  /** How many edges the source reports in all (when it says). */
  readonly total?: number;
}

/** Edges per chunk: every source's page size. */
export const GRAPH_CHUNK_SIZE = 100;

/** What a session's requests carry besides the work. */
export interface GraphAccess {
  /** Resolved credentials; a missing key means a keyless request (docs/providers.md#providers-and-readiness). */
  readonly credentials: ProviderSearchRequest['credentials'];
  /** Aborts every wait and request of the tool call. */
  readonly signal: AbortSignal;
  /** Also read abstracts of the works. */
  readonly includeAbstracts?: boolean;
  /** Publication years the source may be asked to keep (inclusive, 1000–9999). */
  readonly years?: { readonly from?: number; readonly to?: number };
  /** Ask a source that can order its pages (OpenAlex) for the newest or the most cited first. */
  readonly order?: 'newest' | 'most_cited';
}

/** What one session's requests cost: requests sent (cache hits aside), of them list calls. */
export interface GraphCost {
  readonly requests: number;
  /** OpenAlex list (filter) calls; single-work lookups are not list calls. */
  readonly listCalls: number;
}

/**
 * One tool call's work with one source: its requests share one time budget (15 s, started
 * by the first request) and the caller's signal; their cost is counted.
 *
 * Promise: no method throws (except {@link ProviderRuntimeUnavailableError} when the client
 * cannot be built); failures are {@link ProviderFailure}s (a kind, and the static cause of a
 * connection failure) with no URL, key or body; an aborted signal gives `cancelled`. Whether a
 * method needed a request is told by {@link GraphSession.cost}. Methods a source does not have answer `http_error` without any request.
 */
export interface GraphSession {
  /** The work as this source knows it; `undefined` when it does not (or cannot be asked). */
  resolve(work: WorkIdentifier): Promise<ProviderResult<ResolvedWork | undefined>>;
  /** Chunk `index` (0-based) of the work's edges in `direction`. */
  chunk(direction: GraphDirection, ids: WorkIds, index: number): Promise<ProviderResult<EdgeChunk>>;
  /** One work by DOI (a single-work lookup), `undefined` when the source has none. */
  lookup(doi: string): Promise<ProviderResult<ProviderRecord | undefined>>;
  /** The cost so far. */
  cost(): GraphCost;
}

/**
 * The citation graph's sources (docs/providers.md#the-citation-graph). Endpoints are constants of
 * the adapter; nothing a caller passes can change a host or a path prefix.
 */
export interface CitationGraphClient {
  /** Starts one tool call's work with `source`. Cheap: nothing is sent until a method is called. */
  session(source: GraphSourceId, access: GraphAccess): GraphSession;
}

/** Service identifier of the {@link CitationGraphClient} port. */
export const CitationGraphClientId: PortToken<CitationGraphClient> = portToken('qiongli.CitationGraphClient');
