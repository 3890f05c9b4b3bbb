import type { ProviderId } from '../../ports/config-source.port.js';
import {
  ProviderRuntimeUnavailableError,
  type ProviderClient,
  type ProviderSearchOutcome,
  type ProviderSearchRequest,
} from '../../ports/provider-client.port.js';
import { failure, success } from '../shared/result.js';
import type { ProviderCredentials } from './provider-credentials.js';

/** What a running search may use besides its arguments (structurally the MCP tool-call context). */
export interface LiteratureSearchContext {
  /** Aborted when the client cancels the call; every provider request sees this signal. */
  readonly signal: AbortSignal;
  /** Reports `progress` of `total` finished providers (a no-op when the client did not ask). */
  readonly reportProgress: (progress: number, total: number) => void;
}

/** One attempted provider and its outcome, records already cut to the per-provider limit. */
export interface ProviderRun {
  readonly provider: ProviderId;
  readonly outcome: ProviderSearchOutcome;
}

/** What every attempted provider is asked. */
export interface ProviderRunPlan {
  readonly query: string;
  readonly perProviderLimit: number;
  /** Steering fields every request carries (title/DOI matching, years, abstracts); absent = a plain topic search. */
  readonly steering?: Pick<ProviderSearchRequest, 'searchBy' | 'years' | 'includeAbstracts'>;
  /** Attempted providers in search order, with their credentials. */
  readonly attempted: ReadonlyMap<ProviderId, ProviderCredentials>;
}

const CANCELLED: ProviderSearchOutcome = failure({ kind: 'cancelled' });

/**
 * Runs every attempted provider concurrently, each with the same signal (docs/providers.md#how-a-search-runs step 3).
 * After each provider finishes, reports `(finished, attempted)` — one call per provider,
 * progress increasing, all before this resolves — unless the call was cancelled.
 *
 * When the signal aborts, providers still running count as `cancelled` at once (the search
 * returns promptly even if an adapter is slow to notice); a provider that is never started
 * because the signal was already aborted counts as `cancelled` too. A client that breaks its
 * promise and throws counts as `transport_error`, so one provider cannot sink the others.
 * Rejects only with {@link ProviderRuntimeUnavailableError}, when the client cannot be built
 * (no progress is reported for a provider that could not run). Returns the runs in search order.
 */
export async function runProviders(client: ProviderClient, plan: ProviderRunPlan, context: LiteratureSearchContext): Promise<ProviderRun[]> {
  const { signal } = context;
  const total = plan.attempted.size;
  let finished = 0;
  const runOne = async (provider: ProviderId, credentials: ProviderCredentials): Promise<ProviderRun> => {
    const request: ProviderSearchRequest = {
      provider,
      query: plan.query,
      limit: plan.perProviderLimit,
      credentials,
      signal,
      ...plan.steering,
    };
    const outcome = signal.aborted ? CANCELLED : await untilAborted(searchSafely(client, request), signal);
    finished += 1;
    if (!signal.aborted) reportSafely(context, finished, total);
    return { provider, outcome: outcome.ok ? success({ ...outcome.value, records: outcome.value.records.slice(0, plan.perProviderLimit) }) : outcome };
  };
  return Promise.all([...plan.attempted].map(([provider, credentials]) => runOne(provider, credentials)));
}

async function searchSafely(client: ProviderClient, request: ProviderSearchRequest): Promise<ProviderSearchOutcome> {
  try {
    const outcome = await client.search(request);
    if (outcome.ok && !Array.isArray(outcome.value.records)) return failure({ kind: 'decode_error' });
    return outcome;
  } catch (error) {
    if (error instanceof ProviderRuntimeUnavailableError) throw error;
    return failure({ kind: 'transport_error' });
  }
}

/** Settles as the search does, or with `cancelled` as soon as the signal aborts. */
function untilAborted(search: Promise<ProviderSearchOutcome>, signal: AbortSignal): Promise<ProviderSearchOutcome> {
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(CANCELLED);
    signal.addEventListener('abort', onAbort, { once: true });
    void search.finally(() => signal.removeEventListener('abort', onAbort)).then(resolve, reject);
  });
}

function reportSafely(context: LiteratureSearchContext, progress: number, total: number): void {
  try {
    context.reportProgress(progress, total);
  } catch {
    // Progress is advisory (docs/protocol.md#in-both-eras SHOULD): a failing reporter never fails the search.
  }
}
