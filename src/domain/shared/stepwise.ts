/**
 * Stepwise computations: work on large input written as a generator that yields (nothing) at
 * points where it may pause. The domain stays free of clocks and timers; the driving adapter
 * decides when to pause (see `docs/provider-data.md`, "Parsing without blocking"). A yield
 * promises nothing about time by itself: a step between two yields should stay small (one
 * record, a few hundred values, one bounded token).
 */
export type Stepwise<T> = Generator<void, T, void>;

/** Runs a stepwise computation to its end without pausing (tests, small inputs). */
export function finishNow<T>(task: Stepwise<T>): T {
  for (;;) {
    const step = task.next();
    if (step.done) return step.value;
  }
}

/** Maps items one by one, pausing every `every` items (default: after each item). */
export function* mapStepwise<T, R>(items: readonly T[], map: (item: T) => R, every = 1): Stepwise<R[]> {
  const out: R[] = [];
  for (let index = 0; index < items.length; index++) {
    out.push(map(items[index] as T));
    if ((index + 1) % every === 0) yield;
  }
  return out;
}
