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
  let exited = false;
  const exit = (code: number): void => {
    if (exited) return;
    exited = true;
    io.exit(code);
  };
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    // flush() never rejects; an output failure during it arrives through `failed` first.
    void transport.flush().then(() => exit(0));
  };
  const connection = new McpConnection(
    transport,
    container.get(ToolRegistryId),
    container.get(ServerIdentityId),
    {
      finished: stop,
      failed: (reason) => {
        if (exited) return;
        io.writeStderr(`error: ${reason}\n`);
        exit(1);
      },
    },
  );
  io.onSignal(() => {
    connection.abortAll();
    stop();
  });
  connection.start();
}
