import type { ProviderRecord, RecordAuthor } from '../../ports/provider-client.port.js';
import type { Stepwise } from '../../domain/shared/stepwise.js';
import { asArray, asObject, asString, type JsonObject } from './json-fields.js';
import { readJson } from './json-reader.js';
import { listOf, objectOf, scalar } from './json-shape.js';
import { parseInSlices, singleRequestProtocol, stepFailed, stepOk, rowsFor, type ProviderGet, type ProviderQuery, type Step } from './provider-protocol.js';
import { MAX_AUTHORS, authorsOf, buildRecord, cleanText, collectInto, literalAuthor } from './record-fields.js';

/** The Crossref works search endpoint (docs/providers.md#requests); a constant, never configurable. */
export const CROSSREF_WORKS_ENDPOINT = 'https://api.crossref.org/works';

/** The Crossref search request: `query`, `rows`, then `mailto` when a contact email is set (docs/providers.md#providers-and-readiness). */
export function buildCrossrefRequest({ query, limit, credentials }: ProviderQuery): ProviderGet {
  let url = `${CROSSREF_WORKS_ENDPOINT}?query=${encodeURIComponent(query)}&rows=${rowsFor(limit)}`;
  if (credentials.email) url += `&mailto=${encodeURIComponent(credentials.email)}`;
  return { url, headers: { accept: 'application/json' } };
}

/** The parts of a Crossref work that records are built from (all else is only checked). */
const WORK = objectOf({
  title: listOf(scalar, { max: 1 }),
  DOI: scalar,
  issued: objectOf({ 'date-parts': listOf(listOf(scalar, { max: 1 }), { max: 1 }) }),
  'container-title': listOf(scalar, { max: 1 }),
  author: listOf(objectOf({ family: scalar, given: scalar, name: scalar }), { max: MAX_AUTHORS }),
  URL: scalar,
});

/**
 * Maps a Crossref `work-list` (`message.items[]`) to at most `rows` records (docs/providers.md#the-literature-record),
 * stepwise: first `title[]`, `DOI`, `issued.date-parts[0][0]`, first `container-title[]`,
 * `author[]`, `URL`. Titles keep any JATS markup Crossref stores (e.g. `<scp>`). Anything
 * else → `decode_error`.
 */
export function* crossrefRecords(body: string, rows: number): Stepwise<Step<readonly ProviderRecord[]>> {
  const records: ProviderRecord[] = [];
  const shape = objectOf({ message: objectOf({ items: listOf(WORK, { each: collectInto(records, rows, crossrefRecord) }) }) });
  const items = asObject(asObject(yield* readJson(body, shape))?.['message'])?.['items'];
  if (!Array.isArray(items)) return stepFailed('decode_error');
  return stepOk(records);
}

/** {@link crossrefRecords} run in time slices; every record unless `rows` is given. */
export const parseCrossrefResponse = (body: string, rows = Infinity): Promise<Step<readonly ProviderRecord[]>> =>
  parseInSlices(crossrefRecords(body, rows));

function crossrefRecord(work: JsonObject): ProviderRecord | undefined {
  return buildRecord({
    title: asString(asArray(work['title'])?.[0]),
    doi: asString(work['DOI']),
    year: asArray(asArray(asObject(work['issued'])?.['date-parts'])?.[0])?.[0],
    venue: asString(asArray(work['container-title'])?.[0]),
    authors: authorsOf(work['author'], crossrefAuthor),
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
export const crossrefProtocol = singleRequestProtocol(buildCrossrefRequest, crossrefRecords, () => 1000);
