/**
 * Runs `work` with a signal that aborts when `signal` does or after `ms`, whichever comes first;
 * the timer and the listener are released when `work` settles. An explicit timer, cleared at the
 * end, rather than `AbortSignal.timeout`: a timeout signal that only `AbortSignal.any` refers to
 * may be collected before it fires, and the work would then never end.
 */
export async function withDeadline<T>(signal: AbortSignal, ms: number, work: (deadline: AbortSignal) => Promise<T>): Promise<T> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), ms);
  const cancel = (): void => deadline.abort();
  signal.addEventListener('abort', cancel, { once: true });
  if (signal.aborted) deadline.abort();
  try {
    return await work(deadline.signal);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', cancel);
  }
}
