import type { Container } from 'inversify';
import type { Readable, Writable } from 'node:stream';
import { StdioTransport } from '../adapters/transport/index.js';
import { EXIT_FAILURE, EXIT_OK } from '../adapters/cli/exit-codes.js';
import { mcpConnection } from './mcp-connection.js';
import { SetupPagesId } from '../ports/setup-page.port.js';

/** The streams one MCP session runs over, and how it may be stopped. */
export interface ServeStreams {
  /** MCP frames from the client (line-delimited JSON or Content-Length framing). */
  readonly input: Readable;
  /** MCP frames to the client; nothing else is ever written to it. */
  readonly output: Writable;
  /** Where `error: <reason-code>` lines go (default: nowhere). Only static reason codes are written. */
  readonly writeDiagnostics?: (text: string) => void;
  /**
   * Stops the session when aborted: reading stops, in-flight work is aborted, queued frames get
   * at most {@link STOP_GRACE_MS}, then the promise resolves with 0.
   */
  readonly signal?: AbortSignal;
}

/**
 * How long frames already queued get after a stop before the session ends anyway: well inside
 * the 2 s the product promises, so a peer that stopped reading cannot keep the process alive.
 */
export const STOP_GRACE_MS = 1000;

/**
 * Serves MCP over any readable/writable pair with the tools of `container` (a host embedding
 * Qiongli in-process, a test, or `bin/qiongli` over stdio). Resolves with the exit code the
 * command line uses:
 * - 0 at end of input, once every request read before it is answered and written;
 * - 1 when the input broke off (truncated or invalid frame, read error), after those answers,
 *   with `error: <reason-code>` to `writeDiagnostics`;
 * - 1 at once when the output fails (`stdout-closed`, `write-failure`): in-flight work is aborted;
 * - 0 after a stop through `signal` (see {@link ServeStreams.signal}).
 * Never rejects.
 */
export function serveStreams(container: Container, streams: ServeStreams): Promise<number> {
  if (streams.signal?.aborted) return Promise.resolve(EXIT_OK);
  return new Promise((resolve) => {
    const transport = new StdioTransport(streams.input, streams.output);
    let ended = false;
    const end = (code: number): void => {
      if (ended) return;
      ended = true;
      // A setup page (Standard) lives no longer than the session that opened it.
      if (container.isBound(SetupPagesId)) void container.get(SetupPagesId).close();
      resolve(code);
    };
    const fail = (reason: string): void => {
      if (ended) return;
      streams.writeDiagnostics?.(`error: ${reason}\n`);
      end(EXIT_FAILURE);
    };
    const lifecycle = {
      // flush() never rejects; an output failure during it arrives through `failed` first.
      finished: (failure?: string) => void transport.flush().then(() => (failure === undefined ? end(EXIT_OK) : fail(failure))),
      failed: fail,
    };
    const connection = mcpConnection(container, transport, lifecycle);
    const stop = (): void => {
      connection.stop();
      const deadline = setTimeout(() => end(EXIT_OK), STOP_GRACE_MS);
      void transport.flush().then(() => {
        clearTimeout(deadline);
        end(EXIT_OK);
      });
    };
    streams.signal?.addEventListener('abort', stop, { once: true });
    connection.start();
  });
}
