import type { SearchPlan } from '../search-plan/search-plan.js';
import { DEFAULT_PAGE_SIZE } from './literature-search-messages.js';
import type { CompactPlan, LiteratureSearchResult } from './literature-search-output.js';
import { SEARCH_PAGE_CHARACTERS, recordsWithin, type HeldSearch } from './search-pages.js';
import { fnv1a } from '../shared/fnv1a.js';

/**
 * The id of a plan: `plan-` and 16 hex digits fingerprinting its JSON text (two FNV-1a hashes),
 * so the same plan always has the same id. Not a secret, and not a MAC.
 */
function planId(plan: SearchPlan): string {
  const text = JSON.stringify(plan);
  return `plan-${fnv1a(text, 0x050c5d1f).toString(16).padStart(8, '0')}${fnv1a(text, 0x811c9dc5).toString(16).padStart(8, '0')}`;
}

/** The compact stand-in of a plan: its id, the providers it routes to (plan order), its query entries. */
const compactPlan = (plan: SearchPlan): CompactPlan => ({
  plan_id: planId(plan),
  providers: plan.provider_queries.map((row) => row.provider),
  query_entries: plan.query_entries.map((entry) => ({ ...entry })),
});

/** How a page of a held search is served. */
export interface PageRequest {
  readonly offset: number;
  readonly pageSize: number;
  /** The full `search_plan` instead of the compact `plan`. */
  readonly fullPlan: boolean;
}

/**
 * One page of a search's merged list (docs/tools.md#paging-a-search): the records from `offset`,
 * at most `pageSize` of them and no more than fit the page's characters (36,000 up to the default
 * page size, 90,000 above, what the rest of the answer takes counted in; at least one record), the
 * list's status and complete diagnostics, the plan (full or compact), `total_results`, and
 * `next_cursor` (made by `cursorAt` from where the next page starts) while records remain.
 */
export function searchPage(held: HeldSearch, request: PageRequest, cursorAt: (offset: number) => string): LiteratureSearchResult {
  const head = {
    status: held.status,
    ...(request.fullPlan ? { search_plan: held.plan } : { plan: compactPlan(held.plan) }),
    diagnostics: held.diagnostics,
  };
  const total = held.records.length;
  const fixed = JSON.stringify({ ...head, results: [], total_results: total }).length + SEARCH_PAGE_CHARACTERS.reserve;
  const characters = request.pageSize > DEFAULT_PAGE_SIZE ? SEARCH_PAGE_CHARACTERS.max : SEARCH_PAGE_CHARACTERS.default;
  const offset = Math.min(request.offset, total);
  const end = offset + recordsWithin(held.sizes, offset, request.pageSize, characters - fixed);
  return {
    ...head,
    results: held.records.slice(offset, end),
    total_results: total,
    ...(end < total ? { next_cursor: cursorAt(end) } : {}),
  };
}
