import type { ProviderId } from '../../ports/config-source.port.js';
import { buildSearchPlan, type SearchPlan } from '../search-plan/search-plan.js';
import type { LiteratureSearchMode } from './literature-search-input.js';

/**
 * The search plan a literature search result embeds (docs/providers.md#how-a-search-runs step 8): built exactly as
 * `qiongli_search_plan` builds it, from the trimmed query and the search mode, with platform
 * `unknown`, native search off, no variants and no filters, routed to the ready providers (the
 * `providers` argument narrows the search, not the plan). Pure; never fails.
 */
export function embeddedSearchPlan(query: string, searchMode: LiteratureSearchMode, readyProviders: readonly ProviderId[]): SearchPlan {
  return buildSearchPlan({ query, searchMode, platform: 'unknown', nativeSearchAvailable: false }, readyProviders);
}
