import * as z from 'zod';
import { schemaOnFirstUse } from '../shared/schema-on-first-use.js';
import { PROVIDER_IDS } from '../../ports/config-source.port.js';
import { boundedString } from '../shared/string-checks.js';
import { MAX_PER_PROVIDER_LIMIT } from '../shared/provider-catalogue.js';
import { UNSUPPORTED_ARGUMENT } from '../shared/parse-arguments.js';
import { yearArgument } from '../search-plan/search-plan-input.js';

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

/** Largest per-provider limit: the provider catalogue's. */
export { MAX_PER_PROVIDER_LIMIT };

/**
 * The static messages of the argument checks, in the order they win when several fail (the
 * allow-list, the alias conflict, then each argument in declaration order): the message
 * precedence is this object's order. `perProviderRange` and `aliasConflict` are fixed by
 * docs/tools.md#results-and-errors; the others are ours. None ever contains input.
 */
const ARGUMENT_MESSAGES = {
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
} as const;

/** Every static message of the literature search: the argument checks', then the use case's own. */
export const LITERATURE_SEARCH_MESSAGES = {
  ...ARGUMENT_MESSAGES,
  /** Checked by the use case once every argument is valid (as in `qiongli_search_plan`). */
  yearOrder: 'from_year must be less than or equal to to_year',
  /** Checked by the use case: in `doi` mode the query must normalise to one DOI. */
  doiQuery: 'doi search_mode needs a DOI query',
} as const;

const M = LITERATURE_SEARCH_MESSAGES;

/** `per_provider_limit` and its legacy alias `limit` share every check and message. */
const perProviderLimit = () =>
  z
    .number({ error: M.perProviderType })
    .int({ error: M.perProviderType })
    .min(1, { error: M.perProviderRange })
    .max(MAX_PER_PROVIDER_LIMIT, { error: M.perProviderRange });

const hasBothLimitNames = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  (value as Record<string, unknown>)['limit'] !== undefined &&
  (value as Record<string, unknown>)['per_provider_limit'] !== undefined;

/**
 * Arguments of `qiongli_literature_search` (docs/tools.md#7-qiongli_literature_search). Defaults that depend on other
 * arguments (the limits) are applied by the use case, see {@link resolveSearchLimits}.
 * The alias conflict is checked even when other checks fail, so precedence can rank it.
 */
export const literatureSearchInput = schemaOnFirstUse(() =>
  z
    .strictObject(
      {
        query: boundedString(
          { max: 4096, unit: 'bytes', measureTrimmed: true, nonBlank: true },
          { missing: M.queryMissing, type: M.queryType, blank: M.queryBlank, tooLong: M.queryTooLong },
        ).describe('What to search for (at most 4096 bytes after trimming).'),
        search_mode: z
          .enum(LITERATURE_SEARCH_MODES, { error: M.searchMode })
          .default('auto')
          .describe(
            'How the query is matched. auto or topic: free text (25 records per provider by default). title: the query is matched against titles only. ' +
              'doi: the query is one DOI (e.g. 10.1038/s41586-020-2649-2 or https://doi.org/…), looked up exactly; arXiv has no DOI lookup and is left out. ' +
              'review or systematic_review: free text, 50 records per provider by default.',
          ),
        providers: z
          .array(z.enum(PROVIDER_IDS, { error: M.providerUnsupported }), { error: M.providersType })
          .min(1, { error: M.providersEmpty })
          .max(PROVIDER_IDS.length, { error: M.providersRepeated })
          .refine((ids) => new Set(ids).size === ids.length, { error: M.providersRepeated })
          .meta({ uniqueItems: true })
          .optional()
          .describe('Restrict the search to these ready providers (canonical ids). Absent = every ready provider.'),
        limit: perProviderLimit().optional().describe('Deprecated alias of per_provider_limit.'),
        per_provider_limit: perProviderLimit().optional().describe('Records kept per provider, 1-200. Default 25, or 50 in the review modes.'),
        total_limit: z
          .number({ error: M.totalType })
          .int({ error: M.totalType })
          .min(1, { error: M.totalRange })
          .max(MAX_TOTAL_LIMIT, { error: M.totalRange })
          .optional()
          .describe('Records returned after dedupe and ranking, 1-1000. Default min(per_provider_limit x 5, 1000).'),
        from_year: yearArgument('from_year')
          .optional()
          .describe('Only works published in or after this year (1000-9999, integer or four-digit string). Records without a year are then left out.'),
        to_year: yearArgument('to_year')
          .optional()
          .describe('Only works published in or before this year (1000-9999, not before from_year). Records without a year are then left out.'),
        venue_filter: boundedString({ max: MAX_VENUE_FILTER_CHARACTERS, unit: 'characters', nonBlank: false }, { type: M.venueType, tooLong: M.venueTooLong })
          .optional()
          .describe(
            'Keep only records whose venue (journal, conference, repository) contains this text, compared ignoring case, spaces and punctuation, e.g. "nature" or "NeurIPS". At most 256 characters; blank means no filter. Records without a venue are left out.',
          ),
        include_abstracts: z
          .boolean({ error: M.includeAbstracts })
          .optional()
          .describe(
            "Also return each record's abstract (at most 2000 characters) where a provider has one. Default false: abstracts make results much larger.",
          ),
        sort: z
          .enum(RESULT_SORTS, { error: M.sort })
          .optional()
          .describe(
            'Order of the results before total_limit cuts them: relevance (default), newest (year descending, unknown years last) or most_cited (cited_by_count descending, unknown counts last). Ties keep the relevance order.',
          ),
      },
      { error: UNSUPPORTED_ARGUMENT },
    )
    .refine((value) => !hasBothLimitNames(value), { error: M.aliasConflict, when: () => true }),
);

/** Validated arguments of the literature search. */
export type LiteratureSearchArguments = z.output<ReturnType<typeof literatureSearchInput>>;

/** Order in which failing checks' messages win: that of {@link ARGUMENT_MESSAGES}. */
export const literatureSearchMessagePrecedence: readonly string[] = Object.values(ARGUMENT_MESSAGES);

/** The limits a search runs with, after aliases and defaults. */
export interface SearchLimits {
  readonly perProvider: number;
  readonly total: number;
}

/**
 * Applies the alias and the mode-dependent defaults (docs/tools.md#7-qiongli_literature_search): per-provider 25, or 50 in
 * the review modes; total min(per-provider × 5, 1000). Returns `null` when both `limit` and
 * `per_provider_limit` are given (the caller answers `conflicting aliases for per_provider_limit`).
 */
export function resolveSearchLimits(args: LiteratureSearchArguments): SearchLimits | null {
  if (args.limit !== undefined && args.per_provider_limit !== undefined) return null;
  const reviewMode = args.search_mode === 'review' || args.search_mode === 'systematic_review';
  const perProvider = args.per_provider_limit ?? args.limit ?? (reviewMode ? 50 : 25);
  const total = args.total_limit ?? Math.min(perProvider * 5, MAX_TOTAL_LIMIT);
  return { perProvider, total };
}
