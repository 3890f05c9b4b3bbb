import type { ProviderRecord, ProviderSearchRequest } from '../../ports/provider-client.port.js';
import type { Stepwise } from '../../domain/shared/stepwise.js';
import { MAX_PER_PROVIDER_LIMIT } from '../../domain/shared/provider-catalogue.js';
import { providerFailure, success, type ProviderResult } from '../provider-http/provider-failure.js';
import type { ProviderGet } from '../provider-http/send-get.js';
import type { RecordOptions } from '../provider-http/record-fields.js';

/**
 * The work of a single-work answer (a DOI lookup) as at most one record: no object there →
 * `decode_error`; a work `toRecord` cannot use (no title) → no record.
 */
export function singleWorkRecords<W>(work: W | undefined, toRecord: (work: W) => ProviderRecord | undefined): ProviderResult<readonly ProviderRecord[]> {
  if (work === undefined) return providerFailure('decode_error');
  const record = toRecord(work);
  return success(record === undefined ? [] : [record]);
}

/**
 * What a search sends and parses through: the client's HTTP policy (pacing, budget, body cap,
 * one polite retry) and its time slices.
 */
interface SearchHttp {
  /** The text of a 2xx body, or the failure; `undefined` when a `notFoundIsEmpty` lookup was answered 404. */
  fetchText(get: ProviderGet): Promise<ProviderResult<string | undefined>>;
  /** Runs a stepwise body parser in time slices: a throw → `decode_error`, an abort → `cancelled`. */
  parseInSlices<T>(task: Stepwise<ProviderResult<T>>): Promise<ProviderResult<T>>;
}

/**
 * The part of a search request a provider module needs (the signal also stops parsing),
 * steering fields included (docs/providers.md#steered-requests).
 */
export type ProviderQuery = Pick<ProviderSearchRequest, 'query' | 'limit' | 'credentials' | 'searchBy' | 'years' | 'includeAbstracts'> & {
  readonly signal?: AbortSignal;
};

/**
 * A provider body parser, stepwise so it can run in time slices: the body and the number of
 * records asked for in, the records (at most that many) or a failure out. Malformed input may
 * also be reported by throwing; {@link SearchHttp.parseInSlices} maps that to `decode_error`.
 */
export type BodyParser = (body: string, rows: number, options?: RecordOptions) => Stepwise<ProviderResult<readonly ProviderRecord[]>>;

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
  /** Runs the search through `http`; never throws. */
  search(query: ProviderQuery, http: SearchHttp): Promise<ProviderResult<readonly ProviderRecord[]>>;
}

/** `min(limit, cap)` as a positive integer, the `<n>` of docs/providers.md#requests; `cap` defaults to the catalogue's per-provider limit. */
export function rowsFor(limit: number, cap: number = MAX_PER_PROVIDER_LIMIT): number {
  const whole = Number.isFinite(limit) ? Math.floor(limit) : 1;
  return Math.max(1, Math.min(whole, cap));
}

/** The {@link RecordOptions} a query asks for. */
const recordOptions = (query: ProviderQuery): RecordOptions => ({ abstracts: query.includeAbstracts === true });

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
    async search(query, http) {
      const get = build(query);
      if (get === undefined) return success([]);
      const body = await http.fetchText(get);
      if (!body.ok) return body;
      if (body.value === undefined) return success([]);
      return http.parseInSlices(parserFor(query)(body.value, rowsFor(query.limit, cap), recordOptions(query)));
    },
  };
}
