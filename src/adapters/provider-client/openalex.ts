import type { ProviderRecord } from '../../ports/provider-client.port.js';
import type { Stepwise } from '../../domain/shared/stepwise.js';
import { PROVIDER_CATALOGUE } from '../../domain/shared/provider-catalogue.js';
import { asObject, asString, type JsonObject } from './json-fields.js';
import { readJson } from './json-reader.js';
import { listOf, objectOf, scalar } from './json-shape.js';
import { MAX_INDEX_WORDS, MAX_POSITIONS_PER_WORD, invertedIndexText } from './abstract-text.js';
import {
  parseInSlices,
  singleWorkStep,
  singleRequestProtocol,
  stepFailed,
  stepOk,
  rowsFor,
  type ProviderGet,
  type ProviderQuery,
  type RecordOptions,
  type Step,
} from './provider-protocol.js';
import { MAX_AUTHORS, authorsOf, buildRecord, collectInto, literalAuthor } from './record-fields.js';
import { doiPathSegment, withQuery, yearBounds } from './steering.js';
import { tierPacing, type TIER_INTERVALS_MS } from './tier-pacing.js';

/**
 * The OpenAlex works endpoint (docs/providers.md#requests); a constant, never configurable. A
 * DOI lookup appends `/doi:<doi>` (docs/providers.md#steered-requests).
 */
export const OPENALEX_WORKS_ENDPOINT = 'https://api.openalex.org/works';

/** OpenAlex asks for at most this many records per search (docs/providers.md#requests). */
export const OPENALEX_MAX_ROWS = PROVIDER_CATALOGUE.openalex.maxPerProviderLimit;

/** The prefix of OpenAlex entity ids, removed to keep the short `W…` identifier. */
const OPENALEX_ID_PREFIX = 'https://openalex.org/';

/**
 * The OpenAlex filter of a query's years (docs/providers.md#steered-requests):
 * `publication_year:<from>-<to>`, or with one bound `publication_year:><from−1>` /
 * `publication_year:<<to+1>`.
 */
export function yearFilter(query: Pick<ProviderQuery, 'years'>): string | undefined {
  const years = yearBounds(query);
  if (years === undefined) return undefined;
  if (years.from !== undefined && years.to !== undefined) return `publication_year:${years.from}-${years.to}`;
  return years.from !== undefined ? `publication_year:>${years.from - 1}` : `publication_year:<${(years.to ?? 0) + 1}`;
}

/**
 * A title search inside OpenAlex's `filter`: `,` and `|` separate filters and alternatives
 * there, and a leading `!` negates, so they become spaces (the search ignores punctuation).
 */
const titleFilter = (query: string): string => `title.search:${query.replace(/[,|!]/gu, ' ').replace(/\s+/gu, ' ').trim()}`;

/**
 * `api_key` when a key resolved (docs/providers.md#providers-and-readiness), percent-encoded.
 * No `mailto`: OpenAlex stopped reading it in February 2026 (keys replaced the polite pool), so
 * a contact email set for OpenAlex is kept in the settings but never sent.
 */
export function credentialParams({ credentials }: Pick<ProviderQuery, 'credentials'>): string[] {
  return credentials.apiKey ? [`api_key=${encodeURIComponent(credentials.apiKey)}`] : [];
}

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

/** The parts of an OpenAlex work that records are built from (all else is only checked). */
const WORK_FIELDS = {
  id: scalar,
  doi: scalar,
  display_name: scalar,
  publication_year: scalar,
  primary_location: objectOf({ source: objectOf({ display_name: scalar }) }),
  authorships: listOf(objectOf({ author: objectOf({ display_name: scalar }) }), { max: MAX_AUTHORS }),
  cited_by_count: scalar,
  open_access: objectOf({ oa_url: scalar }),
  is_retracted: scalar,
};
const WORK = objectOf(WORK_FIELDS);

/** A work with its abstract's inverted index, read within the bounds of {@link invertedIndexText}. */
const WORK_WITH_ABSTRACT = objectOf({
  ...WORK_FIELDS,
  abstract_inverted_index: objectOf({}, { others: listOf(scalar, { max: MAX_POSITIONS_PER_WORD }), maxOthers: MAX_INDEX_WORDS }),
});

export const workShape = (options: RecordOptions) => (options.abstracts === true ? WORK_WITH_ABSTRACT : WORK);

/**
 * Maps an OpenAlex `/works` list (`results[]`) to at most `rows` records (docs/providers.md#the-literature-record), stepwise.
 * The DOI is kept as given (`https://doi.org/…`; the domain normalises it); the OpenAlex id is
 * shortened to `W…`. A body that is not such a list → `decode_error` (malformed JSON throws).
 */
export function* openAlexRecords(body: string, rows: number, options: RecordOptions = {}): Stepwise<Step<readonly ProviderRecord[]>> {
  const records: ProviderRecord[] = [];
  const page = objectOf({ results: listOf(workShape(options), { each: collectInto(records, rows, (work) => openAlexRecord(work, options)) }) });
  if (!Array.isArray(asObject(yield* readJson(body, page))?.['results'])) return stepFailed('decode_error');
  return stepOk(records);
}

/**
 * Maps the one work of an OpenAlex single-work answer (`/works/doi:…`) to at most one record,
 * stepwise. A body that is not an object → `decode_error`.
 */
export function* openAlexWorkRecords(body: string, _rows: number, options: RecordOptions = {}): Stepwise<Step<readonly ProviderRecord[]>> {
  const work = asObject(yield* readJson(body, workShape(options)));
  return singleWorkStep(work, (found) => openAlexRecord(found, options));
}

/** {@link openAlexRecords} run in time slices; every record unless `rows` is given. */
export const parseOpenAlexResponse = (body: string, rows = Infinity, options: RecordOptions = {}): Promise<Step<readonly ProviderRecord[]>> =>
  parseInSlices(openAlexRecords(body, rows, options));

/** One OpenAlex work object as a record (docs/providers.md#the-literature-record); no title → `undefined`. */
export function openAlexRecord(work: JsonObject, options: RecordOptions): ProviderRecord | undefined {
  const id = asString(work['id']);
  return buildRecord({
    title: asString(work['display_name']),
    doi: asString(work['doi']),
    year: work['publication_year'],
    venue: asString(asObject(asObject(work['primary_location'])?.['source'])?.['display_name']),
    authors: authorsOf(work['authorships'], (authorship) => literalAuthor(asString(asObject(authorship['author'])?.['display_name']))),
    identifiers: { openalex: id?.startsWith(OPENALEX_ID_PREFIX) ? id.slice(OPENALEX_ID_PREFIX.length) : id },
    record_type: 'article',
    abstract: options.abstracts === true ? invertedIndexText(asObject(work['abstract_inverted_index'])) : undefined,
    cited_by_count: work['cited_by_count'],
    open_access_url: asString(asObject(work['open_access'])?.['oa_url']),
    retracted: work['is_retracted'] === true,
  });
}

/** OpenAlex: one GET per search, paced per access tier (see {@link TIER_INTERVALS_MS}). */
export const openAlexProtocol = singleRequestProtocol(
  openAlexRequest,
  (query) => (query.searchBy === 'doi' ? openAlexWorkRecords : openAlexRecords),
  tierPacing('openalex'),
  OPENALEX_MAX_ROWS,
);
