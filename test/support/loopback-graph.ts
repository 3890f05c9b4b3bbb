import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Agent, type Dispatcher } from 'undici';

/** One request the loopback saw: the https host it was sent to, its path (with query) and headers. */
interface SeenRequest {
  readonly host: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  /** When it arrived (`performance.now()`). */
  readonly at: number;
}

/** What the loopback answers one request with; `hang` never answers (the socket stays open). */
export type LoopbackAnswer =
  | { readonly status: number; readonly body?: string | Buffer; readonly type?: string; readonly headers?: Readonly<Record<string, string>> }
  | 'hang';

/** Answers one request; `undefined` → 404. */
export type LoopbackRoute = (request: SeenRequest & { readonly url: URL }) => LoopbackAnswer | undefined;

/** A loopback server standing in for every provider host at once. */
export interface LoopbackGraph {
  readonly dispatcher: Dispatcher;
  readonly requests: SeenRequest[];
  /** Resolves once every request that hung has seen its socket close (the client aborted it). */
  hungSocketsClosed(count: number): Promise<void>;
  close(): Promise<void>;
}

/** A JSON answer. */
export const json = (body: unknown, status = 200): LoopbackAnswer => ({
  status,
  body: typeof body === 'string' ? body : JSON.stringify(body),
  type: 'application/json',
});

/**
 * Starts a loopback HTTP server that answers with `route`. The dispatcher re-targets every
 * request from its constant https origin to this server, prefixing the path with the original
 * host (removed before the route sees it), so the adapters' real URLs and headers are what the
 * route and the `requests` log see. `delayMs` delays every answer (default 5 ms).
 */
export async function startLoopbackGraph(route: LoopbackRoute, options: { delayMs?: number } = {}): Promise<LoopbackGraph> {
  const requests: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  let hungClosed = 0;
  const waiters: { count: number; resolve: () => void }[] = [];
  const settle = () => {
    for (const waiter of waiters.filter((candidate) => hungClosed >= candidate.count)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  const server: Server = createServer((request, response) => {
    const [, host = '', path = ''] = /^\/([^/]+)(.*)$/u.exec(request.url ?? '') ?? [];
    const seen: SeenRequest = { host, path, headers: request.headers, at: performance.now() };
    requests.push(seen);
    const answer = route({ ...seen, url: new URL(path, `https://${host}`) }) ?? { status: 404 };
    if (answer === 'hang') {
      request.socket.once('close', () => {
        hungClosed += 1;
        settle();
      });
      return;
    }
    setTimeout(() => {
      const body = answer.body === undefined ? undefined : Buffer.from(answer.body);
      response.writeHead(answer.status, {
        ...(body === undefined ? {} : { 'content-type': answer.type ?? 'application/json', 'content-length': body.length }),
        ...answer.headers,
      });
      response.end(body);
    }, options.delayMs ?? 5);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ connect: { timeout: 1000 } });
  const dispatcher = agent.compose((dispatch) => (opts, handler) => {
    const host = new URL(String(opts.origin)).host;
    return dispatch({ ...opts, origin, path: `/${host}${opts.path}` }, handler);
  });
  return {
    dispatcher,
    requests,
    hungSocketsClosed: (count) =>
      new Promise((resolve) => {
        waiters.push({ count, resolve });
        settle();
      }),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await agent.close().catch(() => undefined);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
