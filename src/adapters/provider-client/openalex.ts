import type { ProviderRecord } from '../../ports/provider-client.port.js';
import { asInteger, asObject, asString, objectsOf, parseJsonObject, type JsonObject } from './json-fields.js';
import { singleRequestProtocol, stepFailed, stepOk, rowsFor, type ProviderGet, type ProviderQuery, type Step } from './provider-protocol.js';
import { buildRecord, literalAuthor, recordsWithTitles } from './record-fields.js';

/** The OpenAlex works search endpoint (SPEC §7.2); a constant, never configurable. */
export const OPENALEX_WORKS_ENDPOINT = 'https://api.openalex.org/works';

/** OpenAlex asks for at most this many records per search (SPEC §7.2). */
export const OPENALEX_MAX_ROWS = 100;

/** The prefix of OpenAlex entity ids, removed to keep the short `W…` identifier. */
const OPENALEX_ID_PREFIX = 'https://openalex.org/';

/**
 * The OpenAlex search request: `search`, `per_page` = min(limit, 100), then `api_key` and
 * `mailto` when set (SPEC §7.1). Values are percent-encoded.
 */
export function buildOpenAlexRequest({ query, limit, credentials }: ProviderQuery): ProviderGet {
  let url = `${OPENALEX_WORKS_ENDPOINT}?search=${encodeURIComponent(query)}&per_page=${rowsFor(limit, OPENALEX_MAX_ROWS)}`;
  if (credentials.apiKey) url += `&api_key=${encodeURIComponent(credentials.apiKey)}`;
  if (credentials.email) url += `&mailto=${encodeURIComponent(credentials.email)}`;
  return { url, headers: { accept: 'application/json' } };
}

/**
 * Maps an OpenAlex `/works` list (`results[]`) to records (SPEC §7.4). The DOI is kept as
 * given (`https://doi.org/…`; the domain normalises it); the OpenAlex id is shortened to `W…`.
 * A body that is not such a list → `decode_error`.
 */
export function parseOpenAlexResponse(body: string): Step<readonly ProviderRecord[]> {
  const results = parseJsonObject(body)?.['results'];
  if (!Array.isArray(results)) return stepFailed('decode_error');
  return stepOk(recordsWithTitles(objectsOf(results).map(openAlexRecord)));
}

function openAlexRecord(work: JsonObject): ProviderRecord | undefined {
  const id = asString(work['id']);
  return buildRecord({
    title: asString(work['display_name']),
    doi: asString(work['doi']),
    year: asInteger(work['publication_year']),
    venue: asString(asObject(asObject(work['primary_location'])?.['source'])?.['display_name']),
    authors: objectsOf(work['authorships']).map((authorship) => literalAuthor(asString(asObject(authorship['author'])?.['display_name']))),
    identifiers: { openalex: id?.startsWith(OPENALEX_ID_PREFIX) ? id.slice(OPENALEX_ID_PREFIX.length) : id },
    record_type: 'article',
  });
}

/** OpenAlex: one GET per search, no pacing beyond the HTTP policy. */
export const openAlexProtocol = singleRequestProtocol(buildOpenAlexRequest, parseOpenAlexResponse, () => 0);
