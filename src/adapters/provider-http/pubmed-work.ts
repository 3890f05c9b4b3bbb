import type { ProviderRecord, ProviderSearchRequest } from '../../ports/provider-client.port.js';
import type { Stepwise } from '../../domain/shared/stepwise.js';
import { authorsOf, buildRecord, literalAuthor, MAX_AUTHORS } from './record-fields.js';
import { asArray, asObject, asString, type JsonObject } from './json-fields.js';
import { listOf, objectOf, scalar } from './json-shape.js';
import { providerFailure, success, type ProviderResult } from './provider-failure.js';
import { readJson } from './json-reader.js';
import type { ProviderGet } from './send-get.js';
import { pubMedRecordType } from './record-types.js';

/*
 * The PubMed E-utilities format, read by the search (provider-client) and the reference check
 * (reference-lookup) alike: its endpoints, the key parameter, the esearch id list and the
 * esummary records. It moved here from the search adapter when the reference check needed the
 * same readers (issue 27): adapters share code only through this kernel.
 */

/** The PubMed E-utilities search endpoint (docs/providers.md#requests); a constant, never configurable. */
export const PUBMED_ESEARCH_ENDPOINT = 'https://eutils.ncbi.nlm.nih.gov/entrez/eutils/esearch.fcgi';

/** The PubMed E-utilities summary endpoint (docs/providers.md#requests); a constant, never configurable. */
const PUBMED_ESUMMARY_ENDPOINT = 'https://eutils.ncbi.nlm.nih.gov/entrez/eutils/esummary.fcgi';

/** `url` with `&api_key=<key>` when a key resolved (docs/providers.md#providers-and-readiness). */
export const withKey = (url: string, apiKey: string | undefined): string => (apiKey ? `${url}&api_key=${encodeURIComponent(apiKey)}` : url);

/** The esummary request for PubMed ids (comma-joined, in esearch order; `api_key` when set). */
export function buildPubMedSummaryRequest(ids: readonly string[], credentials: ProviderSearchRequest['credentials']): ProviderGet {
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
const MAX_PUBMED_IDS = 1000;

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
