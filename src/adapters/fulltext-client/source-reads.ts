import { createHash } from 'node:crypto';
import type { FullTextDocument, FullTextSource, ResolvedWork, SourceAttempt } from '../../ports/fulltext-client.port.js';
import type { Stepwise } from '../../domain/shared/stepwise.js';
import { success, type ProviderFailure, type ProviderResult } from '../provider-http/provider-failure.js';
import type { ProviderGet } from '../provider-http/send-get.js';
import type { ProviderHttp } from '../provider-http/provider-http.js';
import type { TextPieces } from '../provider-http/body-text.js';
import { DocumentBuilder } from './document-builder.js';
import { chooseLicence, type LicenceClaim } from './licence-names.js';

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

  /**
   * A document (up to {@link MAX_DOCUMENT_BYTES}): the text of a 2xx answer in the pieces it was
   * decoded in, with the SHA-256 and length of its body bytes as received (content coding undone,
   * before decoding: a byte order mark counts); `undefined` for a 404 where the request says so,
   * or the failure kind.
   */
  async fetchDocument(get: ProviderGet): Promise<ProviderResult<FetchedDocument | undefined>> {
    const hash = createHash('sha256');
    let bytes = 0;
    const { lane, intervalMs, deadline, signal } = this;
    const onBody = (piece: Uint8Array): void => {
      hash.update(piece);
      bytes += piece.length;
    };
    const answer = await this.http.fetchPieces({ get, lane, intervalMs, deadline, signal, maxBodyBytes: MAX_DOCUMENT_BYTES, onBody });
    if (!answer.ok || answer.value === undefined) return answer as ProviderResult<undefined>;
    return success({ text: answer.value, sha256: hash.digest('hex'), bytes });
  }

  /** Runs a stepwise parse in time slices: a throw → `decode_error`, an abort → `cancelled`. */
  parse<T>(task: Stepwise<T>): Promise<ProviderResult<T>> {
    return this.http.parseInSlices(wrapped(task), this.signal);
  }
}

function* wrapped<T>(task: Stepwise<T>): Stepwise<ProviderResult<T>> {
  return success(yield* task);
}

/** A fetched document: its text, and the SHA-256 and length of the body bytes it was decoded from. */
export interface FetchedDocument {
  readonly text: string | TextPieces;
  readonly sha256: string;
  readonly bytes: number;
}

/** How a document's text is read into a builder (JATS or LaTeXML), and what else it tells. */
export type DocumentReader<M> = (text: string | TextPieces, builder: DocumentBuilder) => Stepwise<M>;

/** The pieces of a document's source that come from outside its text. */
export interface SourceFacts {
  readonly provider: FullTextSource;
  readonly url: string;
}

/**
 * Reads a fetched document stepwise: its text into sections and blocks; the body's hash and
 * length as fetched; the licence from what the reader found besides (`licence` says which
 * sources claim what, most authoritative first).
 */
export function* readDocument<M>(
  fetched: FetchedDocument,
  reader: DocumentReader<M>,
  source: SourceFacts,
  licence: (found: M) => readonly LicenceClaim[],
): Stepwise<{ document: FullTextDocument; found: M }> {
  const builder = new DocumentBuilder();
  const found = yield* reader(fetched.text, builder);
  const { sha256, bytes } = fetched;
  return { document: builder.build({ ...source, sha256, bytes, ...chooseLicence(licence(found)) }), found };
}
