import type { ProviderId } from '../../ports/config-source.port.js';
import type { ProviderDiagnostic, SearchDiagnostics, LiteratureSearchResult } from './literature-search-output.js';
import type { ProviderFailure } from '../../ports/provider-client.port.js';
import { failureWarning, networkHint } from '../shared/provider-warnings.js';
import type { ProviderRun } from './run-providers.js';

/** Warning of a search that attempted no provider (docs/providers.md#how-a-search-runs step 2). */
export const NO_ACTIVE_PROVIDERS_WARNING = 'no active literature providers; no network search was performed';

/** Warning of a search whose providers all answered but returned nothing (docs/providers.md#how-a-search-runs step 7). */
export const NO_RESULTS_WARNING = 'configured providers returned no results';

/**
 * Diagnostics of a search that attempted no provider: no network at all (docs/providers.md#how-a-search-runs step 2).
 * `leftOut` are the warnings of providers the search left out on purpose (listed first).
 */
export const notRunDiagnostics = (leftOut: readonly string[] = []): SearchDiagnostics => ({
  status: 'not_run',
  status_reason: 'no_active_providers',
  providers: {},
  warnings: [...leftOut, NO_ACTIVE_PROVIDERS_WARNING],
});

/** The overall status and diagnostics of a search that ran. */
export interface RunSummary {
  readonly status: LiteratureSearchResult['status'];
  readonly diagnostics: SearchDiagnostics;
}

/**
 * Summarises the provider runs (docs/providers.md#how-a-search-runs steps 4 and 7), runs in search order:
 * each provider gets `{status: "ok", count[, cached: true]}` or `{status: "error", count: 0,
 * error_kind, warning: "<provider>: <kind>"}` (a connection failure adds its static cause:
 * `arxiv: transport_error (connection refused)`; the warning also listed in `warnings`, and a
 * connection failure's hint, to check the network or `HTTPS_PROXY`, once after them).
 * Every provider ok → `ok`/`complete`, some → `warning`/`partial`, none → `error`/`failed`;
 * an `ok` search with no results becomes `warning` (diagnostics stay `complete`) with
 * {@link NO_RESULTS_WARNING} in `warnings`. `leftOut` are the warnings of providers the search
 * left out on purpose (e.g. no DOI lookup); they come first and do not change the status.
 */
export function summariseRuns(runs: readonly ProviderRun[], resultCount: number, leftOut: readonly string[] = []): RunSummary {
  const providers: Partial<Record<ProviderId, ProviderDiagnostic>> = {};
  const warnings: string[] = [...leftOut];
  const failures: ProviderFailure[] = [];
  let succeeded = 0;
  for (const { provider, outcome } of runs) {
    if (outcome.ok) {
      succeeded += 1;
      const { records, cached } = outcome.value;
      providers[provider] = cached ? { status: 'ok', count: records.length, cached: true } : { status: 'ok', count: records.length };
    } else {
      const warning = failureWarning(provider, outcome.error);
      providers[provider] = { status: 'error', count: 0, error_kind: outcome.error.kind, warning };
      warnings.push(warning);
      failures.push(outcome.error);
    }
  }
  const hint = networkHint(failures);
  if (hint !== undefined) warnings.push(hint);
  if (succeeded === runs.length) {
    if (resultCount === 0) {
      return { status: 'warning', diagnostics: { status: 'complete', providers, warnings: [...warnings, NO_RESULTS_WARNING] } };
    }
    return { status: 'ok', diagnostics: { status: 'complete', providers, warnings } };
  }
  if (succeeded > 0) return { status: 'warning', diagnostics: { status: 'partial', providers, warnings } };
  return { status: 'error', diagnostics: { status: 'failed', providers, warnings } };
}
