import type { ProviderId } from '../../ports/config-source.port.js';
import { PLAN_ORDER } from '../shared/provider-catalogue.js';
import { defaultNativeSearchTool, normaliseIdentifier, UNKNOWN_PLATFORM } from './identifier-normalisation.js';
import {
  AGENT_INSTRUCTIONS,
  EXPECTED_CANDIDATE_FIELDS,
  FULLTEXT_CANDIDATE_SCHEMA,
  FULLTEXT_QUERY_SUFFIX,
  MERGE_POLICY,
  planLimitations,
} from './plan-texts.js';
import type { SearchPlanRequest } from './search-plan-request.js';
import type { SearchFilters, SearchPlan } from './search-plan-output.js';
import { planExecutionSequence } from './execution-sequence.js';

/** Provider order inside a plan: the provider catalogue's plan order. */
export const PLAN_PROVIDER_ORDER: readonly ProviderId[] = PLAN_ORDER;

type QueryEntry = SearchPlan['query_entries'][number];

/**
 * Builds a hybrid search plan. Pure and deterministic: no clock, randomness, network or input
 * echo beyond the request's own query texts. Never fails.
 *
 * - `readyProviders`: the providers the plan routes provider queries to, in any order (duplicates
 *   and repeats are ignored); they appear in plan order — semantic_scholar, openalex, crossref,
 *   pubmed, arxiv. Empty → no provider queries.
 * - Platform and native tool names are normalised (idempotent); native tools default from the
 *   platform when native search is available and none is named; without native search the tool
 *   list is empty.
 * - Query entries: the trimmed query (`Q1`, `primary`), then each variant (`Q2`…, `variant`),
 *   dropping any that repeats an earlier entry ignoring case. They are written once
 *   (`query_entries`), with the filters once (`filters`); provider, native and full-text rows
 *   name them by id (`query_ids`), and a full-text query is the entry's text followed by
 *   `native_fulltext_query_suffix`. Provenance labels are `mcp:<provider>` and `native:<tool>`,
 *   listed once in `provenance_labels`.
 */
export function buildSearchPlan(request: SearchPlanRequest, readyProviders: readonly ProviderId[]): SearchPlan {
  const providers = PLAN_PROVIDER_ORDER.filter((id) => readyProviders.includes(id));
  const platform = normaliseIdentifier(request.platform ?? '') || UNKNOWN_PLATFORM;
  const nativeAvailable = request.nativeSearchAvailable ?? false;
  const tools = nativeAvailable ? nativeTools(request.nativeSearchTools ?? [], platform) : [];
  const entries = queryEntries(request.query, request.queryVariants ?? []);
  const filters = searchFilters(request);
  const providerReady = providers.length > 0;

  const queryIds = entries.map((entry) => entry.query_id);

  // Every row names its query entries by id: a query's text is written once, in `query_entries`
  // (issue 26, item 6: a plan grows with the sum of its arguments, never with their product).
  return {
    artifact_type: 'qiongli_hybrid_search_plan',
    query: request.query.trim(),
    search_mode: request.searchMode,
    platform,
    native_search_available: nativeAvailable,
    native_search_tools: tools,
    search_execution_mode: executionMode(providerReady, nativeAvailable),
    provider_capability_mode: providerReady ? 'provider_connected' : 'strategy_only',
    query_entries: entries,
    filters,
    provider_queries: providers.map((provider) => ({ provider, query_ids: [...queryIds] })),
    native_search_queries: tools.map((tool) => ({ tool, query_ids: [...queryIds] })),
    native_fulltext_queries: tools.map((tool) => ({
      tool,
      query_ids: [...queryIds],
      purpose: 'fulltext_candidate_discovery' as const,
      candidate_status: 'candidate_only' as const,
    })),
    native_fulltext_query_suffix: FULLTEXT_QUERY_SUFFIX,
    native_fulltext_expected_fields: [...EXPECTED_CANDIDATE_FIELDS],
    native_fulltext_candidate_schema: {
      ...FULLTEXT_CANDIDATE_SCHEMA,
      required: [...FULLTEXT_CANDIDATE_SCHEMA.required],
      optional: [...FULLTEXT_CANDIDATE_SCHEMA.optional],
      status_values: [...FULLTEXT_CANDIDATE_SCHEMA.status_values],
    },
    provenance_labels: {
      provider: providers.map((provider) => `mcp:${provider}`),
      native: tools.map((tool) => `native:${tool}`),
      user_corpus: ['user_corpus'],
    },
    execution_sequence: planExecutionSequence(providerReady, tools.length > 0, tools.length > 0),
    agent_instructions: [...AGENT_INSTRUCTIONS],
    merge_policy: { ...MERGE_POLICY, dedupe_keys: [...MERGE_POLICY.dedupe_keys] },
    limitations: planLimitations(providerReady, nativeAvailable),
  };
}

function executionMode(providerReady: boolean, nativeAvailable: boolean): SearchPlan['search_execution_mode'] {
  if (providerReady) return nativeAvailable ? 'hybrid_search' : 'provider_connected';
  return nativeAvailable ? 'native_only' : 'strategy_only';
}

/** Normalised, de-duplicated, non-empty tool names; the platform default when none remains. */
function nativeTools(names: readonly string[], platform: string): string[] {
  const tools = [...new Set(names.map(normaliseIdentifier))].filter((name) => name !== '');
  return tools.length > 0 ? tools : [defaultNativeSearchTool(platform)];
}

function queryEntries(query: string, variants: readonly string[]): QueryEntry[] {
  const entries: QueryEntry[] = [];
  const seen = new Set<string>();
  for (const candidate of [query, ...variants]) {
    const text = candidate.trim();
    const key = text.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    entries.push({ query_id: `Q${entries.length + 1}`, query: text, source: entries.length === 0 ? 'primary' : 'variant' });
  }
  return entries;
}

/** The filters, keys inserted in sorted (code-unit) order; years as integers under both spellings. */
function searchFilters(request: SearchPlanRequest): SearchFilters {
  const filters: Record<string, unknown> = { search_mode: request.searchMode };
  if (request.includeWorkingPapers !== undefined) filters['include_working_papers'] = request.includeWorkingPapers;
  if (request.fromYear !== undefined) {
    filters['from_year'] = request.fromYear;
    filters['fromYear'] = request.fromYear;
  }
  if (request.toYear !== undefined) {
    filters['to_year'] = request.toYear;
    filters['toYear'] = request.toYear;
  }
  const venue = request.venueFilter?.trim();
  if (venue) filters['venue_filter'] = venue;
  if (request.documentTypes && request.documentTypes.length > 0) filters['document_types'] = [...request.documentTypes];
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(filters).sort()) sorted[key] = filters[key];
  return sorted as SearchFilters;
}
