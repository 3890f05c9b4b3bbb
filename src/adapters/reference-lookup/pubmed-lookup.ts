import type { BibliographicQuery, FoundWork, ReferenceIdentifier } from '../../ports/reference-lookup.port.js';
import type { ProviderRecord } from '../../ports/provider-client.port.js';
import type { Stepwise } from '../../domain/shared/stepwise.js';
import { success, type ProviderResult } from '../provider-http/provider-failure.js';
import { buildPubMedSummaryRequest, PUBMED_ESEARCH_ENDPOINT, pubMedSearchIds, pubMedSummaryRecords, withKey } from '../provider-http/pubmed-work.js';
import { JSON_ACCEPT, pmidOf, rowsOf } from './lookup-fields.js';
import { nothing, type LookupContext, type SourceLookup } from './lookup-session.js';

/** A PubMed record as a found work: `pubtype` "Retracted Publication" (the record's `retracted`) is a retraction notice. */
const foundWork = (record: ProviderRecord): FoundWork =>
  record.retracted === true ? { record, notices: [{ type: 'retraction', place: 'pubtype' }] } : { record };

/** The esummary of `ids` as found works (at most `rows`). */
async function summaries(ids: readonly string[], rows: number, context: LookupContext): Promise<ProviderResult<readonly FoundWork[]>> {
  const read = function* (body: string): Stepwise<ProviderResult<readonly FoundWork[]>> {
    const records = yield* pubMedSummaryRecords(body, rows);
    return records.ok ? success(records.value.map(foundWork)) : records;
  };
  return context.answer(buildPubMedSummaryRequest(ids, context.credentials), read);
}

/** Characters PubMed's query syntax gives a meaning to, dropped from a title searched as `[ti]`. */
const SYNTAX = /[[\]()"*:]+/gu;

/**
 * PubMed (docs/providers.md#the-reference-check): a PMID's esummary; a search is esearch
 * (`<title>[ti]`, or the reference's text) then the esummary of the ids found — two requests.
 * `api_key` when a key resolved. A DOI or arXiv id is not asked here (no request).
 */
export const pubMedLookup: SourceLookup = {
  async byIdentifier(identifier: ReferenceIdentifier, context: LookupContext) {
    const pmid = identifier.kind === 'pmid' ? pmidOf(identifier.value) : undefined;
    if (pmid === undefined) return success(undefined);
    const found = await summaries([pmid], 1, context);
    return found.ok ? success(found.value.find((work) => work.record.identifiers?.pmid === pmid)) : found;
  },

  async search(query: BibliographicQuery, context: LookupContext) {
    const title = query.title?.replace(SYNTAX, ' ').replace(/\s+/gu, ' ').trim();
    const term = title !== undefined && title !== '' ? `${title}[ti]` : query.text;
    if (term === undefined) return nothing([]);
    const rows = rowsOf(query.limit);
    const url = `${PUBMED_ESEARCH_ENDPOINT}?db=pubmed&term=${encodeURIComponent(term)}&retmode=json&sort=relevance&retmax=${rows}`;
    const ids = await context.answer({ url: withKey(url, context.credentials.apiKey), headers: JSON_ACCEPT }, (body) => pubMedSearchIds(body, rows));
    if (!ids.ok || ids.value.length === 0) return ids.ok ? success([]) : ids;
    return summaries(ids.value, rows, context);
  },

  updateStatus: () => nothing([]),
};
