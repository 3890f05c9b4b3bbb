import { YEAR_RANGE } from '../provider-http/record-fields.js';
import { ARXIV_QUERY_ENDPOINT, arxivRecords } from '../provider-http/arxiv-work.js';
import { tierPacing } from '../provider-http/tier-pacing.js';
import { yearBounds } from '../provider-http/steering.js';
import type { ProviderGet } from '../provider-http/send-get.js';
import { rowsFor, singleRequestProtocol, type ProviderQuery } from './provider-protocol.js';

export { arxivRecords } from '../provider-http/arxiv-work.js';

/** The `submittedDate` range of a query's years, the missing bound 1000 or 9999 (docs/providers.md#steered-requests). */
function dateRange(query: ProviderQuery): string {
  const years = yearBounds(query);
  if (years === undefined) return '';
  return ` AND submittedDate:[${years.from ?? YEAR_RANGE.min}01010000 TO ${years.to ?? YEAR_RANGE.max}12312359]`;
}

/**
 * The arXiv search request: `all:<q>` (or `ti:<q>` searching titles) and, with years, `AND
 * submittedDate:[…]`, relevance order, Atom answer asked for (docs/providers.md#requests,
 * #steered-requests). Only the query is percent-encoded in a plain search, as before; the year
 * range is encoded as a whole.
 */
export function buildArxivRequest(query: ProviderQuery): ProviderGet {
  const field = query.searchBy === 'title' ? 'ti' : 'all';
  const url =
    `${ARXIV_QUERY_ENDPOINT}?search_query=${field}:${encodeURIComponent(query.query)}${encodeURIComponent(dateRange(query))}` +
    `&start=0&max_results=${rowsFor(query.limit)}&sortBy=relevance&sortOrder=descending`;
  return { url, headers: { accept: 'application/atom+xml' } };
}

/** The request of any arXiv search form; a `doi` search is not attempted (arXiv has no DOI lookup). */
const arxivRequest = (query: ProviderQuery): ProviderGet | undefined => (query.searchBy === 'doi' ? undefined : buildArxivRequest(query));

/** arXiv: one GET per search, at most one request start every 3 seconds. */
export const arxivProtocol = singleRequestProtocol(arxivRequest, () => arxivRecords, tierPacing('arxiv'));
