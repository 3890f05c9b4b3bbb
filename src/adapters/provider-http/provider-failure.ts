import type { ProviderFailure, ProviderFailureKind, ProviderResult, TransportCause } from '../../ports/provider-client.port.js';
import type { PausableWork, TimeSlices } from '../../ports/time-slices.port.js';
import { failure } from '../../domain/shared/result.js';

export type { ProviderFailure, ProviderResult };
export { success } from '../../domain/shared/result.js';

/** The failed {@link ProviderResult} of `kind`, with the static `cause` of a connection failure when one is known. */
export const providerFailure = (kind: ProviderFailureKind, cause?: TransportCause): ProviderResult<never> =>
  failure(cause === undefined ? { kind } : { kind, cause });

/**
 * Runs a stepwise parse of a provider body in time slices, so no body blocks the event loop
 * (docs/provider-data.md): a thrown error (a malformed body) → `decode_error`, an abort of
 * `signal` → `cancelled`.
 */
export async function parseInSlices<T>(slices: TimeSlices, task: PausableWork<ProviderResult<T>>, signal?: AbortSignal): Promise<ProviderResult<T>> {
  try {
    return await slices.run(task, signal);
  } catch (error) {
    const aborted = signal?.aborted === true || (error instanceof Error && error.name === 'SlicedWorkAborted');
    return providerFailure(aborted ? 'cancelled' : 'decode_error');
  }
}
