import { portToken, type PortToken } from './port-token.js';

/**
 * Why a call to the person's Zotero failed (docs/zotero.md#how-qiongli-talks-to-zotero). Static
 * codes: nothing Zotero sent is ever part of a failure.
 *
 * - `zotero-not-running`: nothing answers on 127.0.0.1:23119 (Zotero is closed).
 * - `zotero-timeout`: no complete answer in time.
 * - `zotero-refused`: a 4xx answer (a request Zotero would not take).
 * - `zotero-conflict`: 409, the session id is taken.
 * - `zotero-read-only`: Zotero's selected library cannot be written (500 `libraryEditable: false`).
 * - `zotero-collection-not-found`: updateSession's 400 `COLLECTION_NOT_FOUND`.
 * - `zotero-failed`: a 5xx answer (Zotero failed while handling it).
 * - `zotero-bad-answer`: the connection closed unanswered, or an answer too large or not of the expected shape.
 * - `zotero-local-api-off`: the local API does not answer (switched off, or a Zotero before 7).
 */
export type ZoteroFailure =
  | 'zotero-not-running'
  | 'zotero-timeout'
  | 'zotero-refused'
  | 'zotero-conflict'
  | 'zotero-read-only'
  | 'zotero-collection-not-found'
  | 'zotero-failed'
  | 'zotero-bad-answer'
  | 'zotero-local-api-off';

/**
 * A call's result: the domain's `Result<T, ZoteroFailure>` (src/domain/shared/result.ts, built
 * with `success`/`failure`), spelled here because ports import no domain.
 */
export type ZoteroResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ZoteroFailure };

/** What `/connector/ping` says: Zotero runs, and its version when it names one (`X-Zotero-Version`). */
export interface ZoteroPing {
  readonly version?: string;
}

/** A library or collection Zotero can save into: `L<id>` for a library, `C<id>` for a collection. */
export interface ZoteroTarget {
  readonly key: string;
  readonly name: string;
  /** The name of the library it belongs to (a library's own name for a library). */
  readonly library: string;
  /** 0 for a library, 1 for its top collections, and so on. */
  readonly level: number;
}

/** `/connector/getSelectedCollection`: the target selected in Zotero and every writable target. */
export interface ZoteroTargets {
  readonly selected: ZoteroTarget;
  readonly targets: readonly ZoteroTarget[];
}

/** One item Zotero's import answer lists (the fields Qiongli reads). */
export interface ZoteroImportedItem {
  readonly itemType?: string;
  readonly title?: string;
}

/** A finished import: the session it opened, and the items Zotero says it saved (when its answer could be read). */
export interface ZoteroImport {
  readonly session: string;
  readonly items?: readonly ZoteroImportedItem[];
}

/** What `/connector/updateSession` sets for every item of a session. */
export interface ZoteroSessionUpdate {
  readonly session: string;
  /** A target key from {@link ZoteroTargets}. */
  readonly target: string;
  /** At most 20 tags. */
  readonly tags: readonly string[];
  /** A child note's HTML, added to every item of the session; absent: none. */
  readonly note?: string;
}

/** One way to look a work up in the library (the local API's quick search). */
export type ZoteroLookup =
  | { readonly by: 'doi'; readonly doi: string }
  | { readonly by: 'pmid'; readonly pmid: string }
  | { readonly by: 'arxiv'; readonly arxiv: string }
  | { readonly by: 'title'; readonly words: readonly string[] };

/** A library item found by a lookup: the fields a duplicate check compares (Zotero's own values). */
export interface ZoteroLibraryItem {
  readonly itemType?: string;
  readonly title?: string;
  readonly date?: string;
  readonly doi?: string;
  readonly url?: string;
  readonly extra?: string;
  readonly archiveId?: string;
  readonly pmid?: string;
}

/**
 * The person's running Zotero desktop, reached through its local connector server at the
 * constant address `http://127.0.0.1:23119` (docs/zotero.md#how-qiongli-talks-to-zotero) — the
 * endpoints Zotero's own browser connector uses — and its read-only local API on the same port.
 * Never through a proxy. Every call is bounded in time and size and never throws: a failure is
 * one of the static {@link ZoteroFailure} codes. `signal` aborts a call (→ `zotero-timeout`).
 */
export interface ZoteroConnector {
  /** `GET /connector/ping`. */
  ping(signal: AbortSignal): Promise<ZoteroResult<ZoteroPing>>;
  /** `POST /connector/getSelectedCollection`. */
  targets(signal: AbortSignal): Promise<ZoteroResult<ZoteroTargets>>;
  /**
   * `POST /connector/import?session=<new id>` with a CSL-JSON text (posted as text, so Zotero's
   * CSL JSON import translator reads it); the items land in the target selected in Zotero.
   * `items` (how many the text holds) sizes the time Zotero is given.
   */
  importCslJson(text: string, items: number, signal: AbortSignal): Promise<ZoteroResult<ZoteroImport>>;
  /**
   * `POST /connector/updateSession`: moves the session's items to a target, sets tags and a child
   * note; `items` (how many the session holds) sizes the time Zotero is given.
   */
  updateSession(update: ZoteroSessionUpdate, items: number, signal: AbortSignal): Promise<ZoteroResult<void>>;
  /** `GET /api/users/0/items/top?q=…`: My Library's items the quick search finds (at most a few dozen). */
  findInLibrary(lookup: ZoteroLookup, signal: AbortSignal): Promise<ZoteroResult<readonly ZoteroLibraryItem[]>>;
}

/** Port token of {@link ZoteroConnector}. */
export const ZoteroConnectorId: PortToken<ZoteroConnector> = portToken('qiongli.ZoteroConnector');
