import { PROVIDER_IDS, type ConfigSource } from '../../ports/config-source.port.js';
import { ProviderRuntimeUnavailableError, type ProviderClient } from '../../ports/provider-client.port.js';
import type { SecretStore } from '../../ports/secret-store.port.js';
import { assessReadiness, readyProviders } from '../provider-readiness/provider-readiness.js';
import { configUnavailable, invalidArguments, toolError, type ToolFailure } from '../shared/tool-failure.js';
import { success, type Result } from '../shared/result.js';
import { embeddedSearchPlan } from './embedded-search-plan.js';
import { LITERATURE_SEARCH_MESSAGES, resolveSearchLimits, type LiteratureSearchArguments } from './literature-search-input.js';
import type { LiteratureSearchResult } from './literature-search-output.js';
import { keylessFallbackWarning, resolveProviderAccess } from './provider-credentials.js';
import { mergeSearchResultsStepwise } from './merge-search-results.js';
import { finishNow, type Stepwise } from '../shared/stepwise.js';
import { runProviders, type LiteratureSearchContext, type ProviderRun } from './run-providers.js';
import { notRunDiagnostics, summariseRuns } from './search-diagnostics.js';
import { noDoiLookupWarning, resolveSearchSteering, WITHOUT_DOI_LOOKUP } from './search-steering.js';
import { abstractsLeftOutWarning, boundAbstracts } from './abstract-budget.js';
import { DEFAULT_PAGE_SIZE } from './literature-search-messages.js';
import { searchPage } from './search-answer.js';
import { searchBinding } from './search-binding.js';
import { measureRecordsStepwise, openSearchCursor, sealSearchCursor, type HeldSearch, type SearchPaging } from './search-pages.js';

/**
 * The ports a literature search uses. `providers` is searched only when a provider is
 * attempted (the composition root's client loads the HTTP adapter on its first search).
 */
export interface LiteratureSearchDeps {
  readonly config: ConfigSource;
  readonly secrets: SecretStore;
  readonly providers: ProviderClient;
  /**
   * Runs the stepwise merge of the provider answers; the MCP adapter passes a runner that
   * gives the event loop a turn between steps. Default: run it at once.
   */
  readonly pace?: <T>(task: Stepwise<T>, signal: AbortSignal) => Promise<T>;
  /** Seals cursors and holds the merged lists they page through (docs/tools.md#paging-a-search). */
  readonly paging: SearchPaging;
}

const runAtOnce = <T>(task: Stepwise<T>): Promise<T> => Promise.resolve(finishNow(task));

/**
 * `qiongli_literature_search` (docs/tools.md#7-qiongli_literature_search, docs/providers.md#how-a-search-runs): searches every attempted provider at once,
 * dedupes, ranks and cuts the records, and reports per-provider diagnostics.
 *
 * Attempted = search order ∩ ready ∩ `providers` argument. A provider is asked with its key when
 * the key resolves now, keyless otherwise; a key the settings name that cannot be used adds the
 * static warning `<provider>: key_missing|secret_store_unavailable (searched keyless)` (see
 * {@link resolveProviderAccess}). None → `warning` / `not_run` without creating or calling the
 * provider client.
 *
 * Steering (docs/tools.md#7-qiongli_literature_search, see {@link resolveSearchSteering}): title or DOI matching, years
 * and abstracts go to every provider; years and venue also filter the merged records; `sort`
 * orders them before the cut. A `doi` search leaves out the providers without DOI lookup
 * (arXiv), each with a static warning. Abstracts together stay within 2 MiB (see
 * {@link boundAbstracts}); records past it lose theirs, with a warning.
 *
 * Failures: both `limit` and `per_provider_limit` → invalid arguments `conflicting aliases for
 * per_provider_limit`; reversed years or a `doi` query that is not one DOI → invalid arguments
 * (static messages); configuration unavailable → `native-config-unavailable`; the provider
 * client cannot be built ({@link ProviderRuntimeUnavailableError}) → `provider-runtime-unavailable`. Provider failures are not failures of the
 * call: they become diagnostics. When the signal aborts, the search settles promptly with the
 * unfinished providers `cancelled` (the MCP layer drops that response).
 */
export async function searchLiterature(
  args: LiteratureSearchArguments,
  deps: LiteratureSearchDeps,
  context: LiteratureSearchContext,
): Promise<Result<LiteratureSearchResult, ToolFailure>> {
  const limits = resolveSearchLimits(args);
  if (limits === null) return invalidArguments(LITERATURE_SEARCH_MESSAGES.aliasConflict);
  const steering = resolveSearchSteering(args);
  if (!steering.ok) return steering;
  const binding = searchBinding(args, limits, steering.value.results);
  const page = { pageSize: args.page_size ?? DEFAULT_PAGE_SIZE, includePlan: args.include_plan === true };
  if (args.cursor !== undefined) return nextPage(deps.paging, binding, args.cursor, page, context);
  const { query, searchBy, request, results: resultOptions } = steering.value;
  const reading = await deps.config.read();
  if (reading.status !== 'available') return configUnavailable(reading.rule);
  const { settings } = reading;
  const ready = readyProviders(assessReadiness(settings, deps.secrets.available));
  const plan = embeddedSearchPlan(args.query.trim(), args.search_mode, ready, resultOptions);
  const wanted = args.providers === undefined ? undefined : new Set(args.providers);
  const asked = PROVIDER_IDS.filter((id) => ready.includes(id) && (wanted === undefined || wanted.has(id)));
  const leftOut = searchBy === 'doi' ? asked.filter((id) => WITHOUT_DOI_LOOKUP.has(id)) : [];
  const leftOutWarnings = leftOut.map(noDoiLookupWarning);
  const candidates = asked.filter((id) => !leftOut.includes(id));
  const grants = await resolveProviderAccess(candidates, settings, deps.secrets);
  const attempted = new Map([...grants].map(([id, grant]) => [id, grant.credentials]));
  const notes = [
    ...leftOutWarnings,
    ...[...grants].flatMap(([id, grant]) => (grant.fallback === undefined ? [] : [keylessFallbackWarning(id, grant.fallback)])),
  ];
  if (attempted.size === 0) {
    const held: HeldSearch = { records: [], sizes: [], status: 'warning', diagnostics: notRunDiagnostics(notes), plan, attempted: 0 };
    return success(searchPage(held, { offset: 0, pageSize: page.pageSize, fullPlan: true }, () => ''));
  }

  let runs: ProviderRun[];
  try {
    runs = await runProviders(deps.providers, { query, perProviderLimit: limits.perProvider, attempted, steering: request }, context);
  } catch (error) {
    if (error instanceof ProviderRuntimeUnavailableError) return toolError('provider-runtime-unavailable');
    throw error;
  }
  const pace = deps.pace ?? runAtOnce;
  const batches = runs.flatMap((run) => (run.outcome.ok ? [{ provider: run.provider, records: run.outcome.value.records }] : []));
  const results = await pace(mergeSearchResultsStepwise(batches, query, limits.total, resultOptions), context.signal);
  const abstractsLeftOut = boundAbstracts(results);
  const { status, diagnostics } = summariseRuns(runs, results.length, notes);
  if (abstractsLeftOut > 0) diagnostics.warnings.push(abstractsLeftOutWarning(abstractsLeftOut));
  const sizes = await pace(measureRecordsStepwise(results), context.signal);
  const held: HeldSearch = { records: results, sizes, status, diagnostics, plan, attempted: attempted.size };
  // The list is held only when a second page exists; every cursor points into it.
  let list: string | undefined;
  const cursorAt = (offset: number): string => {
    list ??= deps.paging.lists.hold(held);
    return sealSearchCursor(deps.paging.tokens, binding, { list, offset });
  };
  return success(searchPage(held, { offset: 0, pageSize: page.pageSize, fullPlan: page.includePlan }, cursorAt));
}

/**
 * A cursor page: the next records of a held list, in the order of the first page, no provider
 * asked again; the progress of the search it pages replayed (one notification per provider it
 * asked). A cursor that does not open for exactly this search, or whose list was dropped, is
 * invalid arguments with one static message.
 */
function nextPage(
  paging: SearchPaging,
  binding: string,
  cursor: string,
  page: { readonly pageSize: number; readonly includePlan: boolean },
  context: LiteratureSearchContext,
): Result<LiteratureSearchResult, ToolFailure> {
  const position = openSearchCursor(paging.tokens, binding, cursor);
  const held = position === undefined ? undefined : paging.lists.find(position.list);
  if (position === undefined || held === undefined || position.offset >= held.records.length) return invalidArguments(LITERATURE_SEARCH_MESSAGES.invalidCursor);
  for (let done = 1; done <= held.attempted; done++) context.reportProgress(done, held.attempted);
  const { list } = position;
  return success(
    searchPage(held, { offset: position.offset, pageSize: page.pageSize, fullPlan: page.includePlan }, (offset) =>
      sealSearchCursor(paging.tokens, binding, { list, offset }),
    ),
  );
}
