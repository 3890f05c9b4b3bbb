import type { ProviderId } from '../../ports/config-source.port.js';
import type { ProviderSearchRequest } from '../../ports/provider-client.port.js';
import { utf8ByteLength } from '../shared/text-bounds.js';
import { invalidArguments, type ToolFailure } from '../shared/tool-failure.js';
import { success, type Result } from '../shared/result.js';
import { LITERATURE_SEARCH_MESSAGES, type LiteratureSearchArguments } from './literature-search-input.js';
import type { ResultOptions } from './merge-search-results.js';
import { normaliseDoi } from './record-keys.js';

/** What the query is matched against, as the provider port names it. */
type SearchBy = NonNullable<ProviderSearchRequest['searchBy']>;

/** A search's arguments beyond the limits, resolved (docs/tools.md#7-qiongli_literature_search). */
export interface SearchSteering {
  /** The text sent to the providers: the trimmed query, or in `doi` mode the normalised DOI. */
  readonly query: string;
  readonly searchBy: SearchBy;
  /** The provider request fields beyond query and limit (absent ones omitted). */
  readonly request: Pick<ProviderSearchRequest, 'searchBy' | 'years' | 'includeAbstracts'>;
  /** How the merged records are cleaned, filtered and ordered. */
  readonly results: ResultOptions;
}

/** Providers that cannot look a DOI up (docs/providers.md#steered-requests): left out of a `doi` search. */
export const WITHOUT_DOI_LOOKUP: ReadonlySet<ProviderId> = new Set(['arxiv']);

/** The static warning of a provider left out of a `doi` search. */
export const noDoiLookupWarning = (provider: ProviderId): string => `${provider}: no DOI lookup; left out of a doi search`;

/** Longest DOI looked up, in UTF-8 bytes: the longest a record keeps and the Zotero export accepts. */
const MAX_DOI_QUERY_BYTES = 2 * 1024;

/** A UTF-16 surrogate not paired with its other half (no provider could be sent it as UTF-8). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u;

/**
 * Whether a normalised query is one DOI: starts with `10.`, holds a `/` after the prefix, no
 * whitespace, no lone surrogate, and at most {@link MAX_DOI_QUERY_BYTES} UTF-8 bytes
 * (docs/tools.md#7-qiongli_literature_search). Anything else is refused before any request.
 */
const isOneDoi = (doi: string): boolean =>
  doi.startsWith('10.') && doi.indexOf('/') > 3 && !/\s/u.test(doi) && utf8ByteLength(doi) <= MAX_DOI_QUERY_BYTES && !LONE_SURROGATE.test(doi);

/**
 * Resolves validated arguments into the steering of one search: the mode's matching
 * (`title` → title field, `doi` → exact DOI, any other mode → free text), the year bounds (sent
 * to the providers and applied to the merged records), the trimmed venue filter (blank =
 * none), abstracts, and the sort (default `relevance`).
 *
 * Fails with invalid arguments `from_year must be less than or equal to to_year` when the years
 * are reversed, and `doi search_mode needs a DOI query` when a `doi` search's query does not
 * normalise to one DOI. Never echoes input.
 */
export function resolveSearchSteering(args: LiteratureSearchArguments): Result<SearchSteering, ToolFailure> {
  const from = args.from_year === undefined ? undefined : Number(args.from_year);
  const to = args.to_year === undefined ? undefined : Number(args.to_year);
  if (from !== undefined && to !== undefined && from > to) return invalidArguments(LITERATURE_SEARCH_MESSAGES.yearOrder);
  const searchBy: SearchBy = args.search_mode === 'title' || args.search_mode === 'doi' ? args.search_mode : 'topic';
  let query = args.query.trim();
  if (searchBy === 'doi') {
    const doi = normaliseDoi(query);
    if (doi === undefined || !isOneDoi(doi)) return invalidArguments(LITERATURE_SEARCH_MESSAGES.doiQuery);
    query = doi;
  }
  const years = from === undefined && to === undefined ? undefined : { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) };
  const venue = args.venue_filter?.trim() || undefined;
  const includeAbstracts = args.include_abstracts === true;
  return success({
    query,
    searchBy,
    request: {
      ...(searchBy === 'topic' ? {} : { searchBy }),
      ...(years === undefined ? {} : { years }),
      ...(includeAbstracts ? { includeAbstracts } : {}),
    },
    results: {
      includeAbstracts,
      ...(years === undefined ? {} : { years }),
      ...(venue === undefined ? {} : { venue }),
      sort: args.sort ?? 'relevance',
    },
  });
}
