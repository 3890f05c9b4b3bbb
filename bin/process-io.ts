import type { MainIo } from '../src/composition/main.js';

/**
 * The real process surface: stdio, exit, SIGINT/SIGTERM, and the last-resort handlers of
 * exceptions and rejections that escaped everything else. `bin/qiongli` runs on it; so does a
 * test harness that serves an injected container in a process of its own.
 */
export function processIo(): MainIo {
  return {
    stdin: process.stdin,
    stdout: process.stdout,
    writeStdout: (text) => process.stdout.write(text),
    writeStderr: (text) => process.stderr.write(text),
    exit: (code) => process.exit(code),
    onSignal: (handler) => {
      process.once('SIGINT', handler);
      process.once('SIGTERM', handler);
    },
    onUncaught: (handler) => {
      process.on('uncaughtException', handler);
      process.on('unhandledRejection', handler);
    },
  };
}
