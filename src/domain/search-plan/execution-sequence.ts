import type { SearchPlan } from './search-plan-output.js';

type ExecutionStep = SearchPlan['execution_sequence'][number];

/** The record sources the final merge step reads. */
const MERGE_INPUTS: readonly string[] = ['provider_queries', 'native_search_queries', 'native_fulltext_candidates', 'user_corpus'];

/**
 * The steps an agent follows to execute a plan (docs/tools.md#6-qiongli_search_plan), in order: literature status,
 * search plan, literature search (when a provider is ready), native search (when there are
 * native queries), native full-text candidate search (when there are full-text queries), and
 * always last the merge/dedupe/search_log step naming the four record sources.
 */
export function planExecutionSequence(providerReady: boolean, nativeQueries: boolean, fulltextQueries: boolean): ExecutionStep[] {
  const steps: ExecutionStep[] = [
    { actor: 'agent', action: 'call qiongli_literature_status', tool: 'qiongli_literature_status' },
    { actor: 'agent', action: 'call qiongli_search_plan', tool: 'qiongli_search_plan' },
  ];
  if (providerReady) {
    steps.push({
      actor: 'agent',
      action: 'call qiongli_literature_search',
      tool: 'qiongli_literature_search',
      queries: 'provider_queries',
    });
  }
  if (nativeQueries) steps.push({ actor: 'agent', action: 'execute platform-native search', queries: 'native_search_queries' });
  if (fulltextQueries) {
    steps.push({
      actor: 'agent',
      action: 'execute platform-native full-text candidate search',
      queries: 'native_fulltext_queries',
    });
  }
  steps.push({ actor: 'agent', action: 'merge/dedupe/search_log', inputs: [...MERGE_INPUTS] });
  return steps;
}
