import { invalidArguments, type ToolFailure } from '../shared/tool-failure.js';
import { success, type Result } from '../shared/result.js';
import { normaliseIdentifier, UNKNOWN_PLATFORM } from './identifier-normalisation.js';
import { SEARCH_PLAN_ALIASES, type AliasedArgument, type SearchPlanArguments } from './search-plan-input.js';
import { DEFAULT_SEARCH_MODE, type SearchMode } from './search-modes.js';

/**
 * What a search plan is built from: resolved, normalised arguments. Every field but `query` and
 * `searchMode` is optional, so literature search can ask for a plan with just those two
 * (platform `unknown`, native search off, no variants, no filters — docs/providers.md#how-a-search-runs step 8).
 */
export interface SearchPlanRequest {
  /** The primary query; trimmed by {@link buildSearchPlan} if it is not already. */
  readonly query: string;
  readonly searchMode: SearchMode;
  /** Client platform (normalised by the planner; default `unknown`). */
  readonly platform?: string;
  /** Whether the client can run a platform-native search (default false). */
  readonly nativeSearchAvailable?: boolean;
  /** Native tool names (normalised and de-duplicated by the planner); ignored when native search is off. */
  readonly nativeSearchTools?: readonly string[];
  /** Alternative phrasings, trimmed; repeats of earlier entries (ignoring case) are dropped by the planner. */
  readonly queryVariants?: readonly string[];
  readonly includeWorkingPapers?: boolean;
  /** First publication year, 1000–9999. */
  readonly fromYear?: number;
  /** Last publication year, 1000–9999. */
  readonly toYear?: number;
  /** Preferred venue, trimmed; absent when blank. */
  readonly venueFilter?: string;
  /** Preferred document types, trimmed. */
  readonly documentTypes?: readonly string[];
}

/** Static message when `from_year` comes after `to_year`. */
export const YEAR_ORDER_MESSAGE = 'from_year must be less than or equal to to_year';

/** The static message of an alias conflict; the canonical name is chosen by code, never input. */
const conflictingAliases = (canonical: AliasedArgument): string => `conflicting aliases for ${canonical}`;

/**
 * Resolves validated `qiongli_search_plan` arguments into a {@link SearchPlanRequest}: picks the
 * one name present in each alias group, applies defaults, trims and normalises, and checks the
 * year order. Returns `invalid_arguments` with `conflicting aliases for <canonical>` when a group
 * has more than one name present (groups checked in SPEC order), or
 * {@link YEAR_ORDER_MESSAGE}. Never echoes input.
 */
export function resolveSearchPlanRequest(args: SearchPlanArguments): Result<SearchPlanRequest, ToolFailure> {
  const present = args as Readonly<Record<string, unknown>>;
  const picked: { -readonly [K in AliasedArgument]?: SearchPlanArguments[K] } = {};
  for (const canonical of Object.keys(SEARCH_PLAN_ALIASES) as AliasedArgument[]) {
    const names = [canonical, ...SEARCH_PLAN_ALIASES[canonical]].filter((name) => present[name] !== undefined);
    if (names.length > 1) return invalidArguments(conflictingAliases(canonical));
    // Every name of a group is validated by the same schema, so the alias value has the canonical type.
    if (names.length === 1) picked[canonical] = present[names[0] as string] as never;
  }
  const fromYear = toYearNumber(picked.from_year);
  const toYear = toYearNumber(picked.to_year);
  if (fromYear !== undefined && toYear !== undefined && fromYear > toYear) return invalidArguments(YEAR_ORDER_MESSAGE);
  const venue = picked.venue_filter?.trim();
  return success({
    query: args.query.trim(),
    searchMode: picked.search_mode ?? DEFAULT_SEARCH_MODE,
    platform: args.platform === undefined ? UNKNOWN_PLATFORM : normaliseIdentifier(args.platform),
    nativeSearchAvailable: picked.native_search_available ?? false,
    nativeSearchTools: (picked.native_search_tools ?? []).map(normaliseIdentifier),
    queryVariants: (picked.query_variants ?? []).map((variant) => variant.trim()),
    ...optional('includeWorkingPapers', picked.include_working_papers),
    ...optional('fromYear', fromYear),
    ...optional('toYear', toYear),
    ...optional('venueFilter', venue === '' ? undefined : venue),
    documentTypes: (picked.document_types ?? []).map((type) => type.trim()),
  });
}

/** A year given as an integer or a four-digit string, as a number. */
const toYearNumber = (value: number | string | undefined): number | undefined => (value === undefined ? undefined : Number(value));

/** `{ [key]: value }` when the value is present, else `{}` (results never carry `undefined`). */
const optional = <K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } => (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
