/**
 * Loopback proxies that misbehave at the `CONNECT` step (issue 24, rows 1 and 2): real TCP
 * servers on 127.0.0.1 that count the connections they accept and know which are still open.
 * - `tarpit`: accepts, reads the `CONNECT`, never answers;
 * - `drip`: answers a `200` status line, then one header byte every 100 ms, never ending the headers;
 * - `closer`: closes the connection as soon as it has read the `CONNECT`.
 */
import { createServer, type Socket } from 'node:net';

export type ProxyBehaviour = 'tarpit' | 'drip' | 'closer';

/** A running hostile proxy. */
export interface HostileProxy {
  /** `http://127.0.0.1:<port>`, for `HTTPS_PROXY`. */
  readonly url: string;
  /** Connections accepted so far. */
  connections(): number;
  /** Connections still open. */
  open(): number;
  /** Resolves once no accepted connection is open, or with `false` after `withinMs`. */
  allClosed(withinMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export async function startHostileProxy(behaviour: ProxyBehaviour): Promise<HostileProxy> {
  let accepted = 0;
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    socket.once('data', () => {
      if (behaviour === 'closer') socket.destroy();
      if (behaviour === 'drip') {
        socket.write('HTTP/1.1 200 Connection established\r\nx-drip: ');
        const timer = setInterval(() => socket.write('a'), 100);
        timers.add(timer);
        socket.on('close', () => {
          clearInterval(timer);
          timers.delete(timer);
        });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no loopback address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    connections: () => accepted,
    open: () => sockets.size,
    async allClosed(withinMs) {
      const until = Date.now() + withinMs;
      while (sockets.size > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
      return sockets.size === 0;
    },
    close: () =>
      new Promise((resolve) => {
        for (const timer of timers) clearInterval(timer);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
