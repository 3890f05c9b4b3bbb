import type { ProviderRecord } from '../../ports/provider-client.port.js';
import type { Stepwise } from '../../domain/shared/stepwise.js';
import { asArray, asObject, asString, type JsonObject } from './json-fields.js';
import { readJson } from './json-reader.js';
import { listOf, objectOf, scalar } from './json-shape.js';
import { parseInSlices, stepFailed, stepOk, rowsFor, type ProviderGet, type ProviderProtocol, type ProviderQuery, type Step } from './provider-protocol.js';
import { MAX_AUTHORS, authorsOf, buildRecord, literalAuthor } from './record-fields.js';

/** The PubMed E-utilities search endpoint (docs/providers.md#requests); a constant, never configurable. */
export const PUBMED_ESEARCH_ENDPOINT = 'https://eutils.ncbi.nlm.nih.gov/entrez/eutils/esearch.fcgi';

/** The PubMed E-utilities summary endpoint (docs/providers.md#requests); a constant, never configurable. */
export const PUBMED_ESUMMARY_ENDPOINT = 'https://eutils.ncbi.nlm.nih.gov/entrez/eutils/esummary.fcgi';

/** Gaps between request starts NCBI asks for: 3 per second without a key, 10 with one. */
const PUBMED_INTERVAL_MS = { withoutKey: 334, withKey: 100 } as const;

const withKey = (url: string, apiKey: string | undefined): string =>
  apiKey ? `${url}&api_key=${encodeURIComponent(apiKey)}` : url;

/** The esearch request (relevance order, JSON, `retmax` = min(limit, 200), `api_key` when set). */
export function buildPubMedSearchRequest({ query, limit, credentials }: ProviderQuery): ProviderGet {
  const url = `${PUBMED_ESEARCH_ENDPOINT}?db=pubmed&term=${encodeURIComponent(query)}&retmode=json&sort=relevance&retmax=${rowsFor(limit)}`;
  return { url: withKey(url, credentials.apiKey), headers: { accept: 'application/json' } };
}

/** The esummary request for PubMed ids (comma-joined, in esearch order; `api_key` when set). */
export function buildPubMedSummaryRequest(ids: readonly string[], credentials: ProviderQuery['credentials']): ProviderGet {
  const url = `${PUBMED_ESUMMARY_ENDPOINT}?db=pubmed&id=${ids.join(',')}&retmode=json`;
  return { url: withKey(url, credentials.apiKey), headers: { accept: 'application/json' } };
}

/** NCBI's JSON answer to a rate-limited request: `{"error": "API rate limit exceeded", …}`. */
function isRateLimitAnswer(answer: JsonObject): boolean {
  return /rate limit/iu.test(asString(answer['error']) ?? '');
}

/**
 * Most ids read from an esearch `idlist` and most uids and summaries read from an esummary
 * answer: five times the largest page a search asks for; later ones are only checked.
 */
export const MAX_PUBMED_IDS = 1000;

const ID = /^\d{1,20}$/u;

/** The parts of an esummary document summary that records are built from. */
const SUMMARY = objectOf({
  title: scalar,
  pubdate: scalar,
  fulljournalname: scalar,
  articleids: listOf(objectOf({ idtype: scalar, value: scalar }), { max: 64 }),
  authors: listOf(objectOf({ name: scalar }), { max: MAX_AUTHORS }),
});

const SEARCH_ANSWER = objectOf({ error: scalar, esearchresult: objectOf({ idlist: listOf(scalar, { max: MAX_PUBMED_IDS }) }) });
const SUMMARY_ANSWER = objectOf({
  error: scalar,
  result: objectOf({ uids: listOf(scalar, { max: MAX_PUBMED_IDS }) }, { others: SUMMARY, maxOthers: MAX_PUBMED_IDS }),
});

/**
 * The PubMed ids of an esearch answer (`esearchresult.idlist`), stepwise: only ids of 1–20
 * digits (nothing from the answer can reshape the esummary URL), each once, at most `rows`.
 * Rate-limit answer → `rate_limited`; any other shape → `decode_error`.
 */
export function* pubMedSearchIds(body: string, rows: number): Stepwise<Step<readonly string[]>> {
  const answer = asObject(yield* readJson(body, SEARCH_ANSWER));
  if (answer !== undefined && isRateLimitAnswer(answer)) return stepFailed('rate_limited');
  const idList = asObject(answer?.['esearchresult'])?.['idlist'];
  if (!Array.isArray(idList)) return stepFailed('decode_error');
  const ids = new Set<string>();
  for (const id of idList) if (ids.size < rows && typeof id === 'string' && ID.test(id)) ids.add(id);
  return stepOk([...ids]);
}

/** {@link pubMedSearchIds} run in time slices; every id unless `rows` is given. */
export const parsePubMedSearchResponse = (body: string, rows = Infinity): Promise<Step<readonly string[]>> =>
  parseInSlices(pubMedSearchIds(body, rows));

/**
 * Maps an esummary answer to at most `rows` records in `result.uids` order (docs/providers.md#the-literature-record),
 * stepwise: `title`, the `articleids` doi, year of `pubdate`, `fulljournalname`,
 * `authors[].name`, uid as `pmid`; a uid listed twice gives one record. Rate-limit answer →
 * `rate_limited`; any other shape → `decode_error`.
 */
export function* pubMedSummaryRecords(body: string, rows: number): Stepwise<Step<readonly ProviderRecord[]>> {
  const answer = asObject(yield* readJson(body, SUMMARY_ANSWER));
  if (answer !== undefined && isRateLimitAnswer(answer)) return stepFailed('rate_limited');
  const result = asObject(answer?.['result']);
  const uids = result?.['uids'];
  if (result === undefined || !Array.isArray(uids)) return stepFailed('decode_error');
  const records: ProviderRecord[] = [];
  for (const uid of new Set(uids)) {
    const summary = typeof uid === 'string' && Object.hasOwn(result, uid) ? asObject(result[uid]) : undefined;
    const record = summary === undefined ? undefined : pubMedRecord(summary, uid as string);
    if (record !== undefined && records.length < rows) records.push(record);
  }
  return stepOk(records);
}

/** {@link pubMedSummaryRecords} run in time slices; every record unless `rows` is given. */
export const parsePubMedSummaryResponse = (body: string, rows = Infinity): Promise<Step<readonly ProviderRecord[]>> =>
  parseInSlices(pubMedSummaryRecords(body, rows));

function pubMedRecord(summary: JsonObject, uid: string): ProviderRecord | undefined {
  const doiEntry = (asArray(summary['articleids']) ?? []).map(asObject).find((entry) => entry?.['idtype'] === 'doi');
  return buildRecord({
    title: asString(summary['title']),
    doi: asString(doiEntry?.['value']),
    year: summary['pubdate'],
    venue: asString(summary['fulljournalname']),
    authors: authorsOf(summary['authors'], (author) => literalAuthor(asString(author['name']))),
    identifiers: { pmid: uid },
    record_type: 'article',
  });
}

/** PubMed: esearch, then esummary when ids came back; paced per NCBI's published limits. */
export const pubMedProtocol: ProviderProtocol = {
  startIntervalMs: (credentials) => (credentials.apiKey ? PUBMED_INTERVAL_MS.withKey : PUBMED_INTERVAL_MS.withoutKey),
  firstRequest: buildPubMedSearchRequest,
  async search(query, fetchText) {
    const rows = rowsFor(query.limit);
    const searchBody = await fetchText(buildPubMedSearchRequest(query));
    if (!searchBody.ok) return searchBody;
    const ids = await parseInSlices(pubMedSearchIds(searchBody.value, rows), query.signal);
    if (!ids.ok) return ids;
    if (ids.value.length === 0) return stepOk([]);
    const summaryBody = await fetchText(buildPubMedSummaryRequest(ids.value, query.credentials));
    return summaryBody.ok ? parseInSlices(pubMedSummaryRecords(summaryBody.value, rows), query.signal) : summaryBody;
  },
};
