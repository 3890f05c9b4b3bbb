import type { Container } from 'inversify';
import type { Readable, Writable } from 'node:stream';
import { guardAgainstCrashes, type CrashGuardIo } from './crash-guard.js';
import { serveStreams } from './serve-streams.js';

/** The process surface the server needs; `bin/qiongli` passes the real one. */
export interface ServeIo extends CrashGuardIo {
  readonly stdin: Readable;
  readonly stdout: Writable;
  /** Diagnostics channel; only static reason codes are ever written to it. */
  readonly writeStderr: (text: string) => void;
  readonly exit: (code: number) => void;
  /** Registers a handler for SIGINT/SIGTERM. */
  readonly onSignal: (handler: () => void) => void;
}

/**
 * Serves MCP over the process's stdio through {@link serveStreams} and exits with the code it
 * resolves with; SIGINT/SIGTERM stop it. An exception that escapes everything ends the process
 * with `error: internal-failure` and exit 1 (see {@link guardAgainstCrashes}); the guard is
 * installed through `io`, so whoever owns the process decides how it is wired.
 */
export function serve(container: Container, io: ServeIo): void {
  guardAgainstCrashes(io);
  const stopping = new AbortController();
  io.onSignal(() => stopping.abort());
  void serveStreams(container, { input: io.stdin, output: io.stdout, writeDiagnostics: io.writeStderr, signal: stopping.signal }).then(io.exit);
}
