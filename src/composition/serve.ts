import type { Container } from 'inversify';
import type { Readable, Writable } from 'node:stream';
import { McpConnection } from '../adapters/mcp/connection.js';
import { StdioTransport } from '../adapters/transport/index.js';
import type { TransportFailure } from '../ports/transport.port.js';
import { guardAgainstCrashes, type CrashGuardIo } from './crash-guard.js';
import { ServerIdentityId, ToolRegistryId } from './identifiers.js';

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
 * How long frames already queued get after SIGINT/SIGTERM before the process exits anyway:
 * well inside the 2 s the product promises, so a peer that stopped reading cannot keep the
 * process alive.
 */
export const STOP_GRACE_MS = 1000;

/**
 * Serves MCP over stdio until:
 * - end of input: every request read before it is answered, then exit 0 — or, when the input
 *   broke off (truncated or invalid frame, read error), `error: <reason-code>` and exit 1
 *   after those answers;
 * - an output failure (`stdout-closed`, `write-failure`): in-flight work is aborted,
 *   `error: <reason-code>` and exit 1 at once;
 * - SIGINT/SIGTERM: reading stops, in-flight work is aborted, queued frames get at most
 *   {@link STOP_GRACE_MS}, then exit 0.
 * An exception that escapes everything ends the process with `error: internal-failure` and
 * exit 1 (see {@link guardAgainstCrashes}); the guard is installed through `io`, so whoever
 * owns the process decides how it is wired.
 */
export function serve(container: Container, io: ServeIo): void {
  guardAgainstCrashes(io);
  const transport = new StdioTransport(io.stdin, io.stdout);
  let exited = false;
  const exit = (code: number): void => {
    if (exited) return;
    exited = true;
    io.exit(code);
  };
  const fail = (reason: TransportFailure): void => {
    if (exited) return;
    io.writeStderr(`error: ${reason}\n`);
    exit(1);
  };
  const connection = new McpConnection(transport, container.get(ToolRegistryId), container.get(ServerIdentityId), {
    // flush() never rejects; an output failure during it arrives through `failed` first.
    finished: (failure) => void transport.flush().then(() => (failure === undefined ? exit(0) : fail(failure))),
    failed: fail,
  });
  let stopping = false;
  io.onSignal(() => {
    if (stopping) return;
    stopping = true;
    connection.stop();
    const deadline = setTimeout(() => exit(0), STOP_GRACE_MS);
    void transport.flush().then(() => {
      clearTimeout(deadline);
      exit(0);
    });
  });
  connection.start();
}
