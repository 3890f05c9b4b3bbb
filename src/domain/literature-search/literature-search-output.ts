import * as z from 'zod';
import { schemaOnFirstUse } from '../shared/schema-on-first-use.js';
import { PROVIDER_IDS } from '../../ports/config-source.port.js';
import { PROVIDER_FAILURE_KINDS } from '../../ports/provider-client.port.js';
import { literatureRecordSchema } from '../shared/literature-record.js';
import { queryEntrySchema, searchPlanOutput } from '../search-plan/search-plan.js';

/** Overall status of a search (docs/providers.md#how-a-search-runs step 7). */
export const SEARCH_STATUSES = ['ok', 'warning', 'error'] as const;

/** Status of the provider phase: `not_run` only when no provider was attempted. */
export const DIAGNOSTICS_STATUSES = ['complete', 'partial', 'failed', 'not_run'] as const;

/**
 * One attempted provider's diagnostic (docs/providers.md#how-a-search-runs step 4): `{status: "ok", count, cached?}` or
 * `{status: "error", count: 0, error_kind, warning: "<provider>: <kind>"}`.
 */
const providerDiagnosticSchema = schemaOnFirstUse(() =>
  z.strictObject({
    status: z.enum(['ok', 'error']),
    count: z.number().int().min(0),
    error_kind: z.enum(PROVIDER_FAILURE_KINDS).optional(),
    warning: z.string().optional(),
    cached: z.literal(true).optional(),
  }),
);

/** One provider's diagnostic. */
export type ProviderDiagnostic = z.output<ReturnType<typeof providerDiagnosticSchema>>;

/** Diagnostics of a search: one entry per attempted provider, plus every warning. */
const searchDiagnosticsSchema = schemaOnFirstUse(() =>
  z.strictObject({
    status: z.enum(DIAGNOSTICS_STATUSES),
    status_reason: z.literal('no_active_providers').optional(),
    providers: z.partialRecord(z.enum(PROVIDER_IDS), providerDiagnosticSchema()),
    warnings: z.array(z.string()),
  }),
);

/** Diagnostics of a search. */
export type SearchDiagnostics = z.output<ReturnType<typeof searchDiagnosticsSchema>>;

/**
 * The compact stand-in of the embedded search plan (docs/tools.md#paging-a-search): its id (the
 * same plan, the same id), the providers it routes to (plan order) and its query entries.
 */
const compactPlanSchema = schemaOnFirstUse(() =>
  z.strictObject({
    plan_id: z.string(),
    providers: z.array(z.enum(PROVIDER_IDS)),
    query_entries: z.array(queryEntrySchema()),
  }),
);

/** A compact plan. */
export type CompactPlan = z.output<ReturnType<typeof compactPlanSchema>>;

/**
 * Result of `qiongli_literature_search` (docs/tools.md#7-qiongli_literature_search,
 * docs/providers.md#how-a-search-runs): one page of the merged list. `search_plan` (the search
 * plan tool's result) when `include_plan` was true or no provider was asked, else `plan`;
 * `total_results` records in the whole list; `next_cursor` while more remain.
 */
export const literatureSearchOutput = schemaOnFirstUse(() =>
  z.strictObject({
    status: z.enum(SEARCH_STATUSES),
    search_plan: searchPlanOutput().optional(),
    plan: compactPlanSchema().optional(),
    diagnostics: searchDiagnosticsSchema(),
    results: z.array(literatureRecordSchema()),
    total_results: z.number().int().min(0),
    next_cursor: z.string().optional(),
  }),
);

/** A literature search result, as returned to the client. */
export type LiteratureSearchResult = z.output<ReturnType<typeof literatureSearchOutput>>;
