import { portToken, type PortToken } from './port-token.js';
import type { ProviderId } from './config-source.port.js';

/** An author as the literature record carries it (docs/providers.md#the-literature-record). */
export type RecordAuthor = { readonly family: string; readonly given?: string } | { readonly literal: string };

/** External identifiers a provider may report. */
export interface RecordIdentifiers {
  readonly arxiv?: string;
  readonly pmid?: string;
  readonly openalex?: string;
  readonly semantic_scholar?: string;
}

/**
 * The kinds of work a record can be, from the source's own type (docs/providers.md#record-types).
 * Written once, here: the domain's `RECORD_TYPES` is this list.
 */
export const PROVIDER_RECORD_TYPES = ['article', 'preprint', 'conference_paper', 'book_chapter', 'book', 'thesis', 'dataset', 'review', 'other'] as const;

/** One record type as a source states it. */
export type ProviderRecordType = (typeof PROVIDER_RECORD_TYPES)[number];

/** One record as a provider returned it, before dedupe (docs/providers.md#the-literature-record). */
export interface ProviderRecord {
  readonly title: string;
  readonly doi?: string;
  readonly year?: number;
  readonly venue?: string;
  readonly authors?: readonly RecordAuthor[];
  readonly url?: string;
  readonly identifiers?: RecordIdentifiers;
  /** Absent when the source states no type (another source may know it). */
  readonly record_type?: ProviderRecordType;
  /** Only when the request asked for abstracts (docs/providers.md#steered-requests). */
  readonly abstract?: string;
  /** How often the work is cited, as the provider counts it. */
  readonly cited_by_count?: number;
  /** An `https:` link to a free full text. */
  readonly open_access_url?: string;
  /** Present only when the provider flags the work as retracted; never `false`. */
  readonly retracted?: true;
}

/**
 * Public failure kinds of a provider request (docs/providers.md#requests), in the order the
 * search output's `error_kind` enum lists them. Their text never holds a URL, key or body.
 */
export const PROVIDER_FAILURE_KINDS = ['timeout', 'http_error', 'transport_error', 'decode_error', 'rate_limited', 'cancelled'] as const;

/** One of {@link PROVIDER_FAILURE_KINDS}. */
export type ProviderFailureKind = (typeof PROVIDER_FAILURE_KINDS)[number];

/**
 * The static class of a `transport_error` (or of a connection-level `timeout`), told to the
 * user in the diagnostic warning (`arxiv: transport_error (connection refused)`); never a host,
 * address, path or message (docs/providers.md#requests).
 */
export type TransportCause = 'name resolution' | 'connection refused' | 'network unreachable' | 'connection reset' | 'TLS' | 'timeout' | 'proxy';

/** One provider search request, in domain terms. */
export interface ProviderSearchRequest {
  readonly provider: ProviderId;
  /** The trimmed query text. */
  readonly query: string;
  /** Records wanted (already bounded to 1–200). */
  readonly limit: number;
  /** Resolved credentials; only ever placed where docs/providers.md#providers-and-readiness says. */
  readonly credentials: { readonly apiKey?: string; readonly email?: string };
  /** Aborts every wait and HTTP request of this search. */
  readonly signal: AbortSignal;
  /**
   * What the query is matched against: free text (`topic`, the default), the title field, or
   * one exact DOI (already normalised: lowercase, starts with `10.`, holds a `/`).
   */
  readonly searchBy?: 'topic' | 'title' | 'doi';
  /** Publication years to ask the provider for (inclusive bounds, 1000–9999). */
  readonly years?: { readonly from?: number; readonly to?: number };
  /** Ask the provider for abstracts too (records may then carry `abstract`). */
  readonly includeAbstracts?: boolean;
}

/** Why a provider request failed: its public kind, and the static cause of a connection failure when one is known. */
export interface ProviderFailure {
  readonly kind: ProviderFailureKind;
  readonly cause?: TransportCause;
}

/**
 * A value, or the {@link ProviderFailure} that replaced it: the one result type,
 * `Result<T, ProviderFailure>` of src/domain/shared/result.ts, spelled here because ports
 * import no domain (the two are the same type).
 */
export type ProviderResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ProviderFailure };

/** The records of one provider search, and whether the answer cache gave them (no request sent). */
interface ProviderAnswer {
  readonly records: readonly ProviderRecord[];
  readonly cached: boolean;
}

/** What one provider search gives back. */
export type ProviderSearchOutcome = ProviderResult<ProviderAnswer>;

/**
 * Searches one scholarly provider. Endpoints are constants of the adapter: nothing in the
 * request can change where it connects.
 *
 * Promise: every failure of a request is a typed kind; when `signal` aborts, the HTTP request
 * is aborted and the outcome is `cancelled`. The one rejection allowed is
 * {@link ProviderRuntimeUnavailableError}, when the client itself cannot be built (a lazily
 * loaded adapter that fails to load); any other rejection breaks the promise.
 */
export interface ProviderClient {
  search(request: ProviderSearchRequest): Promise<ProviderSearchOutcome>;
}

/**
 * The rejection of {@link ProviderClient.search} when the client cannot be built at all (the
 * search then answers `provider-runtime-unavailable`). It carries no detail of the cause.
 */
export class ProviderRuntimeUnavailableError extends Error {
  constructor() {
    super('provider runtime unavailable');
    this.name = 'ProviderRuntimeUnavailableError';
  }
}

/** Service identifier of the {@link ProviderClient} port. */
export const ProviderClientId: PortToken<ProviderClient> = portToken('qiongli.ProviderClient');
