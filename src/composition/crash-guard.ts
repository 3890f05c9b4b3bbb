/** What the crash guard needs from the process that runs the server. */
export interface CrashGuardIo {
  readonly writeStderr: (text: string) => void;
  readonly exit: (code: number) => void;
  /**
   * Registers the handler of an exception, or a promise rejection, that escaped every other
   * handler (`uncaughtException` and `unhandledRejection` on a real process).
   */
  readonly onUncaught: (handler: () => void) => void;
}

/** The line an escaped exception leaves on stderr: a static reason code, nothing else. */
export const INTERNAL_FAILURE_LINE = 'error: internal-failure\n';

const guarded = new WeakSet<CrashGuardIo>();

/**
 * Makes an exception that escapes everything end the process as the product promises: one
 * static line on stderr and exit 1. The exception itself is never printed — Node's default
 * would print the bundle's source line and a stack with absolute paths. Installing it twice
 * through the same `io` does nothing.
 */
export function guardAgainstCrashes(io: CrashGuardIo): void {
  if (guarded.has(io)) return;
  guarded.add(io);
  let reported = false;
  io.onUncaught(() => {
    if (!reported) {
      reported = true;
      try {
        io.writeStderr(INTERNAL_FAILURE_LINE);
      } catch {
        // stderr is gone as well: the exit code still tells.
      }
    }
    io.exit(1);
  });
}
