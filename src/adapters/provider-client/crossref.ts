import type { ProviderRecord, RecordAuthor } from '../../ports/provider-client.port.js';
import { asArray, asInteger, asObject, asString, objectsOf, parseJsonObject, type JsonObject } from './json-fields.js';
import { singleRequestProtocol, stepFailed, stepOk, rowsFor, type ProviderGet, type ProviderQuery, type Step } from './provider-protocol.js';
import { buildRecord, cleanText, literalAuthor, recordsWithTitles } from './record-fields.js';

/** The Crossref works search endpoint (SPEC §7.2); a constant, never configurable. */
export const CROSSREF_WORKS_ENDPOINT = 'https://api.crossref.org/works';

/** The Crossref search request: `query`, `rows`, then `mailto` when a contact email is set (SPEC §7.1). */
export function buildCrossrefRequest({ query, limit, credentials }: ProviderQuery): ProviderGet {
  let url = `${CROSSREF_WORKS_ENDPOINT}?query=${encodeURIComponent(query)}&rows=${rowsFor(limit)}`;
  if (credentials.email) url += `&mailto=${encodeURIComponent(credentials.email)}`;
  return { url, headers: { accept: 'application/json' } };
}

/**
 * Maps a Crossref `work-list` (`message.items[]`) to records (SPEC §7.4): first `title[]`,
 * `DOI`, `issued.date-parts[0][0]`, first `container-title[]`, `author[]`, `URL`. Titles keep
 * any JATS markup Crossref stores (e.g. `<scp>`). Anything else → `decode_error`.
 */
export function parseCrossrefResponse(body: string): Step<readonly ProviderRecord[]> {
  const items = asObject(parseJsonObject(body)?.['message'])?.['items'];
  if (!Array.isArray(items)) return stepFailed('decode_error');
  return stepOk(recordsWithTitles(objectsOf(items).map(crossrefRecord)));
}

function crossrefRecord(work: JsonObject): ProviderRecord | undefined {
  const firstDatePart = asArray(asArray(asObject(work['issued'])?.['date-parts'])?.[0])?.[0];
  return buildRecord({
    title: asString(asArray(work['title'])?.[0]),
    doi: asString(work['DOI']),
    year: asInteger(firstDatePart),
    venue: asString(asArray(work['container-title'])?.[0]),
    authors: objectsOf(work['author']).map(crossrefAuthor),
    url: asString(work['URL']),
    record_type: 'article',
  });
}

/** `family` (+ `given`) → `{family, given?}`; otherwise `name` (or a lone `given`) → `{literal}`. */
export function crossrefAuthor(author: JsonObject): RecordAuthor | undefined {
  const family = cleanText(asString(author['family']));
  const given = cleanText(asString(author['given']));
  if (family !== undefined) return given === undefined ? { family } : { family, given };
  return literalAuthor(asString(author['name']) ?? given);
}

/** Crossref: one GET per search, at most one request start per second. */
export const crossrefProtocol = singleRequestProtocol(buildCrossrefRequest, parseCrossrefResponse, () => 1000);
