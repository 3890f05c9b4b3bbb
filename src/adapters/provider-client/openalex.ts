import type { ProviderRecord } from '../../ports/provider-client.port.js';
import type { Stepwise } from '../../domain/shared/stepwise.js';
import { asObject, asString, type JsonObject } from './json-fields.js';
import { readJson } from './json-reader.js';
import { listOf, objectOf, scalar } from './json-shape.js';
import { parseInSlices, singleRequestProtocol, stepFailed, stepOk, rowsFor, type ProviderGet, type ProviderQuery, type Step } from './provider-protocol.js';
import { MAX_AUTHORS, authorsOf, buildRecord, collectInto, literalAuthor } from './record-fields.js';

/** The OpenAlex works search endpoint (docs/providers.md#requests); a constant, never configurable. */
export const OPENALEX_WORKS_ENDPOINT = 'https://api.openalex.org/works';

/** OpenAlex asks for at most this many records per search (docs/providers.md#requests). */
export const OPENALEX_MAX_ROWS = 100;

/** The prefix of OpenAlex entity ids, removed to keep the short `W…` identifier. */
const OPENALEX_ID_PREFIX = 'https://openalex.org/';

/**
 * The OpenAlex search request: `search`, `per_page` = min(limit, 100), then `api_key` and
 * `mailto` when set (docs/providers.md#providers-and-readiness). Values are percent-encoded.
 */
export function buildOpenAlexRequest({ query, limit, credentials }: ProviderQuery): ProviderGet {
  let url = `${OPENALEX_WORKS_ENDPOINT}?search=${encodeURIComponent(query)}&per_page=${rowsFor(limit, OPENALEX_MAX_ROWS)}`;
  if (credentials.apiKey) url += `&api_key=${encodeURIComponent(credentials.apiKey)}`;
  if (credentials.email) url += `&mailto=${encodeURIComponent(credentials.email)}`;
  return { url, headers: { accept: 'application/json' } };
}

/** The parts of an OpenAlex work that records are built from (all else is only checked). */
const WORK = objectOf({
  id: scalar,
  doi: scalar,
  display_name: scalar,
  publication_year: scalar,
  primary_location: objectOf({ source: objectOf({ display_name: scalar }) }),
  authorships: listOf(objectOf({ author: objectOf({ display_name: scalar }) }), { max: MAX_AUTHORS }),
});

/**
 * Maps an OpenAlex `/works` list (`results[]`) to at most `rows` records (docs/providers.md#the-literature-record), stepwise.
 * The DOI is kept as given (`https://doi.org/…`; the domain normalises it); the OpenAlex id is
 * shortened to `W…`. A body that is not such a list → `decode_error` (malformed JSON throws).
 */
export function* openAlexRecords(body: string, rows: number): Stepwise<Step<readonly ProviderRecord[]>> {
  const records: ProviderRecord[] = [];
  const page = objectOf({ results: listOf(WORK, { each: collectInto(records, rows, openAlexRecord) }) });
  if (!Array.isArray(asObject(yield* readJson(body, page))?.['results'])) return stepFailed('decode_error');
  return stepOk(records);
}

/** {@link openAlexRecords} run in time slices; every record unless `rows` is given. */
export const parseOpenAlexResponse = (body: string, rows = Infinity): Promise<Step<readonly ProviderRecord[]>> =>
  parseInSlices(openAlexRecords(body, rows));

function openAlexRecord(work: JsonObject): ProviderRecord | undefined {
  const id = asString(work['id']);
  return buildRecord({
    title: asString(work['display_name']),
    doi: asString(work['doi']),
    year: work['publication_year'],
    venue: asString(asObject(asObject(work['primary_location'])?.['source'])?.['display_name']),
    authors: authorsOf(work['authorships'], (authorship) => literalAuthor(asString(asObject(authorship['author'])?.['display_name']))),
    identifiers: { openalex: id?.startsWith(OPENALEX_ID_PREFIX) ? id.slice(OPENALEX_ID_PREFIX.length) : id },
    record_type: 'article',
  });
}

/** OpenAlex: one GET per search, no pacing beyond the HTTP policy. */
export const openAlexProtocol = singleRequestProtocol(buildOpenAlexRequest, openAlexRecords, () => 0, OPENALEX_MAX_ROWS);
