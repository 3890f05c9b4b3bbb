/**
 * The fixed texts of a search plan: what the agent must do with it and how records are merged.
 * They state three rules (docs/tools.md#6-qiongli_search_plan): native results are not provider records, provenance
 * labels stay distinct, and full-text candidates stay `candidate_only` until a retrieval
 * manifest verifies them.
 */

/** Instructions for the agent that executes the plan. */
export const AGENT_INSTRUCTIONS: readonly string[] = [
  'This server never runs a platform-native search; only the agent can, and only with tools its platform really offers.',
  'Run native_search_queries only when the platform exposes a native search tool; otherwise skip them.',
  'Results of a native search are not provider records: they cannot be reproduced through qiongli_literature_search.',
  'Label every record with where it came from (mcp:<provider>, native:<tool> or user_corpus) and never merge those labels.',
  'Use native_fulltext_queries to find places where full text may be available, not as proof that it was read.',
  'Keep every full-text candidate at candidate_only until a retrieval manifest records that its readable text was actually obtained.',
];

/** Fields the agent should record for each full-text candidate it finds. */
export const EXPECTED_CANDIDATE_FIELDS: readonly string[] = [
  'query_id',
  'source_agent',
  'url',
  'title',
  'doi',
  'access_type',
  'snippet',
  'candidate_status',
  'retrieved_at',
];

/** Shape of a full-text candidate record. */
export const FULLTEXT_CANDIDATE_SCHEMA = {
  artifact_type: 'qiongli_native_fulltext_candidate_schema',
  required: ['query_id', 'source_agent', 'url', 'title', 'candidate_status', 'retrieved_at'],
  optional: ['doi', 'access_type', 'snippet', 'license', 'version_label'],
  status_values: ['candidate_only'],
  evidence_rule:
    'A search hit, snippet or link is not evidence that full text was retrieved; a candidate changes status only when a retrieval manifest confirms readable text.',
} as const;

/** How provider, native, full-text candidate and user-corpus records are merged. */
export const MERGE_POLICY = {
  dedupe_keys: ['doi', 'title', 'year', 'provider_record_id', 'native_url'],
  provider_records: 'Take bibliographic fields from provider records first: they can be fetched again and checked.',
  native_records: 'Keep a native-search record only with its native:<tool> label and the URL it was found at.',
  fulltext_candidate_records: 'Full-text candidates remain candidate_only until a retrieval manifest verifies their readable text.',
  user_corpus_records: 'Keep records supplied by the user apart from provider and native-search records.',
  search_log: 'Log provider queries and native queries as separate runs before merging and de-duplicating.',
} as const;

/** Suffix that turns a query into a full-text candidate query. */
export const FULLTEXT_QUERY_SUFFIX = '(PDF OR "full text" OR preprint OR "author manuscript" OR repository OR PMC OR arXiv)';

/** What a plan cannot do, by whether a provider is ready and whether native search is available. */
export function planLimitations(providerReady: boolean, nativeAvailable: boolean): string[] {
  if (providerReady && nativeAvailable) return [];
  if (providerReady) return ['The client did not declare a platform-native search, so the plan relies on provider search alone.'];
  if (nativeAvailable) {
    return ['No literature provider is ready, so every record will come from native search and must keep its native provenance label.'];
  }
  return ['No literature provider is ready and no platform-native search was declared: this plan is a search strategy only.'];
}
