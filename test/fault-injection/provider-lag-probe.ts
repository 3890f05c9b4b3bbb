import { performance } from 'node:perf_hooks';

/** The event-loop contract: no step of one request blocks the loop longer than this (docs/provider-data.md). */
export const CONTRACT_MS = 50;

/** What one probed run of some work measured. */
export interface LagSample<T> {
  /** The longest gap between two consecutive `setImmediate` ticks while the work ran, in ms. */
  readonly longestBlockMs: number;
  /** How many ticks ran while the work ran: more than one means the work let the loop turn. */
  readonly ticks: number;
  readonly result: T;
}

/**
 * Runs `work` while a `setImmediate` ticker records the longest gap between two ticks: the
 * longest time anything (the work's steps, garbage collection, or the machine not scheduling
 * this process) kept the event loop from turning. A synchronous `work` is one gap as long as
 * it runs.
 */
export async function probeLag<T>(work: () => Promise<T> | T): Promise<LagSample<T>> {
  let last = performance.now();
  let longestBlockMs = 0;
  let ticks = 0;
  let running = true;
  const tick = (): void => {
    const now = performance.now();
    longestBlockMs = Math.max(longestBlockMs, now - last);
    last = now;
    ticks += 1;
    if (running) setImmediate(tick);
  };
  await new Promise((resolve) => setImmediate(resolve));
  last = performance.now();
  setImmediate(tick);
  const result = await work();
  longestBlockMs = Math.max(longestBlockMs, performance.now() - last);
  running = false;
  return { longestBlockMs, ticks, result };
}

/**
 * Probes `work` up to `attempts` times (default 5) and stops at the first run whose longest block is within
 * `limitMs` (the tests say so in their names: "in one of up to five runs"). A step that is really too long fails every attempt; a busy machine that once
 * descheduled this process for a while does not fail the test. Returns every sample taken.
 */
export async function probeUntilWithin<T>(work: () => Promise<T> | T, limitMs: number = CONTRACT_MS, attempts = 5): Promise<LagSample<T>[]> {
  const samples: LagSample<T>[] = [];
  for (let attempt = 0; attempt < attempts; attempt++) {
    const sample = await probeLag(work);
    samples.push(sample);
    if (sample.longestBlockMs <= limitMs) break;
  }
  return samples;
}

/**
 * The samples' longest blocks, for a test diagnostic: every run, in order, each marked against
 * the contract (`run 1: 179.6 ms (over, retried); run 2: 12.0 ms (within), 40 ticks`), so a
 * passing test never shows a bare figure over its bound (issue 19).
 */
export const describeSamples = (samples: readonly LagSample<unknown>[], limitMs: number = CONTRACT_MS): string =>
  samples
    .map(
      (sample, index) =>
        `run ${index + 1}: ${sample.longestBlockMs.toFixed(1)} ms (${sample.longestBlockMs <= limitMs ? 'within' : index === samples.length - 1 ? 'over' : 'over, retried'}), ${sample.ticks} ticks`,
    )
    .join('; ');
