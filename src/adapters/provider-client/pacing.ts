import type { ProviderId } from '../../ports/config-source.port.js';

/**
 * Polite request pacing inside one process: at most one request start per provider per
 * interval. Slots are reserved synchronously, so concurrent searches queue in call order.
 */
export class RequestPacer {
  private readonly nextStart = new Map<ProviderId, number>();

  /**
   * Reserves the earliest start for `provider` not before `now` and at least `intervalMs`
   * after the previous reserved start. Returns how long to wait, or `undefined` (nothing
   * reserved) when that start would fall after `latestStart`.
   */
  reserve(provider: ProviderId, intervalMs: number, now: number, latestStart: number): number | undefined {
    const start = Math.max(now, this.nextStart.get(provider) ?? now);
    if (start > latestStart) return undefined;
    this.nextStart.set(provider, start + Math.max(0, intervalMs));
    return start - now;
  }
}
