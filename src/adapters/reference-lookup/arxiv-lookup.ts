import type { BibliographicQuery, FoundWork, ReferenceIdentifier } from '../../ports/reference-lookup.port.js';
import type { ProviderRecord } from '../../ports/provider-client.port.js';
import type { Stepwise } from '../../domain/shared/stepwise.js';
import { ARXIV_QUERY_ENDPOINT, arxivRecords } from '../provider-http/arxiv-work.js';
import { success, type ProviderResult } from '../provider-http/provider-failure.js';
import type { ProviderGet } from '../provider-http/send-get.js';
import { arxivIdOf, rowsOf } from './lookup-fields.js';
import { nothing, type LookupContext, type SourceLookup } from './lookup-session.js';

const ATOM_ACCEPT = { accept: 'application/atom+xml' } as const;

/**
 * An arXiv entry as a found work: its `arxiv:doi` and `arxiv:journal_ref` (the record's DOI and
 * venue) name its version of record, so the entry is that version's preprint.
 */
function foundWork(record: ProviderRecord): FoundWork {
  if (record.doi === undefined && record.venue === undefined) return { record };
  const link = { relation: 'preprint_of' as const, place: 'arxiv_journal_ref' as const };
  return {
    record,
    versions: [{ ...link, ...(record.doi === undefined ? {} : { doi: record.doi }), ...(record.venue === undefined ? {} : { venue: record.venue }) }],
  };
}

/** A feed answer as found works (at most `rows`). */
const readFeed = (rows: number) =>
  function* (body: string): Stepwise<ProviderResult<readonly FoundWork[]>> {
    const records = yield* arxivRecords(body, rows);
    return records.ok ? success(records.value.map(foundWork)) : records;
  };

const queryGet = (params: string, rows: number): ProviderGet => ({
  url: `${ARXIV_QUERY_ENDPOINT}?${params}&start=0&max_results=${rows}&sortBy=relevance&sortOrder=descending`,
  headers: ATOM_ACCEPT,
});

/**
 * arXiv (docs/providers.md#the-reference-check): an id's entry (`id_list=<id>`), and a search of
 * a title (`ti:"<title>"`) or a reference's text (`all:<text>`). At most one request every 3 s.
 * A DOI or PMID is not asked here (no request).
 */
export const arxivLookup: SourceLookup = {
  async byIdentifier(identifier: ReferenceIdentifier, context: LookupContext) {
    const id = identifier.kind === 'arxiv' ? arxivIdOf(identifier.value) : undefined;
    if (id === undefined) return success(undefined);
    const found = await context.answer({ url: `${ARXIV_QUERY_ENDPOINT}?id_list=${id}&max_results=1`, headers: ATOM_ACCEPT }, readFeed(1));
    return found.ok ? success(found.value.find((work) => work.record.identifiers?.arxiv?.toLowerCase() === id)) : found;
  },

  search(query: BibliographicQuery, context: LookupContext) {
    const title = query.title?.replace(/"/gu, ' ').replace(/\s+/gu, ' ').trim();
    const search = title !== undefined && title !== '' ? `ti:"${title}"` : query.text === undefined ? undefined : `all:${query.text}`;
    if (search === undefined) return nothing([]);
    const rows = rowsOf(query.limit);
    return context.answer(queryGet(`search_query=${encodeURIComponent(search)}`, rows), readFeed(rows));
  },

  updateStatus: () => nothing([]),
};
