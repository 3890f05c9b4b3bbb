import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';

/** How long a page and its clients may take (docs/setup-page.md#bounds). */
export interface PageTimings {
  /** The page closes this long after it opened: 10 minutes. */
  readonly lifetimeMs: number;
  /** A client must send its request headers within this: 10 s. */
  readonly headersTimeoutMs: number;
  /** ... and its whole request, body included, within this: 20 s. */
  readonly requestTimeoutMs: number;
  /** How often the listener checks those two deadlines: 1 s. */
  readonly checkIntervalMs: number;
}

/** The bounds the product uses. */
export const PAGE_TIMINGS: PageTimings = { lifetimeMs: 10 * 60_000, headersTimeoutMs: 10_000, requestTimeoutMs: 20_000, checkIntervalMs: 1_000 };

/** At most this many connections at once (a browser opens a handful). */
const MAX_CONNECTIONS = 32;

/**
 * The page's HTTP listener, not yet listening, with its bounds: the header and request
 * timeouts, 16 KiB of headers, {@link MAX_CONNECTIONS} connections. Node's header timeout starts
 * with a connection's first byte, so a connection that sends none would keep its slot for ever:
 * such a connection is closed once the header timeout passed without a byte.
 */
export function pageListener(timings: PageTimings): Server {
  const server = createServer({
    headersTimeout: timings.headersTimeoutMs,
    requestTimeout: timings.requestTimeoutMs,
    connectionsCheckingInterval: timings.checkIntervalMs,
    keepAliveTimeout: 5_000,
    maxHeaderSize: 16 * 1024,
  });
  server.maxConnections = MAX_CONNECTIONS;
  // Node's header timeout starts with the first byte: a connection that sends none would keep
  // its slot for ever. Close it once the header timeout passed without a byte.
  server.on('connection', (socket: Socket) => {
    const idle = setTimeout(() => {
      if (socket.bytesRead === 0) socket.destroy();
    }, timings.headersTimeoutMs);
    idle.unref();
    socket.once('close', () => clearTimeout(idle));
  });
  return server;
}
