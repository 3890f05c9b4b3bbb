import type { ProviderRecord } from '../../ports/provider-client.port.js';
import type { Stepwise } from '../../domain/shared/stepwise.js';
import { PROVIDER_CATALOGUE } from '../../domain/shared/provider-catalogue.js';
import { headersFor, SEMANTIC_SCHOLAR_FIELDS, semanticScholarPaperShape, semanticScholarRecord } from '../provider-http/semantic-scholar-work.js';
import { asArray, asObject } from '../provider-http/json-fields.js';
import { collectInto, type RecordOptions } from '../provider-http/record-fields.js';
import { doiPathSegment, yearBounds } from '../provider-http/steering.js';
import { listOf, objectOf, scalar } from '../provider-http/json-shape.js';
import { providerFailure, success, type ProviderResult } from '../provider-http/provider-failure.js';
import { readJson } from '../provider-http/json-reader.js';
import { tierPacing, type TIER_INTERVALS_MS } from '../provider-http/tier-pacing.js';
import type { ProviderGet } from '../provider-http/send-get.js';
import { rowsFor, singleRequestProtocol, singleWorkRecords, type ProviderQuery } from './provider-protocol.js';

/** The Semantic Scholar paper search endpoint (docs/providers.md#requests); a constant, never configurable. */
const SEMANTIC_SCHOLAR_SEARCH_ENDPOINT = 'https://api.semanticscholar.org/graph/v1/paper/search';

/**
 * The Semantic Scholar single-paper endpoint of a DOI lookup, to which the DOI path segment is
 * appended (docs/providers.md#steered-requests); a constant, never configurable.
 */
const SEMANTIC_SCHOLAR_DOI_ENDPOINT = 'https://api.semanticscholar.org/graph/v1/paper/DOI:';

/**
 * Semantic Scholar's relevance search refuses `limit` above 100 (HTTP 400), so the SPEC's
 * min(n, 200) is further capped here, as for OpenAlex.
 */
const SEMANTIC_SCHOLAR_MAX_ROWS = PROVIDER_CATALOGUE.semantic_scholar.maxPerProviderLimit;

const fieldsFor = (query: ProviderQuery): string => (query.includeAbstracts === true ? `${SEMANTIC_SCHOLAR_FIELDS},abstract` : SEMANTIC_SCHOLAR_FIELDS);

/** `year=<from>-<to>`, or with one bound `<from>-` / `-<to>` (docs/providers.md#steered-requests). */
function yearParam(query: ProviderQuery): string[] {
  const years = yearBounds(query);
  return years === undefined ? [] : [`year=${years.from ?? ''}-${years.to ?? ''}`];
}

/**
 * The Semantic Scholar search request: `query`, `limit`, the fixed field list, then `year` when
 * years are asked for. A title search sends the same request (the search has no title field).
 */
export function buildSemanticScholarRequest(query: ProviderQuery): ProviderGet {
  const url =
    `${SEMANTIC_SCHOLAR_SEARCH_ENDPOINT}?query=${encodeURIComponent(query.query)}` +
    `&limit=${rowsFor(query.limit, SEMANTIC_SCHOLAR_MAX_ROWS)}&fields=${fieldsFor(query)}` +
    yearParam(query)
      .map((param) => `&${param}`)
      .join('');
  return { url, headers: headersFor(query) };
}

/**
 * The Semantic Scholar single-paper lookup of a `doi` search: `GET /graph/v1/paper/DOI:<doi>?fields=…`
 * (the DOI one percent-encoded path segment, see {@link doiPathSegment}); a 404 is "no record".
 * Not a DOI → `undefined` (nothing is sent).
 */
export function buildSemanticScholarDoiRequest(query: ProviderQuery): ProviderGet | undefined {
  const segment = doiPathSegment(query.query);
  if (segment === undefined) return undefined;
  return { url: `${SEMANTIC_SCHOLAR_DOI_ENDPOINT}${segment}?fields=${fieldsFor(query)}`, headers: headersFor(query), notFoundIsEmpty: true };
}

/**
 * Maps a Semantic Scholar search page (`data[]`; an empty page may carry only `total`) to at
 * most `rows` records (docs/providers.md#the-literature-record), stepwise. Anything else → `decode_error`.
 */
export function* semanticScholarRecords(body: string, rows: number, options: RecordOptions = {}): Stepwise<ProviderResult<readonly ProviderRecord[]>> {
  const records: ProviderRecord[] = [];
  const each = collectInto(records, rows, (paper) => semanticScholarRecord(paper, options));
  const shape = objectOf({ total: scalar, data: listOf(semanticScholarPaperShape(options), { each }) });
  const page = asObject(yield* readJson(body, shape));
  if (page === undefined) return providerFailure('decode_error');
  const data = page['data'];
  if (data === undefined && typeof page['total'] === 'number') return success([]);
  if (asArray(data) === undefined) return providerFailure('decode_error');
  return success(records);
}

/**
 * Maps the one paper of a Semantic Scholar single-paper answer (`/paper/DOI:…`) to at most one
 * record, stepwise. A body that is not an object → `decode_error`.
 */
export function* semanticScholarPaperRecords(body: string, _rows: number, options: RecordOptions = {}): Stepwise<ProviderResult<readonly ProviderRecord[]>> {
  const paper = asObject(yield* readJson(body, semanticScholarPaperShape(options)));
  return singleWorkRecords(paper, (found) => semanticScholarRecord(found, options));
}

/**
 * Semantic Scholar: one GET per search, paced per access tier (see {@link TIER_INTERVALS_MS}):
 * one start a second with a key (the rate its keys are granted), slower in the shared keyless pool.
 */
export const semanticScholarProtocol = singleRequestProtocol(
  (query) => (query.searchBy === 'doi' ? buildSemanticScholarDoiRequest(query) : buildSemanticScholarRequest(query)),
  (query) => (query.searchBy === 'doi' ? semanticScholarPaperRecords : semanticScholarRecords),
  tierPacing('semantic_scholar'),
  SEMANTIC_SCHOLAR_MAX_ROWS,
);
