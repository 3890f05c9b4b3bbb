/** How an {@link InflightBound} holds and releases the input of its connection. */
export interface ReadingControl {
  pauseReading(): void;
  resumeReading(): void;
}

/**
 * Bounds the answers a connection has pending (tool calls waiting on I/O), single requests and
 * batch elements alike. At `max` pending it pauses reading; batch elements that would start
 * past the bound wait in a queue instead (a batch is read whole, so reading alone cannot hold
 * them back). Reading resumes once the queue is empty and at most half of `max` are pending.
 * So a peer cannot make the server run, or hold the answers of, more than about `max` calls
 * at once, however it packs them.
 */
export class InflightBound {
  private pending = 0;
  private holding = false;
  private stopped = false;
  private readonly waiting: (() => void)[] = [];

  /**
   * @param settled called after each tracked answer settled and its callback ran
   */
  constructor(
    private readonly max: number,
    private readonly reading: ReadingControl,
    private readonly settled: () => void,
  ) {}

  /** Whether one more answer may start now. */
  get hasRoom(): boolean {
    return this.pending < this.max;
  }

  /** Nothing pending, nothing waiting to start. */
  get idle(): boolean {
    return this.pending === 0 && this.waiting.length === 0;
  }

  /**
   * Counts `answer` until it settles, then passes its value to `done` (`null` when it
   * rejected, which the callers' promises never do). `done` runs before the count drops.
   */
  track<T>(answer: Promise<T | null>, done: (value: T | null) => void): void {
    this.pending++;
    if (!this.hasRoom) this.hold();
    const finish = (value: T | null): void => {
      done(value);
      this.pending--;
      this.release();
    };
    answer.then(finish, () => finish(null));
  }

  /** Runs `start` as soon as there is room (call it only when {@link hasRoom} is false). */
  whenRoom(start: () => void): void {
    this.waiting.push(start);
    this.hold();
  }

  /** Drops every waiting start and never resumes reading again (the server is stopping). */
  stop(): void {
    this.stopped = true;
    this.waiting.length = 0;
  }

  private hold(): void {
    if (this.holding || this.stopped) return;
    this.holding = true;
    this.reading.pauseReading();
  }

  private release(): void {
    while (this.hasRoom && this.waiting.length > 0) (this.waiting.shift() as () => void)();
    if (this.holding && !this.stopped && this.waiting.length === 0 && this.pending <= this.max / 2) {
      this.holding = false;
      this.reading.resumeReading();
    }
    this.settled();
  }
}
