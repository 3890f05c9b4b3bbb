import { YEAR_RANGE } from '../provider-http/record-fields.js';
import { success } from '../provider-http/provider-failure.js';
import { buildPubMedSummaryRequest, PUBMED_ESEARCH_ENDPOINT, pubMedSearchIds, pubMedSummaryRecords, withKey } from '../provider-http/pubmed-work.js';
import { tierPacing } from '../provider-http/tier-pacing.js';
import { yearBounds } from '../provider-http/steering.js';
import type { ProviderGet } from '../provider-http/send-get.js';
import { rowsFor, type ProviderProtocol, type ProviderQuery } from './provider-protocol.js';

export {
  buildPubMedSummaryRequest,
  pubMedSearchIds,
  pubMedSummaryRecords,
} from '../provider-http/pubmed-work.js';

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
