import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Agent, type Dispatcher } from 'undici';

/** A real HTTP server on 127.0.0.1 (port 0) that records requests and socket closes. */
export interface LoopbackServer {
  readonly origin: string;
  /** Request paths in arrival order. */
  readonly paths: string[];
  /** Resolves when the socket of the first request closes. */
  readonly firstSocketClosed: Promise<void>;
  /** Resolves when the first request arrives. */
  readonly firstRequest: Promise<IncomingMessage>;
  close(): Promise<void>;
}

/** A server listening on 127.0.0.1 (port 0): its port, and a close that destroys open sockets first. */
export async function listenOnLoopback(server: Server): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Starts a loopback server that answers with `handler`. */
export async function startLoopback(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<LoopbackServer> {
  const paths: string[] = [];
  let socketClosed!: () => void;
  let requestArrived!: (request: IncomingMessage) => void;
  const firstSocketClosed = new Promise<void>((resolve) => (socketClosed = resolve));
  const firstRequest = new Promise<IncomingMessage>((resolve) => (requestArrived = resolve));
  const server: Server = createServer((request, response) => {
    paths.push(request.url ?? '');
    if (paths.length === 1) {
      request.socket.once('close', () => socketClosed());
      requestArrived(request);
    }
    handler(request, response);
  });
  const { port, close } = await listenOnLoopback(server);
  return { origin: `http://127.0.0.1:${port}`, paths, firstSocketClosed, firstRequest, close };
}

/**
 * Test-only dispatcher: a plain undici Agent (with the given connect timeout) whose every
 * request is re-targeted from the constant provider origin to a loopback http origin. The
 * adapter still builds its real https URLs; only where the bytes go changes.
 */
export function loopbackDispatcher(origin: string, connectMs = 1000): { dispatcher: Dispatcher; agent: Agent } {
  const agent = new Agent({ connect: { timeout: connectMs } });
  const dispatcher = agent.compose((dispatch) => (options, handler) => dispatch({ ...options, origin }, handler));
  return { dispatcher, agent };
}
