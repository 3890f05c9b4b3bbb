/**
 * The bounds and static messages of `qiongli_literature_search`'s arguments
 * (docs/tools.md#7-qiongli_literature_search), apart from the schema that checks them.
 */
import { MAX_PER_PROVIDER_LIMIT } from '../shared/provider-catalogue.js';
import { UNSUPPORTED_ARGUMENT } from '../shared/parse-arguments.js';

/** Search modes the literature search accepts (docs/tools.md#7-qiongli_literature_search): every mode of a plan. */
export const LITERATURE_SEARCH_MODES = ['auto', 'topic', 'title', 'doi', 'review', 'systematic_review'] as const;

/** Orders a search's results can come in (docs/tools.md#7-qiongli_literature_search). */
export const RESULT_SORTS = ['relevance', 'newest', 'most_cited'] as const;

/** One result order. */
export type ResultSort = (typeof RESULT_SORTS)[number];

/** Most characters of a `venue_filter`. */
export const MAX_VENUE_FILTER_CHARACTERS = 256;

/** One literature search mode. */
export type LiteratureSearchMode = (typeof LITERATURE_SEARCH_MODES)[number];

/** Largest total limit (docs/tools.md#7-qiongli_literature_search). */
export const MAX_TOTAL_LIMIT = 1000;

/** Records on one page of a search's merged list: default and most (docs/tools.md#paging-a-search). */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

/** Longest cursor accepted, in characters (a sealed cursor is about a hundred). */
export const MAX_CURSOR_CHARACTERS = 4096;

/** Largest per-provider limit: the provider catalogue's. */
export { MAX_PER_PROVIDER_LIMIT };

/**
 * The static messages of the argument checks, in the order they win when several fail (the
 * allow-list, the alias conflict, then each argument in declaration order): the message
 * precedence is this object's order. `perProviderRange` and `aliasConflict` are fixed by
 * docs/tools.md#results-and-errors; the others are ours. None ever contains input.
 */
export const ARGUMENT_MESSAGES = {
  unsupported: UNSUPPORTED_ARGUMENT,
  aliasConflict: 'conflicting aliases for per_provider_limit',
  queryMissing: 'Missing query',
  queryType: 'query must be a string',
  queryBlank: 'query must not be empty',
  queryTooLong: 'query exceeds the byte limit',
  searchMode: 'unsupported search_mode',
  providersType: 'providers must be an array of provider ids',
  providerUnsupported: 'unsupported provider',
  providersEmpty: 'providers must not be empty',
  providersRepeated: 'providers must not repeat a provider',
  perProviderType: 'per_provider_limit must be an integer',
  perProviderRange: `per_provider_limit must be between 1 and ${MAX_PER_PROVIDER_LIMIT}`,
  totalType: 'total_limit must be an integer',
  totalRange: `total_limit must be between 1 and ${MAX_TOTAL_LIMIT}`,
  fromYearFormat: 'from_year must be a four-digit year',
  fromYearRange: 'from_year must be between 1000 and 9999',
  toYearFormat: 'to_year must be a four-digit year',
  toYearRange: 'to_year must be between 1000 and 9999',
  venueType: 'venue_filter must be a string',
  venueTooLong: `venue_filter must be at most ${MAX_VENUE_FILTER_CHARACTERS} characters`,
  includeAbstracts: 'include_abstracts must be a boolean',
  sort: 'unsupported sort',
  pageSizeType: 'page_size must be an integer',
  pageSizeRange: `page_size must be between 1 and ${MAX_PAGE_SIZE}`,
  cursorType: 'cursor must be a string',
  cursorTooLong: `cursor must be at most ${MAX_CURSOR_CHARACTERS} characters`,
  includePlan: 'include_plan must be a boolean',
} as const;

/** Every static message of the literature search: the argument checks', then the use case's own. */
export const LITERATURE_SEARCH_MESSAGES = {
  ...ARGUMENT_MESSAGES,
  /** Checked by the use case once every argument is valid (as in `qiongli_search_plan`). */
  yearOrder: 'from_year must be less than or equal to to_year',
  /** Checked by the use case: in `doi` mode the query must normalise to one DOI. */
  doiQuery: 'doi search_mode needs a DOI query',
  /** Checked by the use case: the cursor opens only for the same search, within 30 minutes, while its list is held. */
  invalidCursor: 'cursor is not valid for this search (expired, altered or from another search); search again without cursor',
} as const;
