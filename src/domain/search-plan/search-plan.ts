/**
 * Search planning (docs/tools.md#6-qiongli_search_plan). Public API of this folder:
 *
 * - `searchPlanInput` / `searchPlanOutput` / `searchPlanMessagePrecedence` and `planSearch` — the
 *   `qiongli_search_plan` tool (validate with `parseArguments`, then run `planSearch`).
 * - `buildSearchPlan(request, readyProviders)` — the pure planner, for literature search, which
 *   embeds `buildSearchPlan({ query, searchMode }, attemptedProviders)` (docs/providers.md#how-a-search-runs step 8) and
 *   can nest `searchPlanOutput` in its own output schema. Stable: fields may be added to
 *   `SearchPlanRequest` only as optional ones.
 */
import type { SettingsReading } from '../../ports/config-source.port.js';
import { assessReadiness, readyProviders } from '../provider-readiness/provider-readiness.js';
import { configUnavailable, type ToolFailure } from '../shared/tool-failure.js';
import { success, type Result } from '../shared/result.js';
import { buildSearchPlan } from './build-search-plan.js';
import type { SearchPlanArguments } from './search-plan-input.js';
import type { SearchPlan } from './search-plan-output.js';
import { resolveSearchPlanRequest } from './search-plan-request.js';

export { buildSearchPlan, PLAN_PROVIDER_ORDER } from './build-search-plan.js';
export { searchPlanInput, searchPlanMessagePrecedence, SEARCH_PLAN_ALIASES, type SearchPlanArguments } from './search-plan-input.js';
export { searchPlanOutput, queryEntrySchema, type SearchPlan } from './search-plan-output.js';

/**
 * The `qiongli_search_plan` use case (docs/tools.md#6-qiongli_search_plan): plans, never searches.
 *
 * Takes arguments already validated by `searchPlanInput`, the settings reading and whether the
 * secret store is available. Returns the plan routed to the ready providers; `invalid_arguments`
 * when a canonical name and an alias are both present or `from_year` > `to_year` (argument
 * checks come first, as upstream); the tool error `native-config-unavailable` when the settings
 * are unavailable. Resolves no secret, opens nothing, echoes only the request's own texts.
 */
export function planSearch(args: SearchPlanArguments, reading: SettingsReading, secretStoreAvailable: boolean): Result<SearchPlan, ToolFailure> {
  const request = resolveSearchPlanRequest(args);
  if (!request.ok) return request;
  if (reading.status === 'unavailable') return configUnavailable(reading.rule);
  const ready = readyProviders(assessReadiness(reading.settings, secretStoreAvailable));
  return success(buildSearchPlan(request.value, ready));
}
