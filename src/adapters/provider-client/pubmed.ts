import type { ProviderRecord } from '../../ports/provider-client.port.js';
import { asObject, asString, objectsOf, parseJsonObject, type JsonObject } from './json-fields.js';
import { stepFailed, stepOk, rowsFor, type ProviderGet, type ProviderProtocol, type ProviderQuery, type Step } from './provider-protocol.js';
import { buildRecord, literalAuthor, recordsWithTitles, yearOfDateText } from './record-fields.js';

/** The PubMed E-utilities search endpoint (SPEC §7.2); a constant, never configurable. */
export const PUBMED_ESEARCH_ENDPOINT = 'https://eutils.ncbi.nlm.nih.gov/entrez/eutils/esearch.fcgi';

/** The PubMed E-utilities summary endpoint (SPEC §7.2); a constant, never configurable. */
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
 * The PubMed ids of an esearch answer (`esearchresult.idlist`), keeping only all-digit ids so
 * nothing from the answer can reshape the esummary URL. Rate-limit answer → `rate_limited`;
 * any other shape → `decode_error`.
 */
export function parsePubMedSearchResponse(body: string): Step<readonly string[]> {
  const answer = parseJsonObject(body);
  if (answer !== undefined && isRateLimitAnswer(answer)) return stepFailed('rate_limited');
  const idList = asObject(answer?.['esearchresult'])?.['idlist'];
  if (!Array.isArray(idList)) return stepFailed('decode_error');
  return stepOk(idList.filter((id): id is string => typeof id === 'string' && /^\d+$/u.test(id)));
}

/**
 * Maps an esummary answer to records in `result.uids` order (SPEC §7.4): `title`, the
 * `articleids` doi, year of `pubdate`, `fulljournalname`, `authors[].name`, uid as `pmid`.
 * Rate-limit answer → `rate_limited`; any other shape → `decode_error`.
 */
export function parsePubMedSummaryResponse(body: string): Step<readonly ProviderRecord[]> {
  const answer = parseJsonObject(body);
  if (answer !== undefined && isRateLimitAnswer(answer)) return stepFailed('rate_limited');
  const result = asObject(answer?.['result']);
  const uids = result?.['uids'];
  if (result === undefined || !Array.isArray(uids)) return stepFailed('decode_error');
  const records = uids.map((uid) => {
    const summary = typeof uid === 'string' ? asObject(result[uid]) : undefined;
    return summary ? pubMedRecord(summary, uid as string) : undefined;
  });
  return stepOk(recordsWithTitles(records));
}

function pubMedRecord(summary: JsonObject, uid: string): ProviderRecord | undefined {
  const doiEntry = objectsOf(summary['articleids']).find((entry) => entry['idtype'] === 'doi');
  return buildRecord({
    title: asString(summary['title']),
    doi: asString(doiEntry?.['value']),
    year: yearOfDateText(asString(summary['pubdate'])),
    venue: asString(summary['fulljournalname']),
    authors: objectsOf(summary['authors']).map((author) => literalAuthor(asString(author['name']))),
    identifiers: { pmid: uid },
    record_type: 'article',
  });
}

/** PubMed: esearch, then esummary when ids came back; paced per NCBI's published limits. */
export const pubMedProtocol: ProviderProtocol = {
  startIntervalMs: (credentials) => (credentials.apiKey ? PUBMED_INTERVAL_MS.withKey : PUBMED_INTERVAL_MS.withoutKey),
  firstRequest: buildPubMedSearchRequest,
  async search(query, fetchText) {
    const searchBody = await fetchText(buildPubMedSearchRequest(query));
    if (!searchBody.ok) return searchBody;
    const ids = parsePubMedSearchResponse(searchBody.value);
    if (!ids.ok) return ids;
    if (ids.value.length === 0) return stepOk([]);
    const summaryBody = await fetchText(buildPubMedSummaryRequest(ids.value.slice(0, rowsFor(query.limit)), query.credentials));
    return summaryBody.ok ? parsePubMedSummaryResponse(summaryBody.value) : summaryBody;
  },
};
