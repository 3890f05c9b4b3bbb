import type { ProviderRecord } from '../../ports/provider-client.port.js';
import type { Stepwise } from '../../domain/shared/stepwise.js';
import { authorsOf, buildRecord, literalAuthor, MAX_AUTHORS, YEAR_RANGE } from '../provider-http/record-fields.js';
import { asArray, asObject, asString, type JsonObject } from '../provider-http/json-fields.js';
import { listOf, objectOf, scalar } from '../provider-http/json-shape.js';
import { providerFailure, success, type ProviderResult } from '../provider-http/provider-failure.js';
import { readJson } from '../provider-http/json-reader.js';
import { pubMedRecordType } from '../provider-http/record-types.js';
import { tierPacing } from '../provider-http/tier-pacing.js';
import { yearBounds } from '../provider-http/steering.js';
import type { ProviderGet } from '../provider-http/send-get.js';
import { rowsFor, type ProviderProtocol, type ProviderQuery } from './provider-protocol.js';

/** The PubMed E-utilities search endpoint (docs/providers.md#requests); a constant, never configurable. */
export const PUBMED_ESEARCH_ENDPOINT = 'https://eutils.ncbi.nlm.nih.gov/entrez/eutils/esearch.fcgi';

/** The PubMed E-utilities summary endpoint (docs/providers.md#requests); a constant, never configurable. */
export const PUBMED_ESUMMARY_ENDPOINT = 'https://eutils.ncbi.nlm.nih.gov/entrez/eutils/esummary.fcgi';

const withKey = (url: string, apiKey: string | undefined): string => (apiKey ? `${url}&api_key=${encodeURIComponent(apiKey)}` : url);

/** The esearch `term` of a search form: `<q>`, `<q>[ti]` for titles, `<doi>[doi]` for one DOI. */
function searchTerm(query: ProviderQuery): string {
  if (query.searchBy === 'title') return `${query.query}[ti]`;
  return query.searchBy === 'doi' ? `${query.query}[doi]` : query.query;
}

/** `datetype=pdat&mindate=<from or 1000>&maxdate=<to or 9999>` when years are asked for. */
function dateParams(query: ProviderQuery): string {
  const years = yearBounds(query);
  return years === undefined ? '' : `&datetype=pdat&mindate=${years.from ?? YEAR_RANGE.min}&maxdate=${years.to ?? YEAR_RANGE.max}`;
}

/**
 * The esearch request (relevance order, JSON, `retmax` = min(limit, 200), the publication-date
 * range when years are asked for, `api_key` when set; docs/providers.md#steered-requests).
 */
export function buildPubMedSearchRequest(query: ProviderQuery): ProviderGet {
  const url =
    `${PUBMED_ESEARCH_ENDPOINT}?db=pubmed&term=${encodeURIComponent(searchTerm(query))}` +
    `&retmode=json&sort=relevance&retmax=${rowsFor(query.limit)}${dateParams(query)}`;
  return { url: withKey(url, query.credentials.apiKey), headers: { accept: 'application/json' } };
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
  booktitle: scalar,
  articleids: listOf(objectOf({ idtype: scalar, value: scalar }), { max: 64 }),
  authors: listOf(objectOf({ name: scalar }), { max: MAX_AUTHORS }),
  pubtype: listOf(scalar, { max: 64 }),
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
export function* pubMedSearchIds(body: string, rows: number): Stepwise<ProviderResult<readonly string[]>> {
  const answer = asObject(yield* readJson(body, SEARCH_ANSWER));
  if (answer !== undefined && isRateLimitAnswer(answer)) return providerFailure('rate_limited');
  const idList = asObject(answer?.['esearchresult'])?.['idlist'];
  if (!Array.isArray(idList)) return providerFailure('decode_error');
  const ids = new Set<string>();
  for (const id of idList) if (ids.size < rows && typeof id === 'string' && ID.test(id)) ids.add(id);
  return success([...ids]);
}

/**
 * Maps an esummary answer to at most `rows` records in `result.uids` order (docs/providers.md#the-literature-record),
 * stepwise: `title`, the `articleids` doi, year of `pubdate`, `fulljournalname`,
 * `authors[].name`, uid as `pmid`, the `pmc` article id as the PubMed Central link, `pubtype`
 * `Retracted Publication` as `retracted`, the record type from `pubtype` and `booktitle`
 * (see {@link pubMedRecordType}); a uid listed twice gives one record. Rate-limit answer →
 * `rate_limited`; any other shape → `decode_error`.
 */
export function* pubMedSummaryRecords(body: string, rows: number): Stepwise<ProviderResult<readonly ProviderRecord[]>> {
  const answer = asObject(yield* readJson(body, SUMMARY_ANSWER));
  if (answer !== undefined && isRateLimitAnswer(answer)) return providerFailure('rate_limited');
  const result = asObject(answer?.['result']);
  const uids = result?.['uids'];
  if (result === undefined || !Array.isArray(uids)) return providerFailure('decode_error');
  const records: ProviderRecord[] = [];
  for (const uid of new Set(uids)) {
    const summary = typeof uid === 'string' && Object.hasOwn(result, uid) ? asObject(result[uid]) : undefined;
    const record = summary === undefined ? undefined : pubMedRecord(summary, uid as string);
    if (record !== undefined && records.length < rows) records.push(record);
  }
  return success(records);
}

/** The publication type NCBI gives a retracted article. */
const RETRACTED_PUBLICATION = 'retracted publication';

/** A PubMed Central id as `articleids` holds it (`PMC4638311`). */
const PMCID = /^PMC\d{1,12}$/u;

/** The PubMed Central article page of a `pmc` article id (docs/providers.md#steered-requests). */
const pmcUrl = (pmcid: string | undefined): string | undefined =>
  pmcid !== undefined && PMCID.test(pmcid) ? `https://pmc.ncbi.nlm.nih.gov/articles/${pmcid}/` : undefined;

function pubMedRecord(summary: JsonObject, uid: string): ProviderRecord | undefined {
  const articleIds = (asArray(summary['articleids']) ?? []).map(asObject);
  const articleId = (type: string): string | undefined => asString(articleIds.find((entry) => entry?.['idtype'] === type)?.['value']);
  const pubTypes = (asArray(summary['pubtype']) ?? []).map((type) => asString(type)?.trim().toLowerCase());
  return buildRecord({
    title: asString(summary['title']),
    doi: articleId('doi'),
    year: summary['pubdate'],
    venue: asString(summary['fulljournalname']),
    authors: authorsOf(summary['authors'], (author) => literalAuthor(asString(author['name']))),
    identifiers: { pmid: uid },
    record_type: pubMedRecordType(summary['pubtype'], summary['booktitle']),
    open_access_url: pmcUrl(articleId('pmc')),
    retracted: pubTypes.includes(RETRACTED_PUBLICATION),
  });
}

/** PubMed: esearch, then esummary when ids came back; paced per NCBI's published limits. */
export const pubMedProtocol: ProviderProtocol = {
  startIntervalMs: tierPacing('pubmed'),
  firstRequest: buildPubMedSearchRequest,
  async search(query, http) {
    const rows = rowsFor(query.limit);
    const searchBody = await http.fetchText(buildPubMedSearchRequest(query));
    if (!searchBody.ok) return searchBody;
    if (searchBody.value === undefined) return success([]);
    const ids = await http.parseInSlices(pubMedSearchIds(searchBody.value, rows));
    if (!ids.ok) return ids;
    if (ids.value.length === 0) return success([]);
    const summaryBody = await http.fetchText(buildPubMedSummaryRequest(ids.value, query.credentials));
    if (!summaryBody.ok) return summaryBody;
    return summaryBody.value === undefined ? success([]) : http.parseInSlices(pubMedSummaryRecords(summaryBody.value, rows));
  },
};
