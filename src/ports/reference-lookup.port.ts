import type { ProviderId } from './config-source.port.js';
import type { ProviderFailureKind, ProviderRecord, ProviderSearchRequest } from './provider-client.port.js';
import { portToken, type PortToken } from './port-token.js';

/**
 * The sources a reference check asks, in the order its identifier lookups and searches go
 * (docs/tools.md#the-reference-check): Crossref and OpenAlex first (their
 * single-work lookups cost nothing), then Semantic Scholar, PubMed, arXiv.
 */
export const REFERENCE_SOURCE_IDS = ['crossref', 'openalex', 'semantic_scholar', 'pubmed', 'arxiv'] as const satisfies readonly ProviderId[];

/** One of {@link REFERENCE_SOURCE_IDS}. */
export type ReferenceSourceId = (typeof REFERENCE_SOURCE_IDS)[number];

/**
 * An identifier a reference names, already normalised by the domain: a DOI (lowercase, `10.…/…`),
 * a PMID (digits), or an arXiv id (without `arXiv:` and without version).
 */
export type ReferenceIdentifier =
  | { readonly kind: 'doi'; readonly value: string }
  | { readonly kind: 'pmid'; readonly value: string }
  | { readonly kind: 'arxiv'; readonly value: string };

/** What a bibliographic search is asked with (every text already bounded by the domain). */
export interface BibliographicQuery {
  /** The title as the reference gives it. */
  readonly title?: string;
  /** The first author's surname. */
  readonly firstAuthor?: string;
  readonly year?: number;
  /** The whole reference as one text (a plain-text reference; Crossref's `query.bibliographic` reads it whole). */
  readonly text?: string;
  /** Candidates wanted (1–10). */
  readonly limit: number;
}

/**
 * A notice a source reports about a work: Crossref `updated-by[]` on the work (`place`
 * `updated_by`) or `update-to[]` on the notice (`update_to`), OpenAlex `is_retracted`
 * (`is_retracted`), PubMed `pubtype` `Retracted Publication` (`pubtype`). `type` is the source's
 * own word (Crossref `retraction`, `correction`, `erratum`, `expression_of_concern`, …;
 * `retraction` for the two boolean places); the domain decides what each word flags.
 */
export interface StatusNotice {
  readonly type: string;
  readonly place: 'updated_by' | 'update_to' | 'is_retracted' | 'pubtype';
  /** The notice's own DOI, when the source gives it. */
  readonly noticeDoi?: string;
  /** When the notice appeared: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
  readonly date?: string;
}

/**
 * Another version of a work a source links: `relation` says what the work *itself* is to that
 * version (`preprint_of`: the work is a preprint and the link is its version of record;
 * `version_of_record_of`: the work is the version of record and the link is a preprint).
 * From Crossref `relation.is-preprint-of` / `has-preprint` (`crossref_relation`), an arXiv
 * entry's `arxiv:doi` / `arxiv:journal_ref` (`arxiv_journal_ref`), OpenAlex `locations[]`
 * (`openalex_location`: a repository `submittedVersion` beside a journal `publishedVersion`).
 */
export interface VersionLink {
  readonly relation: 'preprint_of' | 'version_of_record_of';
  readonly place: 'crossref_relation' | 'arxiv_journal_ref' | 'openalex_location';
  readonly doi?: string;
  readonly arxiv?: string;
  readonly url?: string;
  /** The linked version's venue (arXiv `journal_ref`, an OpenAlex location's source name). */
  readonly venue?: string;
}

/** A work as one source describes it: the §7.4 record fields, and the status notices and version links it read. */
export interface FoundWork {
  readonly record: ProviderRecord;
  readonly notices?: readonly StatusNotice[];
  readonly versions?: readonly VersionLink[];
}

/** A notice Crossref holds about one of the DOIs asked by {@link ReferenceLookupSession.updateStatus}. */
export interface UpdateStatus {
  /** The DOI the notice is about (normalised). */
  readonly doi: string;
  readonly notice: StatusNotice;
}

/** A value, or the failure kind that replaced it (the shape of the domain's `Result`; a port imports no domain). */
export type LookupResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ProviderFailureKind };

/** What every request of one session carries besides its question. */
export interface LookupAccess {
  /** Resolved credentials; a missing key means a keyless request (docs/providers.md#providers-and-readiness). */
  readonly credentials: ProviderSearchRequest['credentials'];
  /** Aborts every wait and request of the tool call. */
  readonly signal: AbortSignal;
}

/**
 * One tool call's work with one source. Requests share the source's pacing lane, the HTTP policy
 * and the answer cache of docs/providers.md#requests; an answer from the cache is not a request.
 *
 * Promise: no method throws (except `ProviderRuntimeUnavailableError` when the client cannot be
 * built); a failure is a kind with no URL, key or body; an aborted signal gives `cancelled`.
 * A question the source cannot answer (a PMID at Crossref, notices anywhere but Crossref) answers
 * `ok` with nothing (`undefined` or `[]`) without a request.
 */
export interface ReferenceLookupSession {
  /** The one work the identifier names at this source; `undefined` when the source does not know it (404, empty). */
  byIdentifier(identifier: ReferenceIdentifier): Promise<LookupResult<FoundWork | undefined>>;
  /** Candidates for a reference, best first as the source ranks them, at most `query.limit`. */
  search(query: BibliographicQuery): Promise<LookupResult<readonly FoundWork[]>>;
  /**
   * Crossref only: the notices about up to 20 DOIs, from both places — `updated-by` on the works
   * themselves and `update-to` on the notices that point at them — in few batched requests.
   */
  updateStatus(dois: readonly string[]): Promise<LookupResult<readonly UpdateStatus[]>>;
  /** HTTP requests sent so far by this session (answers from the cache are free). */
  requests(): number;
}

/**
 * The sources of the reference check. Endpoints are constants of the adapter;
 * nothing a caller passes can change a host or a path prefix.
 */
export interface ReferenceLookup {
  /** Starts one tool call's work with `source`. Cheap: nothing is sent until a method is called. */
  session(source: ReferenceSourceId, access: LookupAccess): ReferenceLookupSession;
}

/** Service identifier of the {@link ReferenceLookup} port. */
export const ReferenceLookupId: PortToken<ReferenceLookup> = portToken('qiongli.ReferenceLookup');
