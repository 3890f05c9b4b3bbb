import type { ProviderRecord } from '../../ports/provider-client.port.js';
import type { Stepwise } from '../../domain/shared/stepwise.js';
import { PROVIDER_CATALOGUE } from '../../domain/shared/provider-catalogue.js';
import { credentialParams, OPENALEX_WORKS_ENDPOINT, openAlexRecord, openAlexWorkShape, yearFilter } from '../provider-http/openalex-work.js';
import { asObject } from '../provider-http/json-fields.js';
import { collectInto, type RecordOptions } from '../provider-http/record-fields.js';
import { doiPathSegment, withQuery } from '../provider-http/steering.js';
import { listOf, objectOf } from '../provider-http/json-shape.js';
import { providerFailure, success, type ProviderResult } from '../provider-http/provider-failure.js';
import { readJson } from '../provider-http/json-reader.js';
import { tierPacing, type TIER_INTERVALS_MS } from '../provider-http/tier-pacing.js';
import type { ProviderGet } from '../provider-http/send-get.js';
import { rowsFor, singleRequestProtocol, singleWorkRecords, type ProviderQuery } from './provider-protocol.js';

/** OpenAlex asks for at most this many records per search (docs/providers.md#requests). */
const OPENALEX_MAX_ROWS = PROVIDER_CATALOGUE.openalex.maxPerProviderLimit;

/**
 * A title search inside OpenAlex's `filter`: `,` and `|` separate filters and alternatives
 * there, and a leading `!` negates, so they become spaces (the search ignores punctuation).
 */
const titleFilter = (query: string): string => `title.search:${query.replace(/[,|!]/gu, ' ').replace(/\s+/gu, ' ').trim()}`;

/**
 * The OpenAlex list request: `search` (or, searching titles, `filter=title.search:<q>`), the
 * years as a `publication_year` filter, `per_page` = min(limit, 100), then `api_key` when a
 * key resolved (docs/providers.md#providers-and-readiness, #steered-requests). Values are
 * percent-encoded. Without steering fields: `?search=<q>&per_page=<n>[&api_key…]`.
 */
export function buildOpenAlexRequest(query: ProviderQuery): ProviderGet {
  const filters = [query.searchBy === 'title' ? titleFilter(query.query) : undefined, yearFilter(query)].filter((f) => f !== undefined);
  const params = [
    ...(query.searchBy === 'title' ? [] : [`search=${encodeURIComponent(query.query)}`]),
    ...(filters.length === 0 ? [] : [`filter=${encodeURIComponent(filters.join(','))}`]),
    `per_page=${rowsFor(query.limit, OPENALEX_MAX_ROWS)}`,
    ...credentialParams(query),
  ];
  return { url: withQuery(OPENALEX_WORKS_ENDPOINT, params), headers: { accept: 'application/json' } };
}

/**
 * The OpenAlex single-work lookup of a `doi` search: `GET /works/doi:<doi>` (the DOI one
 * percent-encoded path segment, see {@link doiPathSegment}), then `api_key`; a 404 is
 * "no record". Not a DOI → `undefined` (nothing is sent).
 */
export function buildOpenAlexDoiRequest(query: ProviderQuery): ProviderGet | undefined {
  const segment = doiPathSegment(query.query);
  if (segment === undefined) return undefined;
  const url = withQuery(`${OPENALEX_WORKS_ENDPOINT}/doi:${segment}`, credentialParams(query));
  return { url, headers: { accept: 'application/json' }, notFoundIsEmpty: true };
}

/** The request of any OpenAlex search form. */
const openAlexRequest = (query: ProviderQuery): ProviderGet | undefined =>
  query.searchBy === 'doi' ? buildOpenAlexDoiRequest(query) : buildOpenAlexRequest(query);

/**
 * Maps an OpenAlex `/works` list (`results[]`) to at most `rows` records (docs/providers.md#the-literature-record), stepwise.
 * The DOI is kept as given (`https://doi.org/…`; the domain normalises it); the OpenAlex id is
 * shortened to `W…`. A body that is not such a list → `decode_error` (malformed JSON throws).
 */
export function* openAlexRecords(body: string, rows: number, options: RecordOptions = {}): Stepwise<ProviderResult<readonly ProviderRecord[]>> {
  const records: ProviderRecord[] = [];
  const page = objectOf({ results: listOf(openAlexWorkShape(options), { each: collectInto(records, rows, (work) => openAlexRecord(work, options)) }) });
  if (!Array.isArray(asObject(yield* readJson(body, page))?.['results'])) return providerFailure('decode_error');
  return success(records);
}

/**
 * Maps the one work of an OpenAlex single-work answer (`/works/doi:…`) to at most one record,
 * stepwise. A body that is not an object → `decode_error`.
 */
export function* openAlexWorkRecords(body: string, _rows: number, options: RecordOptions = {}): Stepwise<ProviderResult<readonly ProviderRecord[]>> {
  const work = asObject(yield* readJson(body, openAlexWorkShape(options)));
  return singleWorkRecords(work, (found) => openAlexRecord(found, options));
}

/** OpenAlex: one GET per search, paced per access tier (see {@link TIER_INTERVALS_MS}). */
export const openAlexProtocol = singleRequestProtocol(
  openAlexRequest,
  (query) => (query.searchBy === 'doi' ? openAlexWorkRecords : openAlexRecords),
  tierPacing('openalex'),
  OPENALEX_MAX_ROWS,
);
