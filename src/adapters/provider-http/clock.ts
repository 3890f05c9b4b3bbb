import { setTimeout as delay } from 'node:timers/promises';

/**
 * Time as the provider client sees it: the pacing, retry and cache decisions read `now()` and
 * wait with `sleep()`, so tests can run them without real waiting.
 */
export interface ProviderClock {
  /** Milliseconds since the epoch (compared with `Retry-After` HTTP dates). */
  now(): number;
  /**
   * Waits `ms` milliseconds. Settles early (resolving or rejecting, either is fine) when
   * `signal` aborts; the caller checks `signal.aborted` afterwards.
   */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

/** The real clock: `Date.now()` and an abortable timer. */
export const systemClock: ProviderClock = {
  now: () => Date.now(),
  sleep: (ms, signal) => delay(ms, undefined, { signal }),
};

/** Sleeps on `clock`; `false` when `signal` aborted before or during the wait. */
export async function sleepUnlessAborted(clock: ProviderClock, ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return false;
  if (ms > 0) {
    try {
      await clock.sleep(ms, signal);
    } catch {
      // An abort rejects the wait; any other rejection is treated like an early wake-up.
    }
  }
  return !signal.aborted;
}
