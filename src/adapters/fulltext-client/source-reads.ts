import type { FullTextDocument, FullTextSource, ResolvedWork, SourceAttempt } from '../../ports/fulltext-client.port.js';
import type { Stepwise } from '../../domain/shared/stepwise.js';
import { success, type ProviderFailure, type ProviderResult } from '../provider-http/provider-failure.js';
import type { ProviderGet } from '../provider-http/send-get.js';
import type { ProviderHttp } from '../provider-http/provider-http.js';
import type { TextPieces } from '../provider-http/body-text.js';
import { DocumentBuilder } from './document-builder.js';
import { documentDigest } from './text-digest.js';
import { licenceOf } from './licence-names.js';

/**
 * Largest full-text document accepted, declared, read or decompressed: 16 MiB, four times the
 * search's bound. arXiv's LaTeXML pages carry MathML and a TeX alternative for every formula, so
 * mathematical papers pass 4 MiB; a JATS article with large tables can too. Lookups and licence
 * records keep the 4 MiB bound.
 */
export const MAX_DOCUMENT_BYTES = 16 * 1024 * 1024;

/** What one source answered: its attempt, and the document or identifiers it gave. */
export interface SourceRead {
  readonly attempt: SourceAttempt;
  readonly document?: FullTextDocument;
  readonly work?: ResolvedWork;
}

/** A failed attempt of a source: its kind, and the static cause of a connection failure. */
export const failedRead = (provider: FullTextSource, { kind, cause }: ProviderFailure): SourceRead => ({
  attempt: { provider, outcome: 'failed', errorKind: kind, ...(cause === undefined ? {} : { errorCause: cause }) },
});

/** An attempt that ended without a document. */
export const answeredRead = (provider: FullTextSource, outcome: 'no_open_full_text' | 'not_found', work?: ResolvedWork): SourceRead => ({
  attempt: { provider, outcome },
  ...(work === undefined ? {} : { work }),
});

/** Sends GETs of one source under the shared HTTP policy: its lane, its pace, one budget for the source's whole read. */
export class SourceFetcher {
  private readonly deadline: number;

  constructor(
    private readonly http: ProviderHttp,
    private readonly lane: string,
    private readonly intervalMs: number,
    readonly signal: AbortSignal,
  ) {
    this.deadline = http.deadlineFromNow();
  }

  /** The body of a 2xx answer, `undefined` for a 404 where the request says so, or the failure kind. */
  fetch(get: ProviderGet): Promise<ProviderResult<string | undefined>> {
    const { lane, intervalMs, deadline, signal } = this;
    return this.http.fetchText({ get, lane, intervalMs, deadline, signal });
  }

  /** A document (up to {@link MAX_DOCUMENT_BYTES}), as {@link fetch} answers, its text in the pieces it was decoded in. */
  fetchDocument(get: ProviderGet): Promise<ProviderResult<TextPieces | undefined>> {
    const { lane, intervalMs, deadline, signal } = this;
    return this.http.fetchPieces({ get, lane, intervalMs, deadline, signal, maxBodyBytes: MAX_DOCUMENT_BYTES });
  }

  /** Runs a stepwise parse in time slices: a throw → `decode_error`, an abort → `cancelled`. */
  parse<T>(task: Stepwise<T>): Promise<ProviderResult<T>> {
    return this.http.parseInSlices(wrapped(task), this.signal);
  }
}

function* wrapped<T>(task: Stepwise<T>): Stepwise<ProviderResult<T>> {
  return success(yield* task);
}

/** How a document's text is read into a builder (JATS or LaTeXML), and what else it tells. */
export type DocumentReader<M> = (text: string | TextPieces, builder: DocumentBuilder) => Stepwise<M>;

/** The pieces of a document's source that come from outside its text. */
export interface SourceFacts {
  readonly provider: FullTextSource;
  readonly url: string;
}

/**
 * Reads a fetched document stepwise: its text into sections and blocks, its SHA-256 and byte
 * length, and what the reader found besides (`facts` then names the licence).
 */
export function* readDocument<M>(
  text: string | TextPieces,
  reader: DocumentReader<M>,
  source: SourceFacts,
  licence: (found: M) => { url?: string; label?: string },
): Stepwise<{ document: FullTextDocument; found: M }> {
  const builder = new DocumentBuilder();
  const found = yield* reader(text, builder);
  const { sha256, bytes } = yield* documentDigest(text);
  const { url, label } = licence(found);
  return { document: builder.build({ ...source, sha256, bytes, ...licenceOf(url, label) }), found };
}
