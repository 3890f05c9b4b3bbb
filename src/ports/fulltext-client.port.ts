import { portToken, type PortToken } from './port-token.js';
import type { ProviderFailureKind, TransportCause } from './provider-client.port.js';

/** The open-access full-text sources (docs/providers.md#full-text-sources), in the order a read tries them. */
export const FULLTEXT_SOURCES = ['europepmc', 'pmc', 'arxiv'] as const;

/** One full-text source. */
export type FullTextSource = (typeof FULLTEXT_SOURCES)[number];

/**
 * The work to read, already checked by the domain: every identifier is in its canonical form
 * (a DOI lowercased, `PMC<digits>`, `<digits>`, an arXiv id), so nothing in it can reshape a URL.
 */
export type WorkReference =
  | { readonly kind: 'doi'; readonly doi: string }
  | { readonly kind: 'pmcid'; readonly pmcid: string }
  | { readonly kind: 'pmid'; readonly pmid: string }
  | { readonly kind: 'arxiv'; readonly arxiv: string };

/** Identifiers of the work as the sources resolved them (absent when unknown). */
export interface ResolvedWork {
  readonly doi?: string;
  readonly pmid?: string;
  readonly pmcid?: string;
  readonly arxiv?: string;
}

/** Which sources a read may ask, and with which credentials. */
export interface FullTextSources {
  readonly europepmc: boolean;
  /** PubMed Central E-utilities: PubMed's settings entry; `undefined` = disabled. */
  readonly pmc: { readonly apiKey?: string } | undefined;
  readonly arxiv: boolean;
}

/** One read request. */
export interface FullTextRequest {
  readonly work: WorkReference;
  readonly sources: FullTextSources;
  /** Aborts every wait, request and parse of this read. */
  readonly signal: AbortSignal;
}

/**
 * Where a licence was read: the article's own metadata (`article-meta/permissions`), Europe PMC's
 * search record, arXiv's OAI-PMH record of the paper, or the arXiv page's licence line.
 */
export const LICENCE_ORIGINS = ['article', 'europepmc_record', 'arxiv_record', 'arxiv_page'] as const;

/** One of the {@link LICENCE_ORIGINS}. */
export type LicenceOrigin = (typeof LICENCE_ORIGINS)[number];

/** The licence of a document, where it was read, and what another source said when it disagrees. */
export interface LicenceChoice {
  /** A short licence name (`CC BY 4.0`), or `unknown` (none named, or a URL the reader does not know). */
  readonly licence: string;
  /** The licence URL exactly as the source gave it. */
  readonly licenceUrl?: string;
  /** Where the licence was read; absent when no source named one. */
  readonly licenceFrom?: LicenceOrigin;
  /** Another source's licence that does not agree with the one used. */
  readonly licenceConflict?: { readonly from: LicenceOrigin; readonly licence: string; readonly licenceUrl?: string };
}

/** Where the document came from: the fetched bytes' identity and their licence. */
export interface DocumentSource extends LicenceChoice {
  readonly provider: FullTextSource;
  /** The constant-endpoint URL the document was fetched from (never with a credential). */
  readonly url: string;
  /** SHA-256 (hex) of the body bytes as received (after any content coding is undone, before decoding: a byte order mark included). */
  readonly sha256: string;
  /** Length of those bytes. */
  readonly bytes: number;
}

/** One section of a document, in document order. */
export interface DocumentSection {
  /** Stable within the document: `abstract`, `body`, `s1`, `s1.2`, `refs`, `floats`. */
  readonly id: string;
  /** Clean heading text ("" when the section has none). */
  readonly heading: string;
  /** 1 for a top-level section, 2 for its subsections, and so on. */
  readonly level: number;
}

/** One block of clean text (a paragraph, caption, list item, equation or reference). */
export interface DocumentBlock {
  /** Index into {@link FullTextDocument.sections}. */
  readonly section: number;
  /** Markup-free, whitespace-collapsed, at most 2,000 characters, never empty. */
  readonly text: string;
}

/** A document read and taken apart: sections and blocks in document order. */
export interface FullTextDocument {
  readonly source: DocumentSource;
  readonly sections: readonly DocumentSection[];
  readonly blocks: readonly DocumentBlock[];
  /** The document held more than the reader keeps (sections, blocks or characters). */
  readonly truncated: boolean;
}

/** What one source said about the work. */
type AttemptOutcome = 'full_text' | 'no_open_full_text' | 'not_found' | 'disabled' | 'failed';

/** One source's answer, in the order tried. */
export interface SourceAttempt {
  readonly provider: FullTextSource;
  readonly outcome: AttemptOutcome;
  /** Only with `failed`. */
  readonly errorKind?: ProviderFailureKind;
  /** Only with `failed`, for a connection failure: its static cause (`name resolution`, `proxy`…). */
  readonly errorCause?: TransportCause;
}

/** The outcome of a read: the document when a source had one, and what every source said. */
export interface FullTextOutcome {
  readonly work: ResolvedWork;
  readonly document?: FullTextDocument;
  readonly attempts: readonly SourceAttempt[];
  /** A free reading link a source gave (`https:` only), for when there is no open full text. */
  readonly openAccessUrl?: string;
}

/**
 * Reads the open-access full text of one work from constant endpoints (Europe PMC, PubMed
 * Central, arXiv). Nothing in the request can change where it connects.
 *
 * Promise: never throws for a source's failure (each becomes a `failed` attempt with its kind);
 * when `signal` aborts, every request and parse stops and the outcome's unfinished attempts are
 * `failed`/`cancelled`. The one rejection allowed is `ProviderRuntimeUnavailableError`, when the
 * client itself cannot be built.
 */
export interface FullTextClient {
  read(request: FullTextRequest): Promise<FullTextOutcome>;
}

/** Service identifier of the {@link FullTextClient} port. */
export const FullTextClientId: PortToken<FullTextClient> = portToken('qiongli.FullTextClient');
