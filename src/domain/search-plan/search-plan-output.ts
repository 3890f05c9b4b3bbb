import * as z from 'zod';
import { schemaOnFirstUse } from '../shared/schema-on-first-use.js';
import { PROVIDER_IDS } from '../../ports/config-source.port.js';
import { SEARCH_MODES } from './search-modes.js';

/** How a plan can be executed, from provider readiness × native search (docs/tools.md#6-qiongli_search_plan). */
const SEARCH_EXECUTION_MODES = ['hybrid_search', 'provider_connected', 'native_only', 'strategy_only'] as const;

/** Whether any provider is ready. */
const CAPABILITY_MODES = ['provider_connected', 'strategy_only'] as const;

/**
 * Filters every planned query carries. Keys appear in sorted order; years are integers whatever
 * spelling the request used, and each year appears under both spellings (`from_year`/`fromYear`).
 */
const searchFiltersSchema = schemaOnFirstUse(() =>
  z.strictObject({
    document_types: z.array(z.string()).optional(),
    fromYear: z.number().int().optional(),
    from_year: z.number().int().optional(),
    include_working_papers: z.boolean().optional(),
    search_mode: z.enum(SEARCH_MODES),
    toYear: z.number().int().optional(),
    to_year: z.number().int().optional(),
    venue_filter: z.string().optional(),
  }),
);

/** The filters of a plan. */
export type SearchFilters = z.output<ReturnType<typeof searchFiltersSchema>>;

/** One query entry: the primary query (`Q1`) or a variant, written once in a plan. */
export const queryEntrySchema = schemaOnFirstUse(() =>
  z.strictObject({
    query_id: z.string(),
    query: z.string(),
    source: z.enum(['primary', 'variant']),
  }),
);

/** The ids of the query entries a row runs, in entry order. */
const queryIds = () => z.array(z.string());

/** One provider's queries: a ready provider and the query entries it runs (by id). */
const providerQuerySchema = schemaOnFirstUse(() => z.strictObject({ provider: z.enum(PROVIDER_IDS), query_ids: queryIds() }));

/** One native tool's queries: the tool and the query entries it runs (by id). */
const nativeQuerySchema = schemaOnFirstUse(() => z.strictObject({ tool: z.string(), query_ids: queryIds() }));

/** One native tool's full-text candidate queries: each entry's text followed by the plan's suffix. */
const nativeFulltextQuerySchema = schemaOnFirstUse(() =>
  z.strictObject({
    tool: z.string(),
    query_ids: queryIds(),
    purpose: z.literal('fulltext_candidate_discovery'),
    candidate_status: z.literal('candidate_only'),
  }),
);

/** One step of the execution sequence an agent follows. */
const executionStepSchema = schemaOnFirstUse(() =>
  z.strictObject({
    actor: z.literal('agent'),
    action: z.string(),
    tool: z.string().optional(),
    queries: z.string().optional(),
    inputs: z.array(z.string()).optional(),
  }),
);

/**
 * Result of `qiongli_search_plan` (docs/tools.md#6-qiongli_search_plan), also embedded by literature search. Credential
 * redaction removes nothing from it (no key is credential-like), so this schema describes the
 * result before and after redaction.
 */
export const searchPlanOutput = schemaOnFirstUse(() =>
  z.strictObject({
    artifact_type: z.literal('qiongli_hybrid_search_plan'),
    query: z.string(),
    search_mode: z.enum(SEARCH_MODES),
    platform: z.string(),
    native_search_available: z.boolean(),
    native_search_tools: z.array(z.string()),
    search_execution_mode: z.enum(SEARCH_EXECUTION_MODES),
    provider_capability_mode: z.enum(CAPABILITY_MODES),
    query_entries: z.array(queryEntrySchema()),
    filters: searchFiltersSchema(),
    provider_queries: z.array(providerQuerySchema()),
    native_search_queries: z.array(nativeQuerySchema()),
    native_fulltext_queries: z.array(nativeFulltextQuerySchema()),
    native_fulltext_query_suffix: z.string(),
    native_fulltext_expected_fields: z.array(z.string()),
    native_fulltext_candidate_schema: z.strictObject({
      artifact_type: z.literal('qiongli_native_fulltext_candidate_schema'),
      required: z.array(z.string()),
      optional: z.array(z.string()),
      status_values: z.array(z.literal('candidate_only')),
      evidence_rule: z.string(),
    }),
    provenance_labels: z.strictObject({
      provider: z.array(z.string()),
      native: z.array(z.string()),
      user_corpus: z.array(z.string()),
    }),
    execution_sequence: z.array(executionStepSchema()),
    agent_instructions: z.array(z.string()),
    merge_policy: z.strictObject({
      dedupe_keys: z.array(z.string()),
      provider_records: z.string(),
      native_records: z.string(),
      fulltext_candidate_records: z.string(),
      user_corpus_records: z.string(),
      search_log: z.string(),
    }),
    limitations: z.array(z.string()),
  }),
);

/** A search plan, as returned to the client. */
export type SearchPlan = z.output<ReturnType<typeof searchPlanOutput>>;
