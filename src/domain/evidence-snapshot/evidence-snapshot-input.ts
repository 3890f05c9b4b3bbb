import * as z from 'zod';
import { DELIVERY_MESSAGES, deliveryArguments } from '../shared/file-delivery.js';
import { schemaOnFirstUse } from '../shared/schema-on-first-use.js';
import { boundedString } from '../shared/string-checks.js';
import { UNSUPPORTED_ARGUMENT } from '../shared/parse-arguments.js';
import { ARGUMENT_BOUND_PRECEDENCE, BULK_ARGUMENT_BOUNDS, withArgumentBounds } from '../shared/json-bounds.js';
import { anyJsonObject } from '../shared/json-object-schema.js';

/** Most result objects one snapshot may hold (docs/tools.md#8-qiongli_literature_export_evidence). */
const MAX_EVIDENCE_RESULTS = 1000;

/** Message when a canonical evidence field and its compatibility alias are both given. */
export const EVIDENCE_ALIAS_CONFLICT = 'canonical evidence fields cannot be combined with compatibility aliases';

/** Canonical evidence fields and their compatibility aliases (docs/tools.md#8-qiongli_literature_export_evidence). */
export const EVIDENCE_ALIASES = {
  search_plan: 'query_plan',
  results: 'search_results',
  diagnostics: 'search_diagnostics',
} as const;

/** Static messages of the per-field checks, in argument order. */
export const EVIDENCE_FIELD_MESSAGES = {
  cwdType: 'cwd must be a string',
  cwdTooLong: 'cwd exceeds the length limit',
  queryType: 'query must be a string',
  queryTooLong: 'query exceeds the byte limit',
  providerStatus: 'provider_status must be an object',
  searchPlan: 'search_plan must be an object',
  queryPlan: 'query_plan must be an object',
  results: 'results must be a list of objects',
  resultsTooMany: 'results must hold at most 1000 items',
  searchResults: 'search_results must be a list of objects',
  searchResultsTooMany: 'search_results must hold at most 1000 items',
  diagnostics: 'diagnostics must be an object',
  searchDiagnostics: 'search_diagnostics must be an object',
} as const;

/**
 * Order in which failing checks' messages win: the whole-argument bounds (depth, value count,
 * bytes), then an unknown key, then an alias conflict, then the per-field checks.
 */
export const evidenceMessagePrecedence: readonly string[] = [
  ...ARGUMENT_BOUND_PRECEDENCE,
  UNSUPPORTED_ARGUMENT,
  EVIDENCE_ALIAS_CONFLICT,
  ...Object.values(EVIDENCE_FIELD_MESSAGES),
  DELIVERY_MESSAGES.delivery,
  DELIVERY_MESSAGES.cursorType,
  DELIVERY_MESSAGES.cursorTooLong,
];

const jsonObject = (message: string, description: string) => anyJsonObject(message).optional().describe(description);

const resultList = (typeMessage: string, tooMany: string, description: string) =>
  z.array(anyJsonObject(typeMessage), { error: typeMessage }).max(MAX_EVIDENCE_RESULTS, { error: tooMany }).optional().describe(description);

const m = EVIDENCE_FIELD_MESSAGES;

/**
 * Arguments of `qiongli_literature_export_evidence` (docs/tools.md#8-qiongli_literature_export_evidence). Every field is optional.
 * Beyond the per-field checks, the whole argument object must stay within
 * {@link BULK_ARGUMENT_BOUNDS} and may not name a canonical field together with its alias.
 */
export const evidenceSnapshotInput = schemaOnFirstUse(() =>
  withArgumentBounds(
    z
      .strictObject(
        {
          cwd: boundedString({ max: 4096, unit: 'characters', nonBlank: false }, { type: m.cwdType, tooLong: m.cwdTooLong })
            .optional()
            .describe('Working directory of the caller (at most 4096 characters). Accepted and ignored; never echoed.'),
          query: boundedString({ max: 4096, unit: 'bytes', nonBlank: false }, { type: m.queryType, tooLong: m.queryTooLong })
            .optional()
            .describe('The research question the evidence answers (at most 4096 bytes).'),
          provider_status: jsonObject(m.providerStatus, 'Provider status as reported by qiongli_literature_status.'),
          search_plan: jsonObject(m.searchPlan, 'The plan from qiongli_search_plan (or the search_plan of a search result).'),
          query_plan: jsonObject(m.queryPlan, 'Compatibility alias of search_plan.'),
          results: resultList(m.results, m.resultsTooMany, 'Literature records from qiongli_literature_search (at most 1000).'),
          search_results: resultList(m.searchResults, m.searchResultsTooMany, 'Compatibility alias of results.'),
          diagnostics: jsonObject(m.diagnostics, 'Search diagnostics from qiongli_literature_search.'),
          search_diagnostics: jsonObject(m.searchDiagnostics, 'Compatibility alias of diagnostics.'),
          ...deliveryArguments(),
        },
        { error: UNSUPPORTED_ARGUMENT },
      )
      .superRefine(
        (args, ctx) => {
          if (hasAliasConflict(args)) ctx.addIssue({ code: 'custom', message: EVIDENCE_ALIAS_CONFLICT });
        },
        { when: () => true },
      ),
    BULK_ARGUMENT_BOUNDS,
  ),
);

/** Validated arguments of the evidence snapshot. */
export type EvidenceSnapshotArguments = z.output<ReturnType<typeof evidenceSnapshotInput>>;

/** Whether any canonical evidence field is present together with its compatibility alias. */
export function hasAliasConflict(args: unknown): boolean {
  if (args === null || typeof args !== 'object') return false;
  return Object.entries(EVIDENCE_ALIASES).some(([canonical, alias]) => Object.hasOwn(args, canonical) && Object.hasOwn(args, alias));
}
