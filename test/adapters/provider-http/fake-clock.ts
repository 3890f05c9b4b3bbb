import type { ProviderClock } from '../../../src/adapters/provider-http/clock.js';

/** A clock that never waits: `sleep` moves time forward at once and records the wait. */
export class FakeClock implements ProviderClock {
  /** Every wait asked for, in order (pacing and Retry-After). */
  readonly sleeps: number[] = [];
  private current: number;

  constructor(start = Date.parse('2026-03-01T12:00:00Z')) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  async sleep(ms: number, signal: AbortSignal): Promise<void> {
    if (signal.aborted) throw new Error('aborted');
    this.sleeps.push(ms);
    this.current += ms;
  }

  /** Moves time forward without a recorded wait (between searches). */
  advance(ms: number): void {
    this.current += ms;
  }
}
