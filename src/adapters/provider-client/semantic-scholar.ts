import type { ProviderRecord } from '../../ports/provider-client.port.js';
import type { Stepwise } from '../../domain/shared/stepwise.js';
import { asArray, asObject, asString, type JsonObject } from './json-fields.js';
import { readJson } from './json-reader.js';
import { listOf, objectOf, scalar } from './json-shape.js';
import { parseInSlices, singleRequestProtocol, stepFailed, stepOk, rowsFor, type ProviderGet, type ProviderQuery, type Step } from './provider-protocol.js';
import { MAX_AUTHORS, authorsOf, buildRecord, collectInto, literalAuthor } from './record-fields.js';

/** The Semantic Scholar paper search endpoint (docs/providers.md#requests); a constant, never configurable. */
export const SEMANTIC_SCHOLAR_SEARCH_ENDPOINT = 'https://api.semanticscholar.org/graph/v1/paper/search';

/** The fields asked for (docs/providers.md#requests). */
export const SEMANTIC_SCHOLAR_FIELDS = 'title,year,venue,externalIds,authors,url';

/**
 * Semantic Scholar's relevance search refuses `limit` above 100 (HTTP 400), so the SPEC's
 * min(n, 200) is further capped here, as for OpenAlex.
 */
export const SEMANTIC_SCHOLAR_MAX_ROWS = 100;

/**
 * The Semantic Scholar search request. The API key travels only in the `x-api-key` header,
 * never in the URL (docs/providers.md#providers-and-readiness).
 */
export function buildSemanticScholarRequest({ query, limit, credentials }: ProviderQuery): ProviderGet {
  const url =
    `${SEMANTIC_SCHOLAR_SEARCH_ENDPOINT}?query=${encodeURIComponent(query)}` +
    `&limit=${rowsFor(limit, SEMANTIC_SCHOLAR_MAX_ROWS)}&fields=${SEMANTIC_SCHOLAR_FIELDS}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (credentials.apiKey) headers['x-api-key'] = credentials.apiKey;
  return { url, headers };
}

/** The parts of a Semantic Scholar paper that records are built from (all else is only checked). */
const PAPER = objectOf({
  paperId: scalar,
  title: scalar,
  year: scalar,
  venue: scalar,
  url: scalar,
  externalIds: objectOf({ DOI: scalar, ArXiv: scalar, PubMed: scalar }),
  authors: listOf(objectOf({ name: scalar }), { max: MAX_AUTHORS }),
});

/**
 * Maps a Semantic Scholar search page (`data[]`; an empty page may carry only `total`) to at
 * most `rows` records (docs/providers.md#the-literature-record), stepwise. Anything else → `decode_error`.
 */
export function* semanticScholarRecords(body: string, rows: number): Stepwise<Step<readonly ProviderRecord[]>> {
  const records: ProviderRecord[] = [];
  const shape = objectOf({ total: scalar, data: listOf(PAPER, { each: collectInto(records, rows, semanticScholarRecord) }) });
  const page = asObject(yield* readJson(body, shape));
  if (page === undefined) return stepFailed('decode_error');
  const data = page['data'];
  if (data === undefined && typeof page['total'] === 'number') return stepOk([]);
  if (asArray(data) === undefined) return stepFailed('decode_error');
  return stepOk(records);
}

/** {@link semanticScholarRecords} run in time slices; every record unless `rows` is given. */
export const parseSemanticScholarResponse = (body: string, rows = Infinity): Promise<Step<readonly ProviderRecord[]>> =>
  parseInSlices(semanticScholarRecords(body, rows));

function semanticScholarRecord(paper: JsonObject): ProviderRecord | undefined {
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
  });
}

/**
 * Semantic Scholar: one GET per search, paced to one start per second (the rate its API keys
 * are granted by default).
 */
export const semanticScholarProtocol = singleRequestProtocol(buildSemanticScholarRequest, semanticScholarRecords, () => 1000, SEMANTIC_SCHOLAR_MAX_ROWS);
