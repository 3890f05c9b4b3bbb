/** One reserved request start in a lane; the pacer may move it earlier, never later. */
export interface PacedStart {
  start: number;
}

/** One lane's state: the starts that counted, the ones still waiting, and a signal for moves. */
interface Lane {
  /** Starts of requests sent and not given back (only the latest matters; old ones are pruned). */
  readonly sent: Set<PacedStart>;
  /** Reserved starts not yet sent, in reservation order. */
  readonly waiting: PacedStart[];
  nextStart: number;
  moved: AbortController;
}

/**
 * Polite request pacing inside one process: at most one request start per lane (a provider or
 * another source) per interval. Slots are reserved synchronously, so concurrent searches queue
 * in call order. A request that never reached the provider (it could not resolve the name,
 * connect, or pass the proxy or TLS) does not count: its slot is given back and every later
 * start moves up (issue 19: four queued offline arXiv searches took 11 s).
 */
export class RequestPacer {
  private readonly lanes = new Map<string, Lane>();

  /**
   * Reserves the earliest start in `lane` not before `now` and at least `intervalMs` after the
   * previous reserved start. `undefined` (nothing reserved) when that start would fall after
   * `latestStart`. The caller waits until the slot's `start` (re-reading it when
   * {@link movedSignal} fires), then calls {@link sent}.
   */
  reserve(lane: string, intervalMs: number, now: number, latestStart: number): PacedStart | undefined {
    const state = this.laneOf(lane, now);
    const start = Math.max(now, state.nextStart);
    if (start > latestStart) return undefined;
    state.nextStart = start + Math.max(0, intervalMs);
    const slot = { start };
    state.waiting.push(slot);
    return slot;
  }

  /** The slot's request is being sent now. */
  sent(lane: string, slot: PacedStart, intervalMs: number, now: number): void {
    const state = this.laneOf(lane, now);
    const at = state.waiting.indexOf(slot);
    if (at >= 0) state.waiting.splice(at, 1);
    for (const old of state.sent) if (old.start + Math.max(0, intervalMs) <= now) state.sent.delete(old);
    state.sent.add(slot);
  }

  /**
   * The request of a sent `slot` never reached the provider: it no longer counts, and every
   * waiting start moves as early as the remaining starts allow (one interval after the latest
   * start that counted, one interval apart, not before `now`). Waiters are woken to re-read.
   */
  giveBack(lane: string, slot: PacedStart, intervalMs: number, now: number): void {
    const state = this.lanes.get(lane);
    if (state === undefined || !state.sent.delete(slot)) return;
    const step = Math.max(0, intervalMs);
    const latestSent = Math.max(-Infinity, ...[...state.sent].map((sent) => sent.start));
    let next = Math.max(now, latestSent + step);
    for (const waiting of state.waiting) {
      waiting.start = Math.min(waiting.start, next);
      next = waiting.start + step;
    }
    state.nextStart = Math.min(state.nextStart, next);
    state.moved.abort();
    state.moved = new AbortController();
  }

  /** Aborts when a waiting start of `lane` moves earlier (then re-read the slot's `start`). */
  movedSignal(lane: string, now: number): AbortSignal {
    return this.laneOf(lane, now).moved.signal;
  }

  private laneOf(lane: string, now: number): Lane {
    let state = this.lanes.get(lane);
    if (state === undefined) {
      state = { sent: new Set(), waiting: [], nextStart: now, moved: new AbortController() };
      this.lanes.set(lane, state);
    }
    return state;
  }
}
