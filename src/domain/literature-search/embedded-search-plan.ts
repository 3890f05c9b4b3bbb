import type { ProviderId } from '../../ports/config-source.port.js';
import { buildSearchPlan, type SearchPlan } from '../search-plan/search-plan.js';
import type { LiteratureSearchMode } from './literature-search-input.js';
import type { RecordFilter } from './record-filters.js';

/**
 * The search plan a literature search result embeds (docs/providers.md#how-a-search-runs step 8): built exactly as
 * `qiongli_search_plan` builds it, from the trimmed query, the search mode and the year and
 * venue filters, with platform `unknown`, native search off and no variants, routed to the
 * ready providers (the `providers` argument narrows the search, not the plan). Pure; never fails.
 */
export function embeddedSearchPlan(
  query: string,
  searchMode: LiteratureSearchMode,
  readyProviders: readonly ProviderId[],
  filter: RecordFilter = {},
): SearchPlan {
  return buildSearchPlan(
    {
      query,
      searchMode,
      platform: 'unknown',
      nativeSearchAvailable: false,
      ...(filter.years?.from === undefined ? {} : { fromYear: filter.years.from }),
      ...(filter.years?.to === undefined ? {} : { toYear: filter.years.to }),
      ...(filter.venue === undefined ? {} : { venueFilter: filter.venue }),
    },
    readyProviders,
  );
}
