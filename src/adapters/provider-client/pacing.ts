/**
 * Polite request pacing inside one process: at most one request start per lane (a provider or
 * another source) per interval. Slots are reserved synchronously, so concurrent searches queue in call order.
 */
export class RequestPacer {
  private readonly nextStart = new Map<string, number>();

  /**
   * Reserves the earliest start in `lane` not before `now` and at least `intervalMs`
   * after the previous reserved start. Returns how long to wait, or `undefined` (nothing
   * reserved) when that start would fall after `latestStart`.
   */
  reserve(lane: string, intervalMs: number, now: number, latestStart: number): number | undefined {
    const start = Math.max(now, this.nextStart.get(lane) ?? now);
    if (start > latestStart) return undefined;
    this.nextStart.set(lane, start + Math.max(0, intervalMs));
    return start - now;
  }
}
