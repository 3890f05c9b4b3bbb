import type { ProviderRecord } from '../../ports/provider-client.port.js';
import type { Stepwise } from '../../domain/shared/stepwise.js';
import { PROVIDER_CATALOGUE } from '../../domain/shared/provider-catalogue.js';
import { asArray, asObject, asString, type JsonObject } from './json-fields.js';
import { readJson } from './json-reader.js';
import { listOf, objectOf, scalar } from './json-shape.js';
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
import { doiPathSegment, yearBounds } from './steering.js';
import { tierPacing, type TIER_INTERVALS_MS } from './tier-pacing.js';

/** The Semantic Scholar paper search endpoint (docs/providers.md#requests); a constant, never configurable. */
export const SEMANTIC_SCHOLAR_SEARCH_ENDPOINT = 'https://api.semanticscholar.org/graph/v1/paper/search';

/**
 * The Semantic Scholar single-paper endpoint of a DOI lookup, to which the DOI path segment is
 * appended (docs/providers.md#steered-requests); a constant, never configurable.
 */
export const SEMANTIC_SCHOLAR_DOI_ENDPOINT = 'https://api.semanticscholar.org/graph/v1/paper/DOI:';

/** The fields asked for (docs/providers.md#requests, #steered-requests); `abstract` is added when asked for. */
export const SEMANTIC_SCHOLAR_FIELDS = 'title,year,venue,externalIds,authors,url,citationCount,openAccessPdf';

/**
 * Semantic Scholar's relevance search refuses `limit` above 100 (HTTP 400), so the SPEC's
 * min(n, 200) is further capped here, as for OpenAlex.
 */
export const SEMANTIC_SCHOLAR_MAX_ROWS = PROVIDER_CATALOGUE.semantic_scholar.maxPerProviderLimit;

const fieldsFor = (query: ProviderQuery): string => (query.includeAbstracts === true ? `${SEMANTIC_SCHOLAR_FIELDS},abstract` : SEMANTIC_SCHOLAR_FIELDS);

/** The API key travels only in the `x-api-key` header, never in the URL (docs/providers.md#providers-and-readiness). */
export function headersFor({ credentials }: Pick<ProviderQuery, 'credentials'>): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (credentials.apiKey) headers['x-api-key'] = credentials.apiKey;
  return headers;
}

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

/** The parts of a Semantic Scholar paper that records are built from (all else is only checked). */
const PAPER_FIELDS = {
  paperId: scalar,
  title: scalar,
  year: scalar,
  venue: scalar,
  url: scalar,
  externalIds: objectOf({ DOI: scalar, ArXiv: scalar, PubMed: scalar }),
  authors: listOf(objectOf({ name: scalar }), { max: MAX_AUTHORS }),
  citationCount: scalar,
  openAccessPdf: objectOf({ url: scalar }),
};
const PAPER = objectOf(PAPER_FIELDS);
const PAPER_WITH_ABSTRACT = objectOf({ ...PAPER_FIELDS, abstract: scalar });
export const paperShape = (options: RecordOptions) => (options.abstracts === true ? PAPER_WITH_ABSTRACT : PAPER);

/**
 * Maps a Semantic Scholar search page (`data[]`; an empty page may carry only `total`) to at
 * most `rows` records (docs/providers.md#the-literature-record), stepwise. Anything else → `decode_error`.
 */
export function* semanticScholarRecords(body: string, rows: number, options: RecordOptions = {}): Stepwise<Step<readonly ProviderRecord[]>> {
  const records: ProviderRecord[] = [];
  const each = collectInto(records, rows, (paper) => semanticScholarRecord(paper, options));
  const shape = objectOf({ total: scalar, data: listOf(paperShape(options), { each }) });
  const page = asObject(yield* readJson(body, shape));
  if (page === undefined) return stepFailed('decode_error');
  const data = page['data'];
  if (data === undefined && typeof page['total'] === 'number') return stepOk([]);
  if (asArray(data) === undefined) return stepFailed('decode_error');
  return stepOk(records);
}

/**
 * Maps the one paper of a Semantic Scholar single-paper answer (`/paper/DOI:…`) to at most one
 * record, stepwise. A body that is not an object → `decode_error`.
 */
export function* semanticScholarPaperRecords(body: string, _rows: number, options: RecordOptions = {}): Stepwise<Step<readonly ProviderRecord[]>> {
  const paper = asObject(yield* readJson(body, paperShape(options)));
  return singleWorkStep(paper, (found) => semanticScholarRecord(found, options));
}

/** {@link semanticScholarRecords} run in time slices; every record unless `rows` is given. */
export const parseSemanticScholarResponse = (body: string, rows = Infinity, options: RecordOptions = {}): Promise<Step<readonly ProviderRecord[]>> =>
  parseInSlices(semanticScholarRecords(body, rows, options));

/** One Semantic Scholar paper object as a record (docs/providers.md#the-literature-record); no title → `undefined`. */
export function semanticScholarRecord(paper: JsonObject, options: RecordOptions): ProviderRecord | undefined {
  const externalIds = asObject(paper['externalIds']);
  return buildRecord({
    title: asString(paper['title']),
    doi: asString(externalIds?.['DOI']),
    year: paper['year'],
    venue: asString(paper['venue']),
    authors: authorsOf(paper['authors'], (author) => literalAuthor(asString(author['name']))),
    url: asString(paper['url']),
    identifiers: {
      semantic_scholar: asString(paper['paperId']),
      arxiv: asString(externalIds?.['ArXiv']),
      pmid: asString(externalIds?.['PubMed']),
    },
    record_type: 'article',
    abstract: options.abstracts === true ? asString(paper['abstract']) : undefined,
    cited_by_count: paper['citationCount'],
    open_access_url: asString(asObject(paper['openAccessPdf'])?.['url']),
  });
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
