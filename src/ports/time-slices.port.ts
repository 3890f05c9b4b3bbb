import { portToken, type PortToken } from './port-token.js';

/**
 * A computation written as a generator that yields (nothing) where it may pause: the domain's
 * `Stepwise<T>` (src/domain/shared/stepwise.ts), spelled here because ports import no domain.
 */
export type PausableWork<T> = Generator<void, T, void>;

/**
 * Runs pausable work in short time slices, so no step of one request holds the event loop for
 * more than the 50 ms the contract allows (docs/provider-data.md, "Parsing without blocking"):
 * it steps until a slice is spent, then lets I/O run (a `ping`, other requests) and goes on.
 *
 * Promise: resolves with the work's return value; rejects with what the work threw; when
 * `signal` aborts, the work is closed between two slices and the promise rejects with an error
 * whose `name` is `SlicedWorkAborted`.
 */
export interface TimeSlices {
  run<T>(work: PausableWork<T>, signal?: AbortSignal): Promise<T>;
}

/** Service identifier of the {@link TimeSlices} port. */
export const TimeSlicesId: PortToken<TimeSlices> = portToken('qiongli.TimeSlices');
