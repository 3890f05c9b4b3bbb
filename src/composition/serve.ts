import type { Container } from 'inversify';
import type { Readable, Writable } from 'node:stream';
import { McpConnection } from '../adapters/mcp/connection.js';
import { StdioTransport } from '../adapters/transport/index.js';
import { ServerIdentityId, ToolRegistryId } from './identifiers.js';

/** The process surface the server needs; `bin/qiongli` passes the real one. */
export interface ServeIo {
  readonly stdin: Readable;
  readonly stdout: Writable;
  /** Diagnostics channel; only static reason codes are ever written to it. */
  readonly writeStderr: (text: string) => void;
  readonly exit: (code: number) => void;
  /** Registers a handler for SIGINT/SIGTERM. */
  readonly onSignal: (handler: () => void) => void;
}

/**
 * Serves MCP over stdio until end of input (exit 0 once every request read has been answered),
 * a fatal transport failure (`error: <reason-code>` on stderr, exit 1) or SIGINT/SIGTERM
 * (in-flight work aborted, queued writes flushed, exit 0).
 */
export function serve(container: Container, io: ServeIo): void {
  const transport = new StdioTransport(io.stdin, io.stdout);
  let stopping = false;
  const stop = (code: number): void => {
    if (stopping) return;
    stopping = true;
    transport.flush().then(
      () => io.exit(code),
      () => io.exit(code),
    );
  };
  const connection = new McpConnection(
    transport,
    container.get(ToolRegistryId),
    container.get(ServerIdentityId),
    {
      finished: () => stop(0),
      failed: (reason) => {
        if (stopping) return;
        stopping = true;
        io.writeStderr(`error: ${reason}\n`);
        io.exit(1);
      },
    },
  );
  io.onSignal(() => {
    connection.abortAll();
    stop(0);
  });
  connection.start();
}
