import type { Stepwise } from '../../domain/shared/stepwise.js';
import type { TimeSlices } from '../../ports/time-slices.port.js';

/**
 * Longest time, in ms, a stepwise computation runs before it gives the event loop a turn.
 * Far below the 50 ms contract, so one slice plus one slow step plus the ping's own handling
 * still fit (docs/provider-data.md).
 */
const SLICE_MS = 8;

/** Thrown (static message) when the signal aborts a computation between two slices. */
class SlicedWorkAborted extends Error {
  constructor() {
    super('sliced work aborted');
    this.name = 'SlicedWorkAborted';
  }
}

/**
 * Runs a stepwise computation in time slices: it steps until a slice of {@link SLICE_MS} is
 * spent, then continues from `setImmediate`, so I/O callbacks (a `ping` on stdin, other
 * requests) run between slices. The first slice starts at once. When `signal` aborts, the
 * computation is closed between two slices and the promise rejects with
 * {@link SlicedWorkAborted}; an exception thrown by the computation rejects the promise.
 */
export function runInSlices<T>(task: Stepwise<T>, signal?: AbortSignal, sliceMs: number = SLICE_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const slice = (): void => {
      if (signal?.aborted) {
        task.return(undefined as never);
        return reject(new SlicedWorkAborted());
      }
      const deadline = performance.now() + sliceMs;
      try {
        for (;;) {
          const step = task.next();
          if (step.done) return resolve(step.value);
          if (performance.now() >= deadline) break;
        }
      } catch (error) {
        return reject(error);
      }
      setImmediate(slice);
    };
    slice();
  });
}

/**
 * The {@link TimeSlices} port over {@link runInSlices}: the one the composition root injects
 * into the adapters that parse in slices (the provider HTTP kernel and its clients).
 */
export const eventLoopSlices: TimeSlices = { run: (work, signal) => runInSlices(work, signal) };
