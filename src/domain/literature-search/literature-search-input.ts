import * as z from 'zod';
import { schemaOnFirstUse } from '../shared/schema-on-first-use.js';
import { PROVIDER_IDS } from '../../ports/config-source.port.js';
import { boundedString } from '../shared/string-checks.js';
import { UNSUPPORTED_ARGUMENT } from '../shared/parse-arguments.js';
import { yearArgument } from '../search-plan/search-plan-input.js';
import {
  ARGUMENT_MESSAGES,
  LITERATURE_SEARCH_MESSAGES,
  LITERATURE_SEARCH_MODES,
  MAX_CURSOR_CHARACTERS,
  MAX_PAGE_SIZE,
  MAX_PER_PROVIDER_LIMIT,
  MAX_TOTAL_LIMIT,
  MAX_VENUE_FILTER_CHARACTERS,
  DEFAULT_PAGE_SIZE,
  RESULT_SORTS,
} from './literature-search-messages.js';

export {
  RESULT_SORTS,
  type ResultSort,
  type LiteratureSearchMode,
  LITERATURE_SEARCH_MESSAGES,
} from './literature-search-messages.js';

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
        page_size: z
          .number({ error: M.pageSizeType })
          .int({ error: M.pageSizeType })
          .min(1, { error: M.pageSizeRange })
          .max(MAX_PAGE_SIZE, { error: M.pageSizeRange })
          .optional()
          .describe(`Most records per page, 1-${MAX_PAGE_SIZE} (fewer past the page's size bound). Default ${DEFAULT_PAGE_SIZE}.`),
        cursor: z
          .string({ error: M.cursorType })
          .max(MAX_CURSOR_CHARACTERS, { error: M.cursorTooLong })
          .optional()
          .describe('next_cursor of the previous page, with the same other arguments: the next page, no new search (30 minutes).'),
        include_plan: z.boolean({ error: M.includePlan }).optional().describe('Answer the full search_plan, not the compact plan. Default false.'),
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
