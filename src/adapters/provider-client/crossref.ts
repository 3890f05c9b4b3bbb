import type { ProviderRecord } from '../../ports/provider-client.port.js';
import type { Stepwise } from '../../domain/shared/stepwise.js';
import { CROSSREF_WORKS_ENDPOINT, crossrefRecord, crossrefWorkShape, mailtoParams } from '../provider-http/crossref-work.js';
import { asObject } from '../provider-http/json-fields.js';
import { collectInto, type RecordOptions } from '../provider-http/record-fields.js';
import { doiPathSegment, withQuery, yearBounds } from '../provider-http/steering.js';
import { listOf, objectOf } from '../provider-http/json-shape.js';
import { providerFailure, success, type ProviderResult } from '../provider-http/provider-failure.js';
import { readJson } from '../provider-http/json-reader.js';
import { tierPacing } from '../provider-http/tier-pacing.js';
import type { ProviderGet } from '../provider-http/send-get.js';
import { rowsFor, singleRequestProtocol, singleWorkRecords, type ProviderQuery } from './provider-protocol.js';

/** `filter=from-pub-date:<from>,until-pub-date:<to>` (either bound alone when only one is set). */
function yearFilter(query: ProviderQuery): string[] {
  const years = yearBounds(query);
  if (years === undefined) return [];
  const filters = [...(years.from === undefined ? [] : [`from-pub-date:${years.from}`]), ...(years.to === undefined ? [] : [`until-pub-date:${years.to}`])];
  return [`filter=${encodeURIComponent(filters.join(','))}`];
}

/**
 * The Crossref search request: `query` (or, searching titles, `query.bibliographic`), `rows`,
 * the years as a publication-date filter, then `mailto` when a contact email is set
 * (docs/providers.md#providers-and-readiness, #steered-requests). Without steering fields:
 * `?query=<q>&rows=<n>[&mailto=…]`.
 */
export function buildCrossrefRequest(query: ProviderQuery): ProviderGet {
  const field = query.searchBy === 'title' ? 'query.bibliographic' : 'query';
  const params = [`${field}=${encodeURIComponent(query.query)}`, `rows=${rowsFor(query.limit)}`, ...yearFilter(query), ...mailtoParams(query)];
  return { url: withQuery(CROSSREF_WORKS_ENDPOINT, params), headers: { accept: 'application/json' } };
}

/**
 * The Crossref single-work lookup of a `doi` search: `GET /works/<doi>` (the DOI percent-encoded
 * as one path segment, see {@link doiPathSegment}), then `mailto`; a 404 is "no record". Not a
 * DOI → `undefined` (nothing is sent).
 */
export function buildCrossrefDoiRequest(query: ProviderQuery): ProviderGet | undefined {
  const segment = doiPathSegment(query.query);
  if (segment === undefined) return undefined;
  return { url: withQuery(`${CROSSREF_WORKS_ENDPOINT}/${segment}`, mailtoParams(query)), headers: { accept: 'application/json' }, notFoundIsEmpty: true };
}

/**
 * Maps a Crossref `work-list` (`message.items[]`) to at most `rows` records (docs/providers.md#the-literature-record),
 * stepwise: first `title[]`, `DOI`, `issued.date-parts[0][0]`, first `container-title[]`,
 * `author[]`, `URL`. Titles and venues lose the JATS/HTML markup and character references
 * Crossref stores (`<scp>T</scp>reebase` → `Treebase`, `Big Data &amp; Society` → `Big Data &
 * Society`), as abstracts do. Anything else → `decode_error`.
 */
export function* crossrefRecords(body: string, rows: number, options: RecordOptions = {}): Stepwise<ProviderResult<readonly ProviderRecord[]>> {
  const records: ProviderRecord[] = [];
  const each = collectInto(records, rows, (work) => crossrefRecord(work, options));
  const shape = objectOf({ message: objectOf({ items: listOf(crossrefWorkShape(options), { each }) }) });
  const items = asObject(asObject(yield* readJson(body, shape))?.['message'])?.['items'];
  if (!Array.isArray(items)) return providerFailure('decode_error');
  return success(records);
}

/**
 * Maps a Crossref single-work answer (`message` is the work, `/works/<doi>`) to at most one
 * record, stepwise. A body without an object `message` → `decode_error`.
 */
export function* crossrefWorkRecords(body: string, _rows: number, options: RecordOptions = {}): Stepwise<ProviderResult<readonly ProviderRecord[]>> {
  const work = asObject(asObject(yield* readJson(body, objectOf({ message: crossrefWorkShape(options) })))?.['message']);
  return singleWorkRecords(work, (found) => crossrefRecord(found, options));
}

/** Crossref: one GET per search, at most one request start per second. */
export const crossrefProtocol = singleRequestProtocol(
  (query) => (query.searchBy === 'doi' ? buildCrossrefDoiRequest(query) : buildCrossrefRequest(query)),
  (query) => (query.searchBy === 'doi' ? crossrefWorkRecords : crossrefRecords),
  tierPacing('crossref'),
);
