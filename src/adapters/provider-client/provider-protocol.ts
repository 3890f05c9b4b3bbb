import type { ProviderFailureKind, ProviderRecord, ProviderSearchRequest, TransportCause } from '../../ports/provider-client.port.js';
import type { Stepwise } from '../../domain/shared/stepwise.js';
import { MAX_PER_PROVIDER_LIMIT } from '../../domain/shared/provider-catalogue.js';
import { SlicedWorkAborted, runInSlices } from '../scheduling/time-slices.js';

/** One HTTP GET a provider module wants sent: an absolute URL and its request headers. */
export interface ProviderGet {
  readonly url: string;
  /** Lower-case header names; `user-agent` is added by the client. */
  readonly headers: Readonly<Record<string, string>>;
  /** A single-work lookup: HTTP 404 means "no such record" (an empty answer), not a failure. */
  readonly notFoundIsEmpty?: boolean;
}

/** A value, or the public failure kind that replaced it (with the static class of a connection failure). */
export type Step<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly kind: ProviderFailureKind; readonly cause?: TransportCause };

/** Wraps a value as a successful {@link Step}. */
export const stepOk = <T>(value: T): Step<T> => ({ ok: true, value });

/** A failed {@link Step} of the given kind (and cause, when one is known). */
export const stepFailed = <T = never>(kind: ProviderFailureKind, cause?: TransportCause): Step<T> =>
  cause === undefined ? { ok: false, kind } : { ok: false, kind, cause };

/**
 * The work of a single-work answer (a DOI lookup) as at most one record: no object there →
 * `decode_error`; a work `toRecord` cannot use (no title) → no record.
 */
export function singleWorkStep<W>(work: W | undefined, toRecord: (work: W) => ProviderRecord | undefined): Step<readonly ProviderRecord[]> {
  if (work === undefined) return stepFailed('decode_error');
  const record = toRecord(work);
  return stepOk(record === undefined ? [] : [record]);
}

/**
 * Sends one GET under the client's HTTP policy (pacing, budget, body cap, one polite retry)
 * and gives back the text of a 2xx body, or the failure kind; `undefined` when a
 * {@link ProviderGet.notFoundIsEmpty} lookup was answered 404.
 */
export type FetchText = (get: ProviderGet) => Promise<Step<string | undefined>>;

/**
 * The part of a search request a provider module needs (the signal also stops parsing),
 * steering fields included (docs/providers.md#steered-requests).
 */
export type ProviderQuery = Pick<ProviderSearchRequest, 'query' | 'limit' | 'credentials' | 'searchBy' | 'years' | 'includeAbstracts'> & {
  readonly signal?: AbortSignal;
};

/** What a parser keeps beyond the always-on fields. */
export interface RecordOptions {
  /** Build `abstract` (docs/providers.md#steered-requests); off, abstracts are not even read. */
  readonly abstracts?: boolean;
}

/**
 * A provider body parser, stepwise so it can run in time slices: the body and the number of
 * records asked for in, the records (at most that many) or a failure kind out. Malformed input
 * may also be reported by throwing; {@link parseInSlices} maps that to `decode_error`.
 */
export type BodyParser = (body: string, rows: number, options?: RecordOptions) => Stepwise<Step<readonly ProviderRecord[]>>;

/**
 * What the client knows about one provider: how fast it may be asked, which request starts a
 * search (also the cache key), and how a whole search runs (one or more GETs, then parsing).
 */
export interface ProviderProtocol {
  /** Smallest gap, in ms, between two request starts to this provider (0: no pacing). */
  startIntervalMs(credentials: ProviderQuery['credentials']): number;
  /**
   * The first request of a search; deterministic, so it doubles as the cache key. `undefined`:
   * the provider cannot serve this request (arXiv has no DOI lookup), and the search answers no
   * records without any network.
   */
  firstRequest(query: ProviderQuery): ProviderGet | undefined;
  /** Runs the search through `fetchText`; never throws. */
  search(query: ProviderQuery, fetchText: FetchText): Promise<Step<readonly ProviderRecord[]>>;
}

/** `min(limit, cap)` as a positive integer, the `<n>` of docs/providers.md#requests; `cap` defaults to the catalogue's per-provider limit. */
export function rowsFor(limit: number, cap: number = MAX_PER_PROVIDER_LIMIT): number {
  const whole = Number.isFinite(limit) ? Math.floor(limit) : 1;
  return Math.max(1, Math.min(whole, cap));
}

/**
 * Runs a stepwise parse in time slices, so no body blocks the event loop (docs/provider-data.md):
 * a thrown error (malformed body) → `decode_error`, an abort of `signal` → `cancelled`.
 */
export async function parseInSlices<T>(task: Stepwise<Step<T>>, signal?: AbortSignal): Promise<Step<T>> {
  try {
    return await runInSlices(task, signal);
  } catch (error) {
    return stepFailed(error instanceof SlicedWorkAborted ? 'cancelled' : 'decode_error');
  }
}

/** The {@link RecordOptions} a query asks for. */
export const recordOptions = (query: ProviderQuery): RecordOptions => ({ abstracts: query.includeAbstracts === true });

/**
 * Builds the protocol of a provider that answers a search with one GET (`cap`: its largest
 * page). `parserFor` picks the body parser of the request form (a list, or one work of a DOI
 * lookup). No request → no records; a lookup answered 404 → no records.
 */
export function singleRequestProtocol(
  build: (query: ProviderQuery) => ProviderGet | undefined,
  parserFor: (query: ProviderQuery) => BodyParser,
  startIntervalMs: ProviderProtocol['startIntervalMs'],
  cap: number = MAX_PER_PROVIDER_LIMIT,
): ProviderProtocol {
  return {
    startIntervalMs,
    firstRequest: build,
    async search(query, fetchText) {
      const get = build(query);
      if (get === undefined) return stepOk([]);
      const body = await fetchText(get);
      if (!body.ok) return body;
      if (body.value === undefined) return stepOk([]);
      return parseInSlices(parserFor(query)(body.value, rowsFor(query.limit, cap), recordOptions(query)), query.signal);
    },
  };
}
